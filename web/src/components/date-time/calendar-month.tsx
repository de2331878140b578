import { useTranslation } from 'react-i18next';
import { addMonths, dateKey, monthGrid, sameDay, startOfDay } from '@/components/date-time/dates';
import '@/components/date-time/date-time.css';
import { displayLocale } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

export type DayState = { selected?: boolean; inRange?: boolean };

type CalendarMonthProps = {
  /** Any day of the month shown. */
  month: Date;
  onMonthChange: (month: Date) => void;
  onPick: (day: Date) => void;
  /** How a day is marked (selected, inside a range). */
  dayState: (day: Date) => DayState;
  today?: Date;
  /** No day after this one is offered (a meal is not eaten in the future). */
  latest?: Date;
};

/** SPEC 2: a month of 42 cells, weekday headers from Sunday, previous and next month. */
export function CalendarMonth({ month, onMonthChange, onPick, dayState, today = new Date(), latest }: CalendarMonthProps) {
  const { t, i18n } = useTranslation();
  const locale = displayLocale(i18n.resolvedLanguage);
  const title = dateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(month);
  const weekday = dateTimeFormat(locale, { weekday: 'short' });
  const longDay = dateTimeFormat(locale, { dateStyle: 'full' });
  const days = monthGrid(month);
  // The first row of the grid always starts on a Sunday.
  const weekdays = days.slice(0, 7).map((d) => weekday.format(d));
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const lastDay = latest && startOfDay(latest);
  const afterLatest = (day: Date) => lastDay !== undefined && startOfDay(day) > lastDay;
  const lastMonth = lastDay !== undefined && addMonths(month, 1) > lastDay;

  return (
    <div className="calendar">
      <div className="calendar-header">
        <button
          type="button"
          className="icon-button"
          aria-label={t('dateTime.previousMonth')}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          ‹
        </button>
        <p className="calendar-title" aria-live="polite">
          {title}
        </p>
        <button
          type="button"
          className="icon-button"
          aria-label={t('dateTime.nextMonth')}
          disabled={lastMonth}
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <table className="calendar-grid" role="grid" aria-label={title}>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day) => {
                const state = dayState(day);
                const outside = day.getMonth() !== month.getMonth();
                const classes = [
                  'calendar-day',
                  outside && 'calendar-day-outside',
                  state.inRange && 'calendar-day-in-range',
                  sameDay(day, today) && 'calendar-day-today',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={dateKey(day)}>
                    <button
                      type="button"
                      className={classes}
                      aria-pressed={Boolean(state.selected)}
                      aria-label={longDay.format(day)}
                      disabled={afterLatest(day)}
                      onClick={() => onPick(day)}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
