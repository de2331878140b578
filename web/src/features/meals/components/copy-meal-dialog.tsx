import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '@/components/date-time/date-time-picker';
import { Modal } from '@/components/ui/modal';
import { CopyActions, useCopying } from '@/features/meals/components/copy-actions';
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
  const copying = useCopying();

  // Each opening starts from now, with no old error.
  const [openedFor, setOpenedFor] = useState<Meal | null>(null);
  if (openedFor !== meal) {
    setOpenedFor(meal);
    setTime(new Date());
    copying.clearError();
  }

  async function copy() {
    if (!meal) return;
    await copying.run(async () => {
      await onCopy(meal, time);
      onClose();
    });
  }

  const name = meal?.name ?? t('baskets.unnamed');
  return (
    <Modal open={meal !== null} onClose={onClose} labelledBy={titleId} className="copy-dialog">
      <h2 id={titleId} className="modal-title">
        {t('copy.mealTitle', { name })}
      </h2>
      <p>{t('copy.mealIntro')}</p>
      <DateTimePicker label={t('copy.mealTime')} value={time} onChange={setTime} />
      <CopyActions copying={copying} confirmLabel={t('copy.mealConfirm')} onCancel={onClose} onCopy={() => void copy()} />
    </Modal>
  );
}
