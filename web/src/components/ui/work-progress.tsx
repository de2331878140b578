import { useTranslation } from 'react-i18next';

type WorkProgressProps = {
  /** The bar's accessible name: what the work is ("Reading the label"). */
  label: string;
  /** 0 to 100. */
  progress: number;
  /** What the work is doing now, in the reader's language. */
  text: string;
  className?: string;
};

/**
 * Work that runs on the server's workers, as it goes: a determinate bar, its percentage
 * and the step's words. Never a spinner: the person sees that it moves and how far.
 */
export function WorkProgress({ label, progress, text, className }: WorkProgressProps) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(100, Math.max(0, progress)));
  return (
    <div className={className ? `work-progress ${className}` : 'work-progress'}>
      <progress max={100} value={percent} aria-label={label} />
      <p aria-live="polite">{t('work.line', { percent, message: text })}</p>
    </div>
  );
}
