import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { useCreateUsdaFood } from '@/features/foods/api/create-usda-food';
import type { FoodBasket } from '@/features/foods/types';
import { basketAmount, lineGrams, type MealLine } from '@/features/foods/utils/meal-words';
import { keepShownNutrition } from '@/features/foods/utils/nutrition';
import { serverMessage } from '@/lib/api-client';
import { useAuth, useLoginDialog } from '@/lib/auth';
import { isSaved, type SavedFood } from '@/types/food';

/**
 * Adds the meal's lines to the basket in one go, with one message; answers the keys of
 * the lines added. The caller passes only lines that are answered and weigh something.
 * Logged out it opens the login dialog and adds nothing (SPEC 6).
 */
export function useAddMealLines(basket: FoodBasket) {
  const { t } = useTranslation('foods');
  const { isAuthenticated } = useAuth();
  const loginDialog = useLoginDialog();
  const toast = useToast();
  const saveUsdaFood = useCreateUsdaFood().trigger;

  return useCallback(
    async (lines: readonly MealLine[], waiting: number): Promise<number[]> => {
      if (!isAuthenticated) {
        loginDialog.open('login');
        return [];
      }
      const added: number[] = [];
      try {
        for (const line of lines) {
          const grams = lineGrams(line);
          if (grams === null) continue;
          let saved: SavedFood;
          if (isSaved(line.food)) saved = line.food;
          else if (typeof line.food.fdc_id === 'number') {
            // A USDA food not saved yet: the basket refers to saved foods.
            saved = keepShownNutrition(await saveUsdaFood({ fdcId: line.food.fdc_id }), line.food);
          } else continue;
          basket.add(saved, grams, basketAmount({ ...line, food: saved }, grams));
          added.push(line.key);
        }
      } catch (error) {
        // The lines added so far stay added, and leave the panel; the rest stay to try again.
        toast.error(serverMessage(error) ?? t('basket.addFailed'));
        return added;
      }
      const message = t('meal.added', { count: added.length });
      toast.success(waiting > 0 ? `${message} · ${t('meal.waiting', { count: waiting })}` : message);
      return added;
    },
    [isAuthenticated, loginDialog, saveUsdaFood, basket, toast, t],
  );
}
