import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dateKey } from '@/components/date-time/dates';
import { WeightPanel } from '@/features/weight/components/weight-panel';
import type { WeightHistory } from '@/features/weight/types';
import { mockFetch } from '@/testing/fetch-mock';
import { failure, ok } from '@/testing/foods';
import { renderWithProviders } from '@/testing/render';

const record = (id: number, date: string, weight: number) => ({
  id, date, weight, notes: id === 2 ? 'after run' : null, created_at: '', updated_at: '',
});

function history(records = [record(1, '2026-11-01', 72.4), record(2, '2026-11-20', 70.8)]): WeightHistory {
  return { start_date: '2026-10-22', end_date: '2026-11-20', records, latest: records.at(-1) ?? null, change: records.length > 1 ? -1.6 : null };
}

describe('weight panel', () => {
  it('lists the records newest first with the change over the period', async () => {
    mockFetch({ 'GET /api/v1/meals/weight-history/': ok(history()) });
    renderWithProviders(<WeightPanel />);
    const section = await screen.findByRole('region', { name: 'Weight' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('2026-11-2070.8 kgafter run');
    expect(items[1]).toHaveTextContent('2026-11-0172.4 kg');
    expect(section).toHaveTextContent('-1.6 kg over this period');
  });

  it("records today's weight, refusing one out of range before asking the server, and shows the server's refusal", async () => {
    let posted: unknown = null;
    const { calls } = mockFetch({
      'GET /api/v1/meals/weight-history/': ok(history([])),
      'POST /api/v1/meals/record-weight/': (call) => {
        posted = call.body;
        const body = call.body as { weight: number; notes?: string };
        return body.notes === 'tomorrow'
          ? failure(422, 'A weight cannot be recorded for a future day', 'VALIDATION_ERROR')
          : { status: 201, body: { success: true, data: record(3, dateKey(new Date()), body.weight) } };
      },
    });
    const { user } = renderWithProviders(<WeightPanel />);
    expect(await screen.findByText('No weight recorded yet.')).toBeVisible();
    const weight = screen.getByLabelText('Weight (kg)');
    await user.type(weight, '900');
    await user.click(screen.getByRole('button', { name: 'Record weight' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a weight from 20 to 500 kg');
    expect(weight).toBeInvalid();
    expect(weight).toHaveAccessibleDescription('Enter a weight from 20 to 500 kg');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(weight);
    expect(weight).toHaveAttribute('aria-invalid', 'false');
    await user.type(weight, '70.5');
    await user.type(screen.getByLabelText('Notes'), 'tomorrow');
    await user.click(screen.getByRole('button', { name: 'Record weight' }));
    expect(await screen.findByText('A weight cannot be recorded for a future day')).toBeVisible();
    await user.clear(screen.getByLabelText('Notes'));
    await user.clear(screen.getByLabelText('Weight (kg)'));
    await user.type(screen.getByLabelText('Weight (kg)'), '70.5');
    await user.type(screen.getByLabelText('Notes'), 'morning');
    await user.click(screen.getByRole('button', { name: 'Record weight' }));
    expect(await screen.findByText('Weight recorded')).toBeVisible();
    expect(posted).toEqual({ date: dateKey(new Date()), weight: 70.5, notes: 'morning' });
    expect(calls.filter((call) => call.path.startsWith('/api/v1/meals/weight-history/')).length).toBeGreaterThan(1);
  });

  it('deletes a record after confirmation', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/meals/weight-history/': ok(history()),
      'DELETE /api/v1/meals/weight/1/delete/': ok({ id: 1, deleted: true }),
    });
    const { user } = renderWithProviders(<WeightPanel />);
    await user.click(await screen.findByRole('button', { name: 'Delete the record of 2026-11-01' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this weight record?' });
    expect(dialog).toHaveTextContent('The record of 2026-11-01 (72.4 kg) will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    expect(await screen.findByText('Record deleted')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/v1/meals/weight/1/delete/',
    ]);
  });
});
