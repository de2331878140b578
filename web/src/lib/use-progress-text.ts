import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallProgress } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

type JobStep = components['schemas']['JobStep'];

/**
 * Whether each of the workers' job steps has words of its own (common `work.steps`).
 * Typed by the server's list of steps (OpenAPI), so a new step is a type error here until
 * it is given words or left to the caller's. A start or an ending is told in the caller's
 * words for the whole task, which say more than "started"; an import or a probe (the
 * operator's tasks) keeps the server's words with their counts.
 */
const HAS_WORDS: Record<JobStep, boolean> = {
  queued: true,
  running: true,
  retrying: true,
  completed: true,
  label_reading: true,
  barcode_detection: true,
  barcode_lookup: true,
  fetch: true,
  start: false,
  complete: false,
  error: false,
  failed: false,
  cancelled: false,
  import: false,
  probe: false,
};

function hasWords(step: string | null): step is JobStep {
  return step !== null && Object.hasOwn(HAS_WORDS, step) && HAS_WORDS[step as JobStep] === true;
}

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
      if (hasWords(report.step)) return t(`work.steps.${report.step}` as 'work.steps.queued');
      if (i18n.resolvedLanguage === 'en' && report.message) return report.message;
      return fallback;
    },
    [t, i18n.resolvedLanguage],
  );
}
