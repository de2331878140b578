import { describe, expect, it } from 'vitest';
import { dateKey } from '@/components/date-time/dates';
import { lastDays, pickDay, shiftSpan, spanDates } from '@/features/meals/utils/span';

const day = (d: number) => new Date(2026, 10, d);
const keys = (span: { start: Date; end: Date }) => [dateKey(span.start), dateKey(span.end)];

describe('statistics date picker', () => {
  it('picks one day in single mode', () => {
    const next = pickDay({ start: day(1), end: day(5) }, 'single', 'start', day(9));
    expect(keys(next.span)).toEqual(['2026-11-09', '2026-11-09']);
  });

  it('picks the start then the end in range mode, swapping an earlier end', () => {
    const first = pickDay({ start: day(1), end: day(1) }, 'range', 'start', day(10));
    expect(first.step).toBe('end');
    const second = pickDay(first.span, 'range', first.step, day(4));
    expect(keys(second.span)).toEqual(['2026-11-04', '2026-11-10']);
    expect(second.step).toBe('start');
    const forward = pickDay(first.span, 'range', 'end', day(20));
    expect(keys(forward.span)).toEqual(['2026-11-10', '2026-11-20']);
  });

  it('quick selects are today and the days before it', () => {
    expect(keys(lastDays(7, new Date(2026, 10, 23, 18)))).toEqual(['2026-11-17', '2026-11-23']);
    expect(keys(lastDays(30, new Date(2026, 10, 23)))).toEqual(['2026-10-25', '2026-11-23']);
    expect(spanDates('all')).toBe('all');
  });

  it('steps a day or a range by its own length', () => {
    expect(keys(shiftSpan({ start: day(9), end: day(9) }, -1))).toEqual(['2026-11-08', '2026-11-08']);
    expect(keys(shiftSpan({ start: day(17), end: day(23) }, -1))).toEqual(['2026-11-10', '2026-11-16']);
    expect(keys(shiftSpan({ start: day(17), end: day(23) }, 1))).toEqual(['2026-11-24', '2026-11-30']);
    // 8 days across the change to winter time stay 8 days.
    expect(keys(shiftSpan({ start: new Date(2026, 9, 25), end: new Date(2026, 10, 1) }, 1))).toEqual([
      '2026-11-02',
      '2026-11-09',
    ]);
  });
});
