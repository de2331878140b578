import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useCreateUsdaFood } from '@/features/foods/api/create-usda-food';
import { useDeleteFood, type DeleteFoodImpact } from '@/features/foods/api/delete-food';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import type { CustomFoodRequest, FoodBasket } from '@/features/foods/types';
import { displayName } from '@/features/foods/utils/names';
import { keepShownNutrition } from '@/features/foods/utils/nutrition';
import { ApiError, CLIENT_ERROR_CODES, serverMessage, type CallProgress } from '@/lib/api-client';
import { useAuth, useLoginDialog } from '@/lib/auth';
import { isSaved, type Food, type SavedFood } from '@/types/food';

export type FoodActions = {
  /**
   * Adds grams of the food to the basket; answers the food as saved, or null. `amount`
   * names the grams as the person knows them ("1 medium") in the message. `onProgress`
   * hears how a USDA food's first fetch goes, when it takes a while.
   */
  add: (
    food: Food,
    quantity: number,
    amount?: string | null,
    onProgress?: (progress: CallProgress) => void,
  ) => Promise<SavedFood | null>;
  copy: (food: Food) => void;
  edit: (food: SavedFood) => void;
  remove: (food: SavedFood) => Promise<void>;
};

/**
 * What a food card's buttons do. Adding and copying need a session (SPEC 6): while
 * logged out they open the login dialog and change nothing.
 */
export function useFoodActions(basket: FoodBasket, openDialog: (request: CustomFoodRequest) => void): FoodActions {
  const { t } = useTranslation(['foods', 'common']);
  const { language, formatNumber } = useFoodLanguage();
  const { isAuthenticated } = useAuth();
  const loginDialog = useLoginDialog();
  const toast = useToast();
  const confirm = useConfirm();
  const saveUsdaFood = useCreateUsdaFood().trigger;
  const deleteFood = useDeleteFood().trigger;

  const add = useCallback(
    async (food: Food, quantity: number, amount?: string | null, onProgress?: (progress: CallProgress) => void) => {
      if (!isAuthenticated) {
        loginDialog.open('login');
        return null;
      }
      try {
        let saved: SavedFood;
        if (isSaved(food)) {
          saved = food;
        } else if (typeof food.fdc_id === 'number') {
          // A USDA hit not saved locally yet: the basket and meals refer to saved foods.
          saved = keepShownNutrition(await saveUsdaFood({ fdcId: food.fdc_id, onProgress }), food);
        } else {
          throw new Error('A food without an id or a USDA id cannot be added');
        }
        basket.add(saved, quantity, amount ?? undefined);
        const grams = formatNumber(quantity);
        const name = displayName(saved, language);
        toast.success(
          amount ? t('basket.addedAmount', { amount, grams, name }) : t('basket.added', { grams, name }),
        );
        return saved;
      } catch (error) {
        toast.error(serverMessage(error) ?? t('basket.addFailed'));
        return null;
      }
    },
    [isAuthenticated, loginDialog, saveUsdaFood, basket, toast, t, formatNumber, language],
  );

  const copy = useCallback(
    (food: Food) => {
      if (isAuthenticated) openDialog({ mode: 'copy', food });
      else loginDialog.open('login');
    },
    [isAuthenticated, loginDialog, openDialog],
  );

  const edit = useCallback((food: SavedFood) => openDialog({ mode: 'edit', food }), [openDialog]);

  const impactText = useCallback(
    (name: string, impact: DeleteFoodImpact) =>
      impact.removed_from_meals
        ? t('delete.deletedFromMeals', {
            name,
            meals: t('delete.meals', { count: impact.meal_count }),
            entries: t('delete.entries', { count: impact.meal_foods_count }),
          })
        : impact.meal_count > 0
          ? t('delete.keptInMeals', {
              name,
              count: impact.meal_count,
              entries: t('delete.entries', { count: impact.meal_foods_count }),
            })
          : t('delete.deleted', { name }),
    [t],
  );

  const remove = useCallback(
    async (food: SavedFood) => {
      const name = displayName(food, language);
      const confirmed = await confirm({
        title: t('delete.confirmTitle'),
        message: t('delete.confirmMessage', { name }),
        confirmLabel: t('delete.confirmButton'),
        tone: 'danger',
      });
      if (!confirmed) return;
      try {
        const impact = await deleteFood(food.id);
        basket.removeFood(food.id);
        toast.success(impactText(name, impact));
      } catch (error) {
        const reason =
          serverMessage(error) ??
          (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network ? t('common:errors.connection') : null);
        toast.error(reason ? t('delete.failed', { reason }) : t('delete.retryLater'));
      }
    },
    [language, confirm, t, deleteFood, basket, toast, impactText],
  );

  return useMemo(() => ({ add, copy, edit, remove }), [add, copy, edit, remove]);
}
