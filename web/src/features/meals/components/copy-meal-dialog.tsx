import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '@/components/date-time/date-time-picker';
import { FormMessage } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { serverMessage } from '@/lib/api-client';
import type { Meal } from '@/types/meal';

type CopyMealDialogProps = {
  /** The meal to copy; null keeps the dialog closed. */
  meal: Meal | null;
  onClose: () => void;
  /** Logs the meal again at the time chosen; a failure is shown in the dialog. */
  onCopy: (meal: Meal, at: Date) => Promise<unknown>;
};

/** Asks when the copy was eaten (today, now, unless changed), then copies the meal. */
export function CopyMealDialog({ meal, onClose, onCopy }: CopyMealDialogProps) {
  const { t } = useTranslation('meals');
  const titleId = useId();
  const [time, setTime] = useState(() => new Date());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts from now, with no old error.
  const [openedFor, setOpenedFor] = useState<Meal | null>(null);
  if (openedFor !== meal) {
    setOpenedFor(meal);
    setTime(new Date());
    setError(null);
  }

  async function copy() {
    if (!meal || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onCopy(meal, time);
      onClose();
    } catch (failure) {
      setError(serverMessage(failure) ?? t('copy.failed'));
    } finally {
      setBusy(false);
    }
  }

  const name = meal?.name ?? t('baskets.unnamed');
  return (
    <Modal open={meal !== null} onClose={onClose} labelledBy={titleId} className="copy-dialog">
      <h2 id={titleId} className="modal-title">
        {t('copy.mealTitle', { name })}
      </h2>
      <p>{t('copy.mealIntro')}</p>
      <DateTimePicker label={t('copy.mealTime')} value={time} onChange={setTime} />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('copy.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void copy()}>
          {busy ? t('copy.copying') : t('copy.mealConfirm')}
        </button>
      </div>
    </Modal>
  );
}
