import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useUserFoods } from '@/features/foods/api/get-user-foods';
import { FoodGrid } from '@/features/foods/components/food-grid';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFailureText } from '@/lib/use-failure-text';

/** The signed-in person's custom foods (SPEC 2, view "user"). */
export function UserFoods({ actions }: { actions: FoodActions }) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  const failureText = useFailureText();
  const { data, error } = useUserFoods(true);

  let body;
  if (data) {
    body = data.foods.length ? (
      <>
        {data.total > data.foods.length && (
          <p className="food-note">{t('mine.partial', { shown: data.foods.length, total: data.total })}</p>
        )}
        <FoodGrid foods={data.foods} view="user" actions={actions} />
      </>
    ) : (
      <p className="food-empty">{t('mine.empty')}</p>
    );
  } else if (error) {
    body = <FormMessage tone="error">{failureText(error, t('mine.failed'))}</FormMessage>;
  } else {
    body = <Spinner label={t('mine.loading')} />;
  }

  return (
    <section className="food-results" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mine.title')}</h2>
      {body}
    </section>
  );
}
