import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useUsdaSearch } from '@/features/foods/api/search-usda-foods';
import { FoodGrid } from '@/features/foods/components/food-grid';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { useKnownFoods, useOnline } from '@/features/foods/hooks/use-known-foods';
import { caloriesTyped } from '@/features/foods/utils/calorie-query';
import { foodFailureText } from '@/features/foods/utils/failure';
import { isNamed } from '@/features/foods/utils/names';
import { filterOfflineFoods } from '@/features/foods/utils/offline';
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';
import { useFoodSearch } from '@/lib/search-foods';
import type { Food } from '@/types/food';

/** What a search that found no exact match offers instead, for the query as typed. */
export type SearchFallbacks = {
  /** Opens the custom food dialog with the query as its name. */
  onCreate: (name: string) => void;
  /**
   * Opens the basket's quick add of calories, named after the query, or holding the
   * calories a query such as "300 kcal" is; none without a basket.
   */
  onQuickAdd?: (start: { name: string; calories?: number }) => void;
};

type SearchResultsProps = { query: string; viewer: string | null; actions: FoodActions; fallbacks: SearchFallbacks };

/**
 * The local results first; the USDA section follows without holding them up. Memoised:
 * typing in the search box re-renders the page on every key, and the results (and their
 * rows) only change when the query they answer does.
 */
export const SearchResults = memo(function SearchResults({ query, viewer, actions, fallbacks }: SearchResultsProps) {
  const online = useOnline();
  const { data, error, isValidating } = useFoodSearch(online ? query : null, viewer);
  const unreachable = error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network;
  // Offline the search runs over the foods this device keeps: recent and favourites.
  if (!online || unreachable) return <OfflineResults query={query} actions={actions} fallbacks={fallbacks} />;
  return (
    <OnlineResults
      query={query}
      viewer={viewer}
      actions={actions}
      fallbacks={fallbacks}
      data={data}
      error={error}
      loading={isValidating}
    />
  );
});

type OnlineResultsProps = SearchResultsProps & {
  data: ReturnType<typeof useFoodSearch>['data'];
  error: unknown;
  loading: boolean;
};

function OnlineResults({ query, viewer, actions, fallbacks, data, error, loading }: OnlineResultsProps) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  // While a newer query is on its way, the last results stay, titled by their own query.
  const shownQuery = error || !data ? query : data.asked;

  let body;
  if (error) {
    body = (
      <FormMessage tone="error">
        {foodFailureText(error, { failed: t('search.failed'), error: t('search.error') })}
      </FormMessage>
    );
  } else if (data) {
    // Only the closest foods, or none: say so, and offer to log it another way in one tap.
    // A food named exactly as typed (in either language) is a match, whatever the ranking
    // said; "300 kcal" is calories, which the row above offers, not a food to create.
    const inexact = data.foods.length === 0 || (data.exact === false && !data.foods.some((food) => isNamed(food, data.asked)));
    body = (
      <>
        {inexact && caloriesTyped(data.asked) === null && (
          <NoExactMatch query={data.asked} found={data.foods.length > 0} fallbacks={fallbacks} />
        )}
        {data.foods.length > 0 && <FoodGrid foods={data.foods} view="search" actions={actions} />}
      </>
    );
  } else {
    body = <Spinner label={t('search.searching')} />;
  }

  return (
    <>
      <section
        className="food-results"
        aria-labelledby={titleId}
        aria-busy={loading && data !== undefined && data.asked !== query}
      >
        <h2 id={titleId}>{t('search.results', { query: shownQuery })}</h2>
        <CaloriesQuickAdd query={query} fallbacks={fallbacks} />
        {body}
      </section>
      {data && !error && <UsdaResults query={data.asked} viewer={viewer} localFoods={data.foods} actions={actions} />}
    </>
  );
}

type NoExactMatchProps = { query: string; found: boolean; fallbacks: SearchFallbacks };

/** "No exact match — closest:" above the closest foods, or "Nothing found"; then create it, or quick add. */
function NoExactMatch({ query, found, fallbacks }: NoExactMatchProps) {
  const { t } = useTranslation('foods');
  const { onCreate, onQuickAdd } = fallbacks;
  return (
    <div className="food-inexact">
      <p className={found ? undefined : 'food-empty'}>
        {found ? t('search.closest', { query }) : t('search.nothingFound', { query })}
      </p>
      <div className="food-inexact-actions">
        <button type="button" className="btn btn-secondary" onClick={() => onCreate(query)}>
          {t('search.create', { query })}
        </button>
        {onQuickAdd && (
          <button type="button" className="btn btn-secondary" onClick={() => onQuickAdd({ name: query })}>
            {t('search.quickAdd')}
          </button>
        )}
      </div>
    </div>
  );
}

/** "300 kcal" typed: the first row opens the quick add with those calories in it. */
function CaloriesQuickAdd({ query, fallbacks }: { query: string; fallbacks: SearchFallbacks }) {
  const { t } = useTranslation('foods');
  const { formatNumber } = useFoodLanguage();
  const calories = caloriesTyped(query);
  const { onQuickAdd } = fallbacks;
  if (calories === null || !onQuickAdd) return null;
  return (
    <button type="button" className="food-quick-calories" onClick={() => onQuickAdd({ name: '', calories })}>
      <span aria-hidden="true" className="food-quick-calories-plus">
        +
      </span>
      {t('search.quickAddCalories', { calories: formatNumber(calories) })}
    </button>
  );
}

/** No connection: the recent and favourite foods whose names or pinyin hold the query. */
function OfflineResults({ query, actions, fallbacks }: { query: string; actions: FoodActions; fallbacks: SearchFallbacks }) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  const known = useKnownFoods();
  const foods = filterOfflineFoods(query, [...known.recent, ...known.favorites, ...known.frequent]);
  return (
    <section className="food-results" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('search.results', { query })}</h2>
      <p className="food-offline" role="status">
        {t('offline.notice')}
      </p>
      {/* The basket is on this device: calories go in without a connection. */}
      <CaloriesQuickAdd query={query} fallbacks={fallbacks} />
      {foods.length ? (
        <FoodGrid foods={foods} view="search" actions={actions} />
      ) : (
        <p className="food-empty">{t('search.noResults', { query })}</p>
      )}
    </section>
  );
}

type UsdaResultsProps = Omit<SearchResultsProps, 'fallbacks'> & { localFoods: readonly Food[] };

/**
 * USDA FoodData Central hits that the local results do not already show. No hits, no
 * section: USDA out of reach is one quiet line, USDA with nothing new is nothing at all.
 */
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
  const unavailableNote = unavailable && (
    <p className="food-usda-status" role="status">
      {t('usda.unavailable')}
    </p>
  );
  // Out of reach, USDA still answers the USDA foods saved here: those the local results lack show.
  if (!foods.length) return unavailableNote || null;
  return (
    <section className="food-results food-usda" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('usda.title')}</h2>
      {unavailableNote}
      <FoodGrid foods={foods} view="search" actions={actions} />
    </section>
  );
}
