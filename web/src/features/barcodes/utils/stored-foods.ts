import { STORAGE_KEYS } from '@/config/constants';
import type { BarcodeFood } from '@/features/barcodes/types';
import { readJson, writeJson } from '@/lib/storage';

function isBarcodeFood(value: unknown): value is BarcodeFood {
  if (typeof value !== 'object' || value === null) return false;
  const { barcode, food } = value as Partial<BarcodeFood>;
  return typeof barcode === 'string' && typeof food === 'object' && food !== null && typeof food.id === 'number';
}

/** The foods of the last barcode scan, kept so the dashboard shows them again. */
export function readBarcodeFoods(): BarcodeFood[] {
  const stored = readJson<unknown>(STORAGE_KEYS.dashboardBarcodeFoods);
  return Array.isArray(stored) ? stored.filter(isBarcodeFood) : [];
}

export function storeBarcodeFoods(foods: readonly BarcodeFood[]): void {
  writeJson(STORAGE_KEYS.dashboardBarcodeFoods, foods);
}
