import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export function cancelAnalysisPath(imageId: number): string {
  return `/images/${imageId}/cancel/`;
}

/**
 * The spec's Cancel: stops the image's running analysis; every stream of it then ends
 * with an `error` event whose code is CANCELLED. `cancelled` is false when nothing was
 * running (the analysis had ended: its stream brings its final event).
 */
export function cancelAnalysis(imageId: number): Promise<components['schemas']['CancelledView']> {
  return api.post<components['schemas']['CancelledView']>(cancelAnalysisPath(imageId));
}
