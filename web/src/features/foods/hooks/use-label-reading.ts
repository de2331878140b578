import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLabelReading } from '@/features/foods/api/get-label-reading';
import { readLabel, type LabelReading, type LabelReadOptions } from '@/features/foods/api/read-label';
import { clearPendingLabel, readPendingLabel, storePendingLabel } from '@/features/foods/utils/pending-label';
import { ApiError, CLIENT_ERROR_CODES, type CallProgress } from '@/lib/api-client';
import { useFailureText } from '@/lib/use-failure-text';

/** Null while no read runs; else how far it is (null progress until the server says). */
type Reading = { progress: CallProgress | null } | null;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const connectionLost = (error: unknown) => error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network;

/**
 * Reading a nutrition label on the server's workers, for the create dialog of a food
 * with this barcode (or none). A read the server accepted (202) is kept for the tab: the
 * dialog closed and opened again takes its answer, running or finished, without reading
 * the photo twice. Closing the dialog stops only the listening.
 */
export function useLabelReading(barcode: string | undefined, onRead: (label: LabelReading) => void) {
  const { t } = useTranslation('foods');
  const failureText = useFailureText();
  const [reading, setReading] = useState<Reading>(() => (readPendingLabel(barcode) ? { progress: null } : null));
  const [error, setError] = useState<string | null>(null);
  const listening = useRef<AbortController | null>(null);

  async function run(call: (options: LabelReadOptions) => Promise<LabelReading>) {
    const controller = new AbortController();
    listening.current?.abort();
    listening.current = controller;
    setReading({ progress: null });
    setError(null);
    try {
      const label = await call({
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setReading({ progress });
        },
        onAccepted: (accepted) => {
          if (accepted.result) storePendingLabel({ jobId: accepted.job_id, result: accepted.result, barcode: barcode ?? null });
        },
      });
      if (controller.signal.aborted) return;
      clearPendingLabel();
      onRead(label);
    } catch (caught) {
      if (isAbort(caught) || controller.signal.aborted) return;
      // Only a lost connection leaves the read to find again; an answer (a failure, a
      // job gone) is final.
      if (!connectionLost(caught)) clearPendingLabel();
      setError(failureText(caught, t('label.failed')));
    } finally {
      if (listening.current === controller) {
        listening.current = null;
        setReading(null);
      }
    }
  }

  const handlers = useRef({ run });
  useEffect(() => {
    handlers.current = { run };
  });

  useEffect(() => {
    const pending = readPendingLabel(barcode);
    if (pending) void handlers.current.run((options) => getLabelReading(pending.result, options));
    return () => listening.current?.abort();
  }, [barcode]);

  return {
    reading,
    error,
    read: (photo: File) => run((options) => readLabel(photo, barcode, options)),
  };
}
