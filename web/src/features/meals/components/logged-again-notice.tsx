import { useTranslation } from 'react-i18next';
import type { LogAgain } from '@/features/meals/hooks/use-log-again';

/**
 * What "Log again" did, where it was tapped, with Undo: beside the meal it made rather than
 * in a message over the page, so it covers nothing and stays until dismissed.
 */
export function LoggedAgainNotice({ again, dayKey }: { again: LogAgain; dayKey?: string }) {
  const { t } = useTranslation('meals');
  const { logged } = again;
  if (!logged || (dayKey !== undefined && logged.dayKey !== dayKey)) return null;
  return (
    <div className="logged-again" role="status">
      <span>{t('again.logged', { names: logged.names, day: logged.day })}</span>
      <button type="button" className="btn btn-secondary btn-small" disabled={again.undoing} onClick={() => void again.undo()}>
        {again.undoing ? t('again.undoing') : t('again.undo')}
      </button>
      <button type="button" className="icon-button logged-again-close" aria-label={t('again.dismiss')} onClick={again.dismiss}>
        ×
      </button>
    </div>
  );
}
