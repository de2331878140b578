import { STORAGE_KEYS } from '@/config/constants';
import type { PhotoFindings, PhotoPortion } from '@/features/recognition/types';
import { readItem, readJson, removeItem, writeItem, writeJson } from '@/lib/storage';

/** Stage 3 as the analysis sent it, with issue 17's findings (absent in older results). */
export type StoredStage3 = PhotoFindings & Record<string, unknown>;

/** The last recognition, kept so the dashboard shows it again (SPEC 3, 4 "Image flow"). */
export type StoredResult = {
  imageId: number;
  preview: string | null;
  /** The foods with the grams the person may have corrected, their answers and what went in the basket. */
  portions: PhotoPortion[];
  nutrition: StoredStage3 | null;
};

export function readStoredResult(): StoredResult | null {
  const id = Number(readItem(STORAGE_KEYS.dashboardImageId));
  const portions = readJson<StoredResult['portions']>(STORAGE_KEYS.dashboardEstimatedPortions);
  if (!Number.isInteger(id) || id <= 0 || !Array.isArray(portions)) return null;
  const nutrition = readJson<unknown>(STORAGE_KEYS.dashboardNutritionData);
  return {
    imageId: id,
    preview: readItem(STORAGE_KEYS.dashboardImagePreview),
    portions,
    nutrition: typeof nutrition === 'object' && nutrition !== null && !Array.isArray(nutrition) ? (nutrition as StoredStage3) : null,
  };
}

/**
 * The findings of a stored result. One stored before issue 17 says nothing of them: its
 * photo had food when it listed some, and there is no memory or plate warning to show.
 */
export function findingsOf(result: StoredResult): Required<PhotoFindings> {
  return {
    food_found: result.nutrition?.food_found ?? result.portions.length > 0,
    memory: result.nutrition?.memory ?? null,
    plate_warning: result.nutrition?.plate_warning ?? null,
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
