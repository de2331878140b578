import type { AnalysisEvent, AnalysisResults, CompleteEvent } from '@/features/recognition/types';

/** The code of the `error` event that ends a cancelled analysis. */
export const CANCELLED = 'CANCELLED';

/** `complete` or `error`: nothing follows. */
export function isFinalAnalysisEvent(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { step } = data as { step?: unknown };
  return step === 'complete' || step === 'error';
}

export function isCancelled(event: AnalysisEvent): boolean {
  return event.step === 'error' && event.error?.code === CANCELLED;
}

/**
 * The final event of an analysis that ended while nobody read it, rebuilt from its
 * stored results: the `complete` event carries the same foods, stage 3 and findings.
 * Null while nothing ended (never analysed, or still running).
 */
export function finalEventOf(results: AnalysisResults): AnalysisEvent | null {
  switch (results.processing_status) {
    case 'completed':
      return {
        step: 'complete',
        progress: 100,
        message: '',
        image_id: results.image_id,
        foods: results.results,
        // Stored as the analysis wrote them: the stage shapes of the version that ran it.
        stage_1: results.stage_1 as CompleteEvent['stage_1'],
        stage_2: results.stage_2 as CompleteEvent['stage_2'],
        stage_3: results.stage_3 as CompleteEvent['stage_3'],
        ...(results.food_found === undefined ? {} : { food_found: results.food_found }),
        ...(results.memory === undefined ? {} : { memory: results.memory }),
        ...(results.plate_warning === undefined ? {} : { plate_warning: results.plate_warning }),
      };
    case 'cancelled':
      return { step: 'error', progress: 100, message: '', error: { message: '', code: CANCELLED } };
    case 'failed':
      return {
        step: 'error',
        progress: 100,
        message: '',
        error: results.error ?? { message: '', code: 'IMAGE_PROCESSING_FAILED' },
      };
    default:
      return null;
  }
}
