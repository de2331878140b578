import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { useFoodDisplay } from '@/features/barcodes/hooks/use-food-display';
import { startingAmount } from '@/lib/food-amounts';
import { toLanguage } from '@/lib/i18n';
import type { SavedFood } from '@/types/food';

/** What the page's basket does with a food; this feature does not reach into another. */
export type AddToBasket = (food: SavedFood, grams: number, amount?: string) => void;

/**
 * Adds a food at the amount it is first offered at (SPEC 9's 100 g, or the serving of a
 * food of one's own, "1 serving") and says so, as the food search does (SPEC 4).
 */
export function useAddToBasket(addToBasket: AddToBasket): (food: SavedFood) => void {
  const { t, i18n } = useTranslation('barcodes');
  const toast = useToast();
  const show = useFoodDisplay();
  return useCallback(
    (food: SavedFood) => {
      const { grams, label } = startingAmount(food, toLanguage(i18n.resolvedLanguage));
      addToBasket(food, grams, label ?? undefined);
      toast.success(
        label === null
          ? t('food.added', { grams: show.number(grams), name: show.name(food) })
          : t('food.addedAmount', { amount: label, grams: show.number(grams), name: show.name(food) }),
      );
    },
    [addToBasket, toast, t, i18n, show],
  );
}
