import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavoriteFoods } from '@/features/foods/api/get-favorite-foods';
import { useRecentFoods, type UsedFood } from '@/features/foods/api/get-recent-foods';
import { QuickFoodEntry } from '@/features/foods/components/quick-food-entry';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { portionAmount, readAmount } from '@/features/foods/utils/amount';
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

  // A favourite is added as its first portion (a recipe's "1 serving"), else 100 g. The
  // portion's name goes into the basket as the amount, when it reads back as that portion.
  const favoriteAmount = (food: SavedFood) => {
    const portion = food.portions[0];
    if (!portion) return { grams: DEFAULT_GRAMS, label: null };
    const name = portionAmount(portion, food.portions, language === 'zh');
    return { grams: portion.grams, label: readsAs(name, portion.grams, food) ? name : null };
  };
  // A used food is added the way it was last logged: its grams, with the amount it was
  // typed as while the food's portions still read that amount as those grams.
  const lastAmount = (food: UsedFood) => ({
    grams: food.last_quantity,
    label: food.last_amount && readsAs(food.last_amount, food.last_quantity, food) ? food.last_amount : null,
  });

  return (
    <>
      <QuickFoodList title={t('quick.favorites')} foods={favorites} amountOf={favoriteAmount} actions={actions} />
      <QuickFoodList title={t('quick.recent')} foods={used?.recent ?? []} amountOf={lastAmount} actions={actions} />
      <QuickFoodList title={t('quick.frequent')} foods={used?.frequent ?? []} amountOf={lastAmount} actions={actions} />
    </>
  );
}

/** Whether an amount ("2 slices") is a unit of the food that weighs the grams (a plain number is not). */
function readsAs(amount: string, grams: number, food: SavedFood): boolean {
  const reading = readAmount(amount, food.portions);
  return reading.ok && reading.unit !== null && Math.abs(reading.grams - grams) <= 0.1;
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
