import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarMonth } from '@/components/date-time/calendar-month';
import { dateKey, daysBetween, sameDay } from '@/components/date-time/dates';
import { useDismiss } from '@/components/date-time/use-dismiss';
import { lastDays, pickDay, shiftSpan, type DaySpan, type PickMode, type PickStep } from '@/features/meals/utils/span';

type DateRangePickerProps = {
  value: DaySpan;
  onChange: (span: DaySpan) => void;
  today?: Date;
};

/**
 * SPEC 2, 4: single day or range, quick selects, a month calendar, Apply, Cancel, Show all;
 * arrows beside the dates step to the span of the same length before or after.
 */
export function DateRangePicker({ value, onChange, today = new Date() }: DateRangePickerProps) {
  const { t } = useTranslation('meals');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const fallback = lastDays(1, today);
  const [draft, setDraft] = useState(value === 'all' ? fallback : value);
  const [mode, setMode] = useState<PickMode>(value !== 'all' && !sameDay(value.start, value.end) ? 'range' : 'single');
  const [step, setStep] = useState<PickStep>('start');
  const [month, setMonth] = useState(draft.end);
  const rootRef = useRef<HTMLDivElement>(null);
  // Leaving the panel (Escape, a press elsewhere) is a Cancel: nothing is applied.
  useDismiss(rootRef, open, useCallback(() => setOpen(false), []));

  const label =
    value === 'all'
      ? t('picker.allTime')
      : sameDay(value.start, value.end)
        ? dateKey(value.start)
        : `${dateKey(value.start)} – ${dateKey(value.end)}`;

  function openPanel() {
    const start = value === 'all' ? fallback : value;
    setDraft(start);
    setMonth(start.end);
    setStep('start');
    setOpen(true);
  }

  function switchMode(next: PickMode) {
    setMode(next);
    setStep('start');
    // SPEC 4: single mode sets the end to the start.
    if (next === 'single') setDraft((d) => ({ start: d.start, end: d.start }));
  }

  function quick(days: number) {
    const span = lastDays(days, today);
    setMode('range');
    setStep('start');
    setDraft(span);
    setMonth(span.end);
  }

  const length = value === 'all' ? 0 : daysBetween(value.start, value.end) + 1;
  const move = (direction: -1 | 1) => {
    if (value !== 'all') onChange(shiftSpan(value, direction));
  };

  return (
    <div className="range-picker" ref={rootRef}>
      {value !== 'all' && (
        <button
          type="button"
          className="icon-button range-picker-arrow"
          aria-label={length === 1 ? t('picker.previousDay') : t('picker.previousDays', { count: length })}
          onClick={() => move(-1)}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <button
        type="button"
        className="date-time-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('picker.open', { span: label })}
        onClick={() => (open ? setOpen(false) : openPanel())}
      >
        {label}
      </button>
      {value !== 'all' && (
        <button
          type="button"
          className="icon-button range-picker-arrow"
          aria-label={length === 1 ? t('picker.nextDay') : t('picker.nextDays', { count: length })}
          onClick={() => move(1)}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange('all')}>
        {t('picker.showAll')}
      </button>
      {open && (
        <div id={panelId} role="dialog" aria-label={t('picker.label')} className="date-time-panel range-picker-panel">
          <div role="group" aria-label={t('picker.label')} className="range-picker-modes">
            <button type="button" className="chip" aria-pressed={mode === 'single'} onClick={() => switchMode('single')}>
              {t('picker.single')}
            </button>
            <button type="button" className="chip" aria-pressed={mode === 'range'} onClick={() => switchMode('range')}>
              {t('picker.range')}
            </button>
          </div>
          <div className="range-picker-quick">
            <button type="button" className="link-button" onClick={() => quick(7)}>
              {t('picker.last7')}
            </button>
            <button type="button" className="link-button" onClick={() => quick(30)}>
              {t('picker.last30')}
            </button>
          </div>
          {mode === 'range' && (
            <p className="range-picker-step">{step === 'start' ? t('picker.pickStart') : t('picker.pickEnd')}</p>
          )}
          <CalendarMonth
            month={month}
            onMonthChange={setMonth}
            today={today}
            onPick={(day) => {
              const next = pickDay(draft, mode, step, day);
              setDraft(next.span);
              setStep(next.step);
            }}
            dayState={(day) => ({
              selected: sameDay(day, draft.start) || sameDay(day, draft.end),
              inRange: day > draft.start && day < draft.end,
            })}
          />
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen(false)}>
              {t('picker.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => {
                onChange(draft);
                setOpen(false);
              }}
            >
              {t('picker.apply')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
