import type { AnalysisResults } from '@/features/recognition/types';
import { api } from '@/lib/api-client';

export function imageResultsPath(imageId: number): string {
  return `/images/${imageId}/results/`;
}

/** SPEC 3 "Recognition result": the image's latest analysis as stored. */
export function getImageResults(imageId: number, signal?: AbortSignal): Promise<AnalysisResults> {
  return api.get<AnalysisResults>(imageResultsPath(imageId), undefined, { signal });
}
