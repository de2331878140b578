import type { AnalysisEvent, AnalysisListener } from '@/features/recognition/types';
import { isFinalAnalysisEvent } from '@/features/recognition/utils/analysis-events';
import { api } from '@/lib/api-client';

export function analysisEventsPath(imageId: number): string {
  return `/images/${imageId}/events/`;
}

/**
 * The events of the image's latest analysis, running or finished, after `lastEventId`
 * when given, to the last; it never starts one. Null when the last event seen was already
 * the final one (204). Fails 404 IMAGE_NOT_FOUND, or ANALYSIS_NOT_STARTED for a photo
 * never analysed.
 */
export async function followAnalysis(
  imageId: number,
  lastEventId: string | null,
  { onEvent, signal }: AnalysisListener,
): Promise<AnalysisEvent | null> {
  const { final } = await api.follow(analysisEventsPath(imageId), {
    lastEventId,
    signal,
    isFinal: isFinalAnalysisEvent,
    onEvent: (event) => onEvent(event.data as AnalysisEvent, event.id),
  });
  return final ? (final.data as AnalysisEvent) : null;
}
