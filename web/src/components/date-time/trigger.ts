import { daysBetween, dateKey, timeKey } from '@/components/date-time/dates';

export type RelativeDay = 'today' | 'yesterday' | 'tomorrow';

/**
 * SPEC 2: the picker's button reads Today, Yesterday or Tomorrow plus the time; other
 * days read MM-DD in the current year, else YYYY-MM-DD, plus the time.
 */
export function describeDateTime(
  value: Date,
  now: Date,
): { relative: RelativeDay; time: string } | { date: string; time: string } {
  const time = timeKey(value);
  const offset = daysBetween(now, value);
  if (offset === 0) return { relative: 'today', time };
  if (offset === -1) return { relative: 'yesterday', time };
  if (offset === 1) return { relative: 'tomorrow', time };
  const full = dateKey(value);
  return { date: value.getFullYear() === now.getFullYear() ? full.slice(5) : full, time };
}
