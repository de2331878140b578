import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallProgress } from '@/lib/api-client';

/** Steps of the workers' jobs that have words of their own (common `work.steps`). */
const KNOWN_STEPS = new Set([
  'queued',
  'running',
  'retrying',
  'completed',
  'label_reading',
  'barcode_detection',
  'barcode_lookup',
  'fetch',
]);

/**
 * The words for a report on work that runs on the server's workers: a known step's own
 * words in the reader's language; else the server's words in English, the caller's
 * words for the whole task in any other language (no English on a Chinese page).
 */
export function useProgressText(): (report: CallProgress | null, fallback: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (report, fallback) => {
      if (!report) return fallback;
      if (report.step && KNOWN_STEPS.has(report.step)) return t(`work.steps.${report.step}` as 'work.steps.queued');
      if (i18n.resolvedLanguage === 'en' && report.message) return report.message;
      return fallback;
    },
    [t, i18n.resolvedLanguage],
  );
}
