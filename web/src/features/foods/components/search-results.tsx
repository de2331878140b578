import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useFoodSearch } from '@/features/foods/api/search-foods';
import { useUsdaSearch } from '@/features/foods/api/search-usda-foods';
import { FoodGrid } from '@/features/foods/components/food-grid';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { foodFailureText } from '@/features/foods/utils/failure';
import type { Food } from '@/types/food';

type SearchResultsProps = { query: string; viewer: string | null; actions: FoodActions };

/** The local results first; the USDA section follows without holding them up. */
export function SearchResults({ query, viewer, actions }: SearchResultsProps) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  const { data, error } = useFoodSearch(query, viewer);

  let body;
  if (data) {
    body = data.foods.length ? (
      <FoodGrid foods={data.foods} view="search" actions={actions} />
    ) : (
      <p className="food-empty">{t('search.noResults', { query })}</p>
    );
  } else if (error) {
    body = (
      <FormMessage tone="error">
        {foodFailureText(error, { failed: t('search.failed'), error: t('search.error') })}
      </FormMessage>
    );
  } else {
    body = <Spinner label={t('search.searching')} />;
  }

  return (
    <>
      <section className="food-results" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('search.results', { query })}</h2>
        {body}
      </section>
      {data && <UsdaResults query={query} viewer={viewer} localFoods={data.foods} actions={actions} />}
    </>
  );
}

type UsdaResultsProps = SearchResultsProps & { localFoods: readonly Food[] };

/** USDA FoodData Central hits that the local results do not already show. */
function UsdaResults({ query, viewer, localFoods, actions }: UsdaResultsProps) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  const { data, error } = useUsdaSearch(query, viewer);

  const shownIds = new Set(localFoods.map((food) => food.id).filter((id) => id !== null));
  const shownFdcIds = new Set(localFoods.map((food) => food.fdc_id).filter((id) => id !== null));
  const foods = (data?.foods ?? []).filter(
    (food) => !(food.id !== null && shownIds.has(food.id)) && !(food.fdc_id !== null && shownFdcIds.has(food.fdc_id)),
  );
  // A failed USDA search is as good as USDA being away: the local results stand.
  const unavailable = error !== undefined || data?.usda_available === false;

  if (!data && !error) {
    return (
      <p className="food-usda-status" role="status">
        {t('usda.searching')}
      </p>
    );
  }
  if (!foods.length && !unavailable) return null;
  return (
    <section className="food-results food-usda" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('usda.title')}</h2>
      {unavailable && <p className="food-note">{t('usda.unavailable')}</p>}
      {foods.length > 0 && <FoodGrid foods={foods} view="search" actions={actions} />}
    </section>
  );
}
