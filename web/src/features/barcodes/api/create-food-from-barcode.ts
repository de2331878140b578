import useSWRMutation from 'swr/mutation';
import { api, type CallProgress } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { SavedFood } from '@/types/food';

export const createFoodFromBarcodePath = '/images/create-food-from-barcode/';

/**
 * The food behind the barcode; `is_existing` when it was already stored. Its food is a
 * stored one, which the document cannot say (a food view's id may be null).
 */
export type CreatedBarcodeFood = Omit<components['schemas']['CreatedView'], 'food'> & { food: SavedFood };

export type CreateFoodFromBarcodeArg = {
  barcode: string;
  /** How the look-up goes, when the server takes longer (202). */
  onProgress?: (progress: CallProgress) => void;
};

/**
 * The food behind a barcode, looked up and stored on first use. Fails with
 * INVALID_BARCODE, BARCODE_NOT_FOUND, PRODUCT_REJECTED (the message says why) or
 * BARCODE_LOOKUP_UNAVAILABLE, whether the server answered at once or after a 202.
 */
export function createFoodFromBarcode(
  barcode: string,
  onProgress?: (progress: CallProgress) => void,
): Promise<CreatedBarcodeFood> {
  return api.post<CreatedBarcodeFood>(createFoodFromBarcodePath, { barcode }, { onProgress });
}

export function useCreateFoodFromBarcode() {
  return useSWRMutation(createFoodFromBarcodePath, (_key: string, { arg }: { arg: CreateFoodFromBarcodeArg }) =>
    createFoodFromBarcode(arg.barcode, arg.onProgress),
  );
}
