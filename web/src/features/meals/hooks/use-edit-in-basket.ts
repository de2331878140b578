import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { writeMealToOpen } from '@/lib/editing-meal';
import type { Meal } from '@/types/meal';

/** SPEC 4: a saved meal goes to the basket through session storage and /?edit_meal={id}. */
export function useEditInBasket() {
  const navigate = useNavigate();
  return useCallback(
    (meal: Meal) => {
      writeMealToOpen({
        id: meal.id,
        name: meal.name ?? null,
        date: meal.date,
        eaten_at: meal.eaten_at,
        meal_type: meal.meal_type,
        foods: meal.foods,
        total_calories: meal.total_calories,
        notes: meal.notes ?? null,
      });
      void navigate(`${paths.home}?edit_meal=${meal.id}`);
    },
    [navigate],
  );
}
