import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { SavedFood } from '@/types/food';

export const createFoodFromBarcodePath = '/images/create-food-from-barcode/';

export type CreatedBarcodeFood = { food: SavedFood; is_existing: boolean };

/**
 * The food behind a barcode, looked up and stored on first use. Fails with
 * INVALID_BARCODE, BARCODE_NOT_FOUND, PRODUCT_REJECTED (the message says why) or
 * BARCODE_LOOKUP_UNAVAILABLE.
 */
export function createFoodFromBarcode(barcode: string): Promise<CreatedBarcodeFood> {
  return api.post<CreatedBarcodeFood>(createFoodFromBarcodePath, { barcode });
}

export function useCreateFoodFromBarcode() {
  return useSWRMutation(createFoodFromBarcodePath, (_key: string, { arg }: { arg: string }) =>
    createFoodFromBarcode(arg),
  );
}
