import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { isFavoriteListKey } from '@/features/foods/api/get-favorite-foods';
import { api } from '@/lib/api-client';
import type { FoodPortion, Micronutrients, Nutrients, OptionalNutrient, SavedFood } from '@/types/food';

/**
 * POST /foods/create/ and PUT /foods/{id}/update/: nutrition per 100 g, sodium in mg.
 * Fibre, sugar and sodium are left out when unknown (never sent as 0), as are the
 * vitamins, minerals and fats (or sent as null); out of bounds, a 422 says which.
 */
export type CustomFoodInput = Omit<Nutrients, OptionalNutrient> &
  Partial<Pick<Nutrients, OptionalNutrient>> & {
    name: string;
    portions?: FoodPortion[];
    /** The food this one was copied from. */
    copied_from?: number;
    /** The product's barcode (8, 12, 13 or 14 digits): a food made for a barcode no database knows. */
    barcode?: string;
    /** Per 100 g, each key's unit; a key left out is not given. */
    micronutrients?: Partial<Micronutrients>;
  };

export const createFoodPath = '/foods/create/';

/** A 422 VALIDATION_ERROR carries a message fit to show as received. */
export function createFood(input: CustomFoodInput): Promise<SavedFood> {
  return api.post<SavedFood>(createFoodPath, input);
}

export function useCreateFood() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(createFoodPath, (_key: string, { arg }: { arg: CustomFoodInput }) => createFood(arg), {
    onSuccess: () => void mutate(isFavoriteListKey),
  });
}
