import { FoodCard } from '@/features/foods/components/food-card';
import { FoodRow } from '@/features/foods/components/food-row';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { useKnownFoods } from '@/features/foods/hooks/use-known-foods';
import { usePhoneLayout } from '@/features/foods/hooks/use-phone-layout';
import type { FoodView } from '@/features/foods/types';
import { oneTapAmount } from '@/features/foods/utils/one-tap';
import type { Food } from '@/types/food';

/** A USDA hit not saved yet has no id; its USDA id names it. */
function foodKey(food: Food): string {
  return food.id === null ? `usda-${food.fdc_id ?? food.name}` : `food-${food.id}`;
}

/** Foods as cards on a wide screen, as compact rows with one-tap add on a phone. */
export function FoodGrid({ foods, view, actions }: { foods: readonly Food[]; view: FoodView; actions: FoodActions }) {
  const phone = usePhoneLayout();
  if (phone) return <FoodRows foods={foods} view={view} actions={actions} />;
  return (
    <ul className="food-grid">
      {foods.map((food) => (
        <li key={foodKey(food)}>
          <FoodCard food={food} view={view} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

/** Each row adds the food as last logged, else its first portion, else 100 g. */
function FoodRows({ foods, view, actions }: { foods: readonly Food[]; view: FoodView; actions: FoodActions }) {
  const { language } = useFoodLanguage();
  const known = useKnownFoods();
  return (
    <ul className="food-rows">
      {foods.map((food) => (
        <li key={foodKey(food)}>
          <FoodRow food={food} amount={oneTapAmount(food, known.lastLogged(food.id ?? null), language)} view={view} actions={actions} />
        </li>
      ))}
    </ul>
  );
}
