import useSWRMutation from 'swr/mutation';
import type { BarcodeScan } from '@/features/barcodes/types';
import { api } from '@/lib/api-client';

export const analyzeWithBarcodePath = '/images/analyze-with-barcode/';

export type BarcodeAnalysis = BarcodeScan & { image_id: number };

/**
 * Reads the barcodes in an uploaded image and finds or creates a food for each food
 * barcode. No barcode at all is a success with empty lists.
 */
export function analyzeWithBarcode(imageId: number): Promise<BarcodeAnalysis> {
  return api.post<BarcodeAnalysis>(analyzeWithBarcodePath, { image_id: imageId });
}

export function useAnalyzeWithBarcode() {
  return useSWRMutation(analyzeWithBarcodePath, (_key: string, { arg }: { arg: number }) => analyzeWithBarcode(arg));
}
