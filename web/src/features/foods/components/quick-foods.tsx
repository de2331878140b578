import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FoodRow } from '@/features/foods/components/food-row';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { useKnownFoods } from '@/features/foods/hooks/use-known-foods';
import { oneTapAmount } from '@/features/foods/utils/one-tap';
import type { SavedFood } from '@/types/food';

/**
 * Before a query: the signed-in person's favourites, recent and most used foods as
 * compact rows, each one tap from the basket (as last logged, else the first portion,
 * else 100 g). Lists that are loading, failed or empty stay out of the way.
 */
export function QuickFoods({ actions }: { actions: FoodActions }) {
  const { t } = useTranslation('foods');
  const known = useKnownFoods();
  return (
    <>
      <QuickFoodList title={t('quick.favorites')} foods={known.favorites} known={known} actions={actions} />
      <QuickFoodList title={t('quick.recent')} foods={known.recent} known={known} actions={actions} />
      <QuickFoodList title={t('quick.frequent')} foods={known.frequent} known={known} actions={actions} />
    </>
  );
}

type QuickFoodListProps = {
  title: string;
  foods: readonly SavedFood[];
  known: ReturnType<typeof useKnownFoods>;
  actions: FoodActions;
};

function QuickFoodList({ title, foods, known, actions }: QuickFoodListProps) {
  const titleId = useId();
  const { language } = useFoodLanguage();
  if (foods.length === 0) return null;
  return (
    <section className="quick-foods" aria-labelledby={titleId}>
      <h2 id={titleId} className="quick-foods-title">
        {title}
      </h2>
      <ul className="food-rows">
        {foods.map((food) => (
          <li key={food.id}>
            <FoodRow food={food} amount={oneTapAmount(food, known.lastLogged(food.id), language)} view="search" actions={actions} />
          </li>
        ))}
      </ul>
    </section>
  );
}
