import { STORAGE_KEYS } from '@/config/constants';
import type { RecognizedFood } from '@/features/recognition/types';
import { readItem, readJson, removeItem, writeItem, writeJson } from '@/lib/storage';

/** The last recognition, kept so the dashboard shows it again (SPEC 3, 4 "Image flow"). */
export type StoredResult = {
  imageId: number;
  preview: string | null;
  /** The foods with the grams the person may have corrected. */
  portions: { food: RecognizedFood; grams: number }[];
  nutrition: unknown;
};

export function readStoredResult(): StoredResult | null {
  const id = Number(readItem(STORAGE_KEYS.dashboardImageId));
  const portions = readJson<StoredResult['portions']>(STORAGE_KEYS.dashboardEstimatedPortions);
  if (!Number.isInteger(id) || id <= 0 || !Array.isArray(portions)) return null;
  return {
    imageId: id,
    preview: readItem(STORAGE_KEYS.dashboardImagePreview),
    portions,
    nutrition: readJson(STORAGE_KEYS.dashboardNutritionData),
  };
}

export function storeResult(result: StoredResult): void {
  writeItem(STORAGE_KEYS.dashboardImageId, String(result.imageId));
  writeJson(STORAGE_KEYS.dashboardEstimatedPortions, result.portions);
  writeJson(STORAGE_KEYS.dashboardNutritionData, result.nutrition);
  if (result.preview) writeItem(STORAGE_KEYS.dashboardImagePreview, result.preview);
  else removeItem(STORAGE_KEYS.dashboardImagePreview);
}

export function clearStoredResult(): void {
  for (const key of [
    STORAGE_KEYS.dashboardImageId,
    STORAGE_KEYS.dashboardEstimatedPortions,
    STORAGE_KEYS.dashboardNutritionData,
    STORAGE_KEYS.dashboardImagePreview,
  ]) {
    removeItem(key);
  }
}
