import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarMonth } from '@/components/date-time/calendar-month';
import { sameDay, timeKey } from '@/components/date-time/dates';
import { parseTime } from '@/components/date-time/time';
import { describeDateTime } from '@/components/date-time/trigger';
import { useDismiss } from '@/components/date-time/use-dismiss';

type DateTimePickerProps = {
  label: string;
  value: Date;
  onChange: (value: Date) => void;
  /** Defaults to the clock; tests pass a fixed one. */
  now?: () => Date;
  /** Only days up to today are offered (a meal's time), not the days to come. */
  pastOnly?: boolean;
};

/**
 * SPEC 2: a button naming the day and time ("Today 12:30"), opening a month calendar and
 * a free-text time box (SPEC 5 formats; an entry it cannot read reverts).
 */
export function DateTimePicker({ label, value, onChange, now = () => new Date(), pastOnly = false }: DateTimePickerProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const timeId = useId();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(value);
  const [timeText, setTimeText] = useState(timeKey(value));
  const rootRef = useRef<HTMLDivElement>(null);

  // The time box follows the value unless the person is typing in it.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue.getTime() !== value.getTime()) {
    setShownValue(value);
    setTimeText(timeKey(value));
  }

  useDismiss(rootRef, open, useCallback(() => setOpen(false), []));

  const described = describeDateTime(value, now());
  const day = 'relative' in described ? t(`dateTime.${described.relative}`) : described.date;

  function pickDay(picked: Date) {
    const next = new Date(picked);
    next.setHours(value.getHours(), value.getMinutes(), 0, 0);
    onChange(next);
  }

  function commitTime() {
    const parsed = parseTime(timeText);
    if (!parsed) {
      setTimeText(timeKey(value));
      return;
    }
    const next = new Date(value);
    next.setHours(parsed.hours, parsed.minutes, 0, 0);
    setTimeText(timeKey(next));
    if (next.getTime() !== value.getTime()) onChange(next);
  }

  return (
    <div className="date-time-picker" ref={rootRef}>
      <button
        type="button"
        className="date-time-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label}: ${day} ${described.time}`}
        onClick={() => {
          setMonth(value);
          setOpen((isOpen) => !isOpen);
        }}
      >
        <span>{day}</span> <span>{described.time}</span>
      </button>
      {open && (
        <div id={panelId} role="dialog" aria-label={label} className="date-time-panel">
          <CalendarMonth
            month={month}
            onMonthChange={setMonth}
            onPick={pickDay}
            dayState={(d) => ({ selected: sameDay(d, value) })}
            today={now()}
            latest={pastOnly ? now() : undefined}
          />
          <div className="date-time-time">
            <label htmlFor={timeId}>{t('dateTime.time')}</label>
            <input
              id={timeId}
              type="text"
              inputMode="text"
              autoComplete="off"
              value={timeText}
              placeholder={t('dateTime.timeHint')}
              onChange={(event) => setTimeText(event.target.value)}
              onBlur={commitTime}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commitTime();
                }
              }}
            />
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => {
                commitTime();
                setOpen(false);
              }}
            >
              {t('dateTime.done')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
