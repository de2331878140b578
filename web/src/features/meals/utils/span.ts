import { addDays, dateKey, daysBetween, startOfDay } from '@/components/date-time/dates';

/** Local days `start..end` (both midnights), or every meal ever logged. */
export type DaySpan = { start: Date; end: Date } | 'all';

export type PickMode = 'single' | 'range';

/** Where a range selection stands: the next click picks its start or its end. */
export type PickStep = 'start' | 'end';

/**
 * SPEC 4 "Statistics date picker": in single mode a click picks the day; in range mode
 * the first click picks the start, the second the end, swapped when it is earlier.
 */
export function pickDay(
  span: { start: Date; end: Date },
  mode: PickMode,
  step: PickStep,
  day: Date,
): { span: { start: Date; end: Date }; step: PickStep } {
  const picked = startOfDay(day);
  if (mode === 'single' || step === 'start') return { span: { start: picked, end: picked }, step: mode === 'single' ? 'start' : 'end' };
  return picked < span.start
    ? { span: { start: picked, end: span.start }, step: 'start' }
    : { span: { start: span.start, end: picked }, step: 'start' };
}

/** SPEC 4: today and the `days - 1` before it. */
export function lastDays(days: number, today: Date): { start: Date; end: Date } {
  const end = startOfDay(today);
  return { start: addDays(end, -(days - 1)), end };
}

/** The call's parameters for a span. */
export function spanDates(span: DaySpan): { start_date: string; end_date: string } | 'all' {
  return span === 'all' ? 'all' : { start_date: dateKey(span.start), end_date: dateKey(span.end) };
}

/** The span of the same length just before (-1) or after (+1): a day moves a day, a week a week. */
export function shiftSpan(span: { start: Date; end: Date }, direction: -1 | 1): { start: Date; end: Date } {
  const length = daysBetween(span.start, span.end) + 1;
  return { start: addDays(span.start, direction * length), end: addDays(span.end, direction * length) };
}
