import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateTimePicker } from '@/components/date-time/date-time-picker';
import { renderWithProviders } from '@/testing/render';

const now = () => new Date(2026, 10, 23, 9, 0);

/** The picker with its value kept in state, as the basket keeps it. */
function Harness({ start, changes, pastOnly }: { start: Date; changes: Date[]; pastOnly?: boolean }) {
  const [value, setValue] = useState(start);
  return (
    <DateTimePicker
      label="Meal time"
      value={value}
      now={now}
      pastOnly={pastOnly}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function open(start = new Date(2026, 10, 23, 12, 30), pastOnly = false) {
  const changes: Date[] = [];
  const view = renderWithProviders(<Harness start={start} changes={changes} pastOnly={pastOnly} />);
  return { ...view, changes };
}

describe('date-time picker', () => {
  it('names the day and time on its button', () => {
    open(new Date(2026, 10, 22, 19, 5));
    expect(screen.getByRole('button', { name: 'Meal time: Yesterday 19:05' })).toBeVisible();
  });

  it('shows the month as 42 days from Sunday, and moves between months', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Meal time: Today 12:30' }));
    const panel = screen.getByRole('dialog', { name: 'Meal time' });
    const grid = within(panel).getByRole('grid', { name: 'November 2026' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat',
    ]);
    expect(within(grid).getAllByRole('button')).toHaveLength(42);
    expect(within(grid).getByRole('button', { name: 'Monday, November 23, 2026' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(panel).getByRole('button', { name: 'Next month' }));
    expect(within(panel).getByRole('grid', { name: 'December 2026' })).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Previous month' }));
    await user.click(within(panel).getByRole('button', { name: 'Previous month' }));
    expect(within(panel).getByRole('grid', { name: 'October 2026' })).toBeVisible();
  });

  it('offers no day after today for a meal, nor the months after this one', async () => {
    const { user, changes } = open(new Date(2026, 10, 23, 12, 30), true);
    await user.click(screen.getByRole('button', { name: 'Meal time: Today 12:30' }));
    const panel = screen.getByRole('dialog', { name: 'Meal time' });
    expect(within(panel).getByRole('button', { name: 'Monday, November 23, 2026' })).toBeEnabled();
    const tomorrow = within(panel).getByRole('button', { name: 'Tuesday, November 24, 2026' });
    expect(tomorrow).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Saturday, December 5, 2026' })).toBeDisabled();
    await user.click(tomorrow);
    expect(changes).toEqual([]);
    expect(within(panel).getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Sunday, November 22, 2026' }));
    expect(changes.at(-1)).toEqual(new Date(2026, 10, 22, 12, 30));
  });

  it('keeps the time when another day is picked', async () => {
    const { user, changes } = open();
    await user.click(screen.getByRole('button', { name: /^Meal time:/ }));
    await user.click(screen.getByRole('button', { name: 'Thursday, November 19, 2026' }));
    expect(changes.at(-1)).toEqual(new Date(2026, 10, 19, 12, 30));
    expect(screen.getByRole('button', { name: 'Meal time: 11-19 12:30' })).toBeVisible();
  });

  it('reads a typed time, and puts back one it cannot read', async () => {
    const { user, changes } = open();
    await user.click(screen.getByRole('button', { name: /^Meal time:/ }));
    const time = screen.getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '2:15pm{Enter}');
    expect(time).toHaveValue('14:15');
    expect(changes.at(-1)).toEqual(new Date(2026, 10, 23, 14, 15));
    await user.clear(time);
    await user.type(time, '25:00{Enter}');
    expect(time).toHaveValue('14:15');
    await user.clear(time);
    await user.type(time, 'noon');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Meal time: Today 12:00' })).toBeVisible();
  });

  it('closes on Escape', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: /^Meal time:/ }));
    expect(screen.getByRole('dialog', { name: 'Meal time' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
