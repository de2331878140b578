import { STORAGE_KEYS } from '@/config/constants';
import { readJson, removeItem, writeJson } from '@/lib/storage';

/**
 * A photo whose analysis runs on the workers, kept from the moment its upload succeeded
 * until its analysis has ended and been shown: a reload, an app switch or a return to
 * the page finds it again and follows it after the last event seen.
 */
export type PendingAnalysis = {
  imageId: number;
  /** The small preview shown with the result (a data URL), or null. */
  preview: string | null;
  /** The id of the last event read (Last-Event-ID); null before the first. */
  lastEventId: string | null;
};

export function readPendingAnalysis(): PendingAnalysis | null {
  const stored = readJson<Partial<PendingAnalysis>>(STORAGE_KEYS.dashboardPendingAnalysis);
  if (typeof stored !== 'object' || stored === null) return null;
  const { imageId, preview, lastEventId } = stored;
  if (typeof imageId !== 'number' || !Number.isInteger(imageId) || imageId <= 0) return null;
  return {
    imageId,
    preview: typeof preview === 'string' ? preview : null,
    lastEventId: typeof lastEventId === 'string' ? lastEventId : null,
  };
}

export function storePendingAnalysis(pending: PendingAnalysis): void {
  writeJson(STORAGE_KEYS.dashboardPendingAnalysis, pending);
}

/** Notes the last event read of the image's analysis, if it is still the pending one. */
export function notePendingEvent(imageId: number, lastEventId: string): void {
  const pending = readPendingAnalysis();
  if (pending?.imageId === imageId) storePendingAnalysis({ ...pending, lastEventId });
}

/** The analysis has ended and been shown (or cannot be found): nothing to find again. */
export function clearPendingAnalysis(imageId?: number): void {
  if (imageId !== undefined && readPendingAnalysis()?.imageId !== imageId) return;
  removeItem(STORAGE_KEYS.dashboardPendingAnalysis);
}
