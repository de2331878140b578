import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarMonth } from '@/components/date-time/calendar-month';
import { addDays, dateKey, sameDay, startOfDay } from '@/components/date-time/dates';
import { Modal } from '@/components/ui/modal';
import { useCopyDay, type CopiedDay } from '@/features/meals/api/copy-day';
import { CopyActions, useCopying } from '@/features/meals/components/copy-actions';

type CopyDayDialogProps = {
  /** The day whose meals are copied; null keeps the dialog closed. */
  from: Date | null;
  onClose: () => void;
  onCopied: (copied: CopiedDay, to: Date) => void;
  today?: Date;
};

/** Asks for the day to copy a day's meals to, then copies them. */
export function CopyDayDialog({ from, onClose, onCopied, today = new Date() }: CopyDayDialogProps) {
  const { t } = useTranslation('meals');
  const titleId = useId();
  const copyDay = useCopyDay();
  const [target, setTarget] = useState(() => startOfDay(today));
  const [month, setMonth] = useState(target);
  const copying = useCopying();

  // Copying a day onto itself doubles it, which is rarely meant: today's meals go to tomorrow.
  const [openedFor, setOpenedFor] = useState<Date | null>(null);
  if (openedFor !== from) {
    setOpenedFor(from);
    const start = from && sameDay(from, today) ? addDays(startOfDay(today), 1) : startOfDay(today);
    setTarget(start);
    setMonth(start);
    copying.clearError();
  }

  async function copy() {
    if (!from) return;
    await copying.run(async () => {
      onCopied(await copyDay({ from_date: dateKey(from), to_date: dateKey(target) }), target);
    });
  }

  return (
    <Modal open={from !== null} onClose={onClose} labelledBy={titleId} className="copy-dialog">
      <h2 id={titleId} className="modal-title">
        {t('copy.dayTitle', { date: from ? dateKey(from) : '' })}
      </h2>
      <p>{t('copy.dayIntro', { date: dateKey(target) })}</p>
      <CalendarMonth
        month={month}
        onMonthChange={setMonth}
        onPick={setTarget}
        dayState={(day) => ({ selected: sameDay(day, target) })}
        today={today}
      />
      <CopyActions
        copying={copying}
        confirmLabel={t('copy.dayConfirm', { date: dateKey(target) })}
        onCancel={onClose}
        onCopy={() => void copy()}
      />
    </Modal>
  );
}
