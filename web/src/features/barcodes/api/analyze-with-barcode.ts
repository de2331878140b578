import useSWRMutation from 'swr/mutation';
import type { BarcodeScan } from '@/features/barcodes/types';
import { api, type CallProgress } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export const analyzeWithBarcodePath = '/images/analyze-with-barcode/';

export type BarcodeAnalysis = BarcodeScan & Pick<components['schemas']['BarcodeFoodsView'], 'image_id'>;

export type AnalyzeWithBarcodeArg = {
  imageId: number;
  /** How the workers get on, when the server takes longer (202). */
  onProgress?: (progress: CallProgress) => void;
};

/**
 * Reads the barcodes in an uploaded image and finds or creates a food for each food
 * barcode. No barcode at all is a success with empty lists. A slow one is accepted (202)
 * and followed by the client to its answer.
 */
export function analyzeWithBarcode(imageId: number, onProgress?: (progress: CallProgress) => void): Promise<BarcodeAnalysis> {
  return api.post<BarcodeAnalysis>(analyzeWithBarcodePath, { image_id: imageId }, { onProgress });
}

export function useAnalyzeWithBarcode() {
  return useSWRMutation(analyzeWithBarcodePath, (_key: string, { arg }: { arg: AnalyzeWithBarcodeArg }) =>
    analyzeWithBarcode(arg.imageId, arg.onProgress),
  );
}
