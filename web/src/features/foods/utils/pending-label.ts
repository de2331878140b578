import { SESSION_KEYS } from '@/config/constants';
import { readSessionJson, removeSessionItem, writeSessionJson } from '@/lib/storage';

/**
 * A label the server is reading, or has read while nobody listened: where its answer
 * will be. Kept for this tab (session storage) from the moment the read was accepted
 * until its answer is shown.
 */
export type PendingLabelRead = {
  jobId: string | null;
  /** The job's `result` link. */
  result: string;
  /** The barcode the food is made for; null for a food without one. */
  barcode: string | null;
};

/** The pending read of a label for a food with this barcode (or none), if any. */
export function readPendingLabel(barcode: string | undefined): PendingLabelRead | null {
  const stored = readSessionJson<Partial<PendingLabelRead>>(SESSION_KEYS.pendingLabelRead);
  if (typeof stored !== 'object' || stored === null || typeof stored.result !== 'string') return null;
  const forBarcode = typeof stored.barcode === 'string' ? stored.barcode : null;
  if (forBarcode !== (barcode ?? null)) return null;
  return { jobId: typeof stored.jobId === 'string' ? stored.jobId : null, result: stored.result, barcode: forBarcode };
}

export function storePendingLabel(pending: PendingLabelRead): void {
  writeSessionJson(SESSION_KEYS.pendingLabelRead, pending);
}

export function clearPendingLabel(): void {
  removeSessionItem(SESSION_KEYS.pendingLabelRead);
}
