import { FoodCard } from '@/features/foods/components/food-card';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import type { FoodView } from '@/features/foods/types';
import type { Food } from '@/types/food';

/** A USDA hit not saved yet has no id; its USDA id names it. */
function foodKey(food: Food): string {
  return food.id === null ? `usda-${food.fdc_id ?? food.name}` : `food-${food.id}`;
}

export function FoodGrid({ foods, view, actions }: { foods: readonly Food[]; view: FoodView; actions: FoodActions }) {
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
