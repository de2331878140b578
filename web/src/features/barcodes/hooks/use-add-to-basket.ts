import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { useFoodDisplay } from '@/features/barcodes/hooks/use-food-display';
import type { SavedFood } from '@/types/food';

/** SPEC 9: the default portion. */
export const BARCODE_FOOD_GRAMS = 100;

/** What the page's basket does with a food; this feature does not reach into another. */
export type AddToBasket = (food: SavedFood, grams: number) => void;

/** Adds the default portion of a food and says so, as the food search does (SPEC 4). */
export function useAddToBasket(addToBasket: AddToBasket): (food: SavedFood) => void {
  const { t } = useTranslation('barcodes');
  const toast = useToast();
  const show = useFoodDisplay();
  return useCallback(
    (food: SavedFood) => {
      addToBasket(food, BARCODE_FOOD_GRAMS);
      toast.success(t('food.added', { grams: show.number(BARCODE_FOOD_GRAMS), name: show.name(food) }));
    },
    [addToBasket, toast, t, show],
  );
}
