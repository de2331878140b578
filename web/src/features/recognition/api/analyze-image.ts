import { analysisEventsPath } from '@/features/recognition/api/get-analysis-events';
import type { AnalysisEvent, AnalysisListener } from '@/features/recognition/types';
import { isFinalAnalysisEvent } from '@/features/recognition/utils/analysis-events';
import { api } from '@/lib/api-client';

export const analyzeStreamPath = '/images/analyze-stream/';

/**
 * Starts the analysis of an uploaded image (or attaches to the one running) and reads
 * its events to the last (`complete` or `error`). A connection that drops resumes on
 * the image's event view after the last event seen.
 */
export async function analyzeImage(imageId: number, { onEvent, signal }: AnalysisListener): Promise<AnalysisEvent | null> {
  const { final } = await api.follow(analyzeStreamPath, {
    method: 'POST',
    body: { image_id: imageId },
    resumePath: analysisEventsPath(imageId),
    signal,
    isFinal: isFinalAnalysisEvent,
    onEvent: (event) => onEvent(event.data as AnalysisEvent, event.id),
  });
  return final ? (final.data as AnalysisEvent) : null;
}
