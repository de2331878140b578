import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavoriteFoods } from '@/features/foods/api/get-favorite-foods';
import { useRecentFoods, type UsedFood } from '@/features/foods/api/get-recent-foods';
import { QuickFoodEntry } from '@/features/foods/components/quick-food-entry';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { portionName } from '@/features/foods/utils/names';
import type { SavedFood } from '@/types/food';

/** SPEC 9: the default portion. */
const DEFAULT_GRAMS = 100;

/**
 * Before a query: the signed-in person's favourites, recent and most used foods, each
 * one click from the basket. Lists that are loading, failed or empty stay out of the way.
 */
export function QuickFoods({ actions }: { actions: FoodActions }) {
  const { t } = useTranslation('foods');
  const { language } = useFoodLanguage();
  const favorites = useFavoriteFoods(true).data?.foods ?? [];
  const used = useRecentFoods(true).data;

  // A favourite is added as its first portion (a recipe's "1 serving"), else 100 g.
  const favoriteAmount = (food: SavedFood) => {
    const portion = food.portions[0];
    return portion ? { grams: portion.grams, label: portionName(portion, language) } : { grams: DEFAULT_GRAMS, label: null };
  };
  // A used food is added the way it was last logged.
  const lastAmount = (food: UsedFood) => ({ grams: food.last_quantity, label: food.last_amount });

  return (
    <>
      <QuickFoodList title={t('quick.favorites')} foods={favorites} amountOf={favoriteAmount} actions={actions} />
      <QuickFoodList title={t('quick.recent')} foods={used?.recent ?? []} amountOf={lastAmount} actions={actions} />
      <QuickFoodList title={t('quick.frequent')} foods={used?.frequent ?? []} amountOf={lastAmount} actions={actions} />
    </>
  );
}

type QuickFoodListProps<T extends SavedFood> = {
  title: string;
  foods: readonly T[];
  amountOf: (food: T) => { grams: number; label: string | null };
  actions: FoodActions;
};

function QuickFoodList<T extends SavedFood>({ title, foods, amountOf, actions }: QuickFoodListProps<T>) {
  const titleId = useId();
  if (foods.length === 0) return null;
  return (
    <section className="quick-foods" aria-labelledby={titleId}>
      <h2 id={titleId} className="quick-foods-title">
        {title}
      </h2>
      <ul className="quick-foods-list">
        {foods.map((food) => {
          const { grams, label } = amountOf(food);
          return (
            <li key={food.id}>
              <QuickFoodEntry food={food} grams={grams} label={label} actions={actions} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
