import { describe, expect, it } from 'vitest';
import { dateKey, daysBetween, monthGrid, parseDateKey } from '@/components/date-time/dates';
import { parseTime } from '@/components/date-time/time';
import { describeDateTime } from '@/components/date-time/trigger';

describe('month grid', () => {
  it('has 42 days in weeks from Sunday, covering the month', () => {
    // November 2026 starts on a Sunday (no days of October shown), January 2026 on a
    // Thursday, May 2027 on a Saturday (the month runs into the sixth week).
    for (const month of [new Date(2026, 10, 15), new Date(2026, 0, 1), new Date(2027, 4, 31)]) {
      const grid = monthGrid(month);
      expect(grid).toHaveLength(42);
      expect(grid.every((d, i) => d.getDay() === i % 7)).toBe(true);
      const first = new Date(month.getFullYear(), month.getMonth(), 1);
      const last = new Date(month.getFullYear(), month.getMonth() + 1, 0);
      expect(grid.some((d) => dateKey(d) === dateKey(first))).toBe(true);
      expect(grid.some((d) => dateKey(d) === dateKey(last))).toBe(true);
      // Consecutive days, whatever daylight saving does to the clock.
      expect(grid.slice(1).every((d, i) => daysBetween(grid[i] as Date, d) === 1)).toBe(true);
    }
    expect(dateKey(monthGrid(new Date(2026, 4, 10))[0] as Date)).toBe('2026-04-26');
  });

  it('reads and writes local days', () => {
    expect(dateKey(parseDateKey('2026-02-28') as Date)).toBe('2026-02-28');
    expect(parseDateKey('2026-02-30')).toBeNull();
    expect(parseDateKey('28/02/2026')).toBeNull();
  });
});

describe('time box', () => {
  it.each([
    ['14:30', 14, 30],
    ['1430', 14, 30],
    ['2:30pm', 14, 30],
    ['2:30 PM', 14, 30],
    ['2pm', 14, 0],
    ['14', 14, 0],
    ['9', 9, 0],
    ['noon', 12, 0],
    ['midnight', 0, 0],
    ['12am', 0, 0],
    ['12pm', 12, 0],
    ['0:05', 0, 5],
  ])('reads %s', (text, hours, minutes) => {
    expect(parseTime(text)).toEqual({ hours, minutes });
  });

  it.each(['24:00', '12:60', '13pm', '0am', 'lunch', '', '1:2', '99'])('refuses %s', (text) => {
    expect(parseTime(text)).toBeNull();
  });
});

describe('trigger text', () => {
  const now = new Date(2026, 10, 23, 9, 0);
  it('names today, yesterday and tomorrow, else the date', () => {
    expect(describeDateTime(new Date(2026, 10, 23, 12, 30), now)).toEqual({ relative: 'today', time: '12:30' });
    expect(describeDateTime(new Date(2026, 10, 22, 23, 5), now)).toEqual({ relative: 'yesterday', time: '23:05' });
    expect(describeDateTime(new Date(2026, 10, 24, 7, 0), now)).toEqual({ relative: 'tomorrow', time: '07:00' });
    expect(describeDateTime(new Date(2026, 10, 20, 7, 0), now)).toEqual({ date: '11-20', time: '07:00' });
    expect(describeDateTime(new Date(2025, 11, 31, 20, 0), now)).toEqual({ date: '2025-12-31', time: '20:00' });
  });
});
