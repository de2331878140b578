import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnergyCheckIn } from '@/features/energy/components/energy-check-in';
import { estimateBody } from '@/features/energy/testing/estimate';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall } from '@/testing/fetch-mock';
import { profileBody } from '@/testing/profile';
import { renderWithProviders } from '@/testing/render';

function serve(estimate: Record<string, unknown> = {}) {
  let goal = 2000;
  const mock = mockFetch({
    'GET /api/v1/auth/user/': { body: { success: true, data: { id: 1, username: 'ann', nickname: 'Ann' } } },
    'GET /api/v1/users/profile/': () => ({ body: profileBody({ daily_calorie_goal: goal }) }),
    'GET /api/v1/users/energy-expenditure/': () => ({ body: estimateBody({ current_goal_kcal: goal, ...estimate }) }),
    'PUT /api/v1/users/profile/': (call: MockCall) => {
      goal = (call.body as { daily_calorie_goal: number }).daily_calorie_goal;
      return { body: profileBody({ daily_calorie_goal: goal }) };
    },
  });
  rememberSession();
  return mock;
}

const question = 'Your need looks like 2,480 kcal a day, so your goal could be 120 kcal higher: 2,120 kcal. Update?';
const energyAsked = (calls: MockCall[]) => calls.some((call) => call.path.startsWith('/api/v1/users/energy-expenditure/'));

describe('weekly check-in', () => {
  it('asks when the suggestion is 100 kcal or more from the goal; Update takes it in one tap', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<EnergyCheckIn />);
    expect(await screen.findByText(question)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Weekly check-in' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ daily_calorie_goal: 2120 }]);
    expect(await screen.findByText('Your daily goal is now 2,120 kcal')).toBeInTheDocument();
  });

  it('after Not now stays away for the week, for that person', async () => {
    const { calls } = serve();
    const { user, unmount } = renderWithProviders(<EnergyCheckIn />);
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(question)).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    unmount();

    calls.length = 0;
    renderWithProviders(<EnergyCheckIn />);
    // Answered this week: not even asked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(energyAsked(calls)).toBe(false);
    expect(screen.queryByRole('region', { name: 'Weekly check-in' })).not.toBeInTheDocument();
  });

  it('comes back a week later', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    const key = `${eightDaysAgo.getFullYear()}-${String(eightDaysAgo.getMonth() + 1).padStart(2, '0')}-${String(eightDaysAgo.getDate()).padStart(2, '0')}`;
    serve();
    window.localStorage.setItem('energy_check_in:ann', key);
    renderWithProviders(<EnergyCheckIn />);
    expect(await screen.findByText(question)).toBeInTheDocument();
  });

  it('keeps quiet with low confidence or a goal within 100 kcal', async () => {
    const { calls } = serve({ suggested_goal_kcal: 2090 });
    const { unmount } = renderWithProviders(<EnergyCheckIn />);
    await waitFor(() => expect(energyAsked(calls)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Weekly check-in' })).not.toBeInTheDocument();
    unmount();

    const low = serve({ confidence: 'low' });
    renderWithProviders(<EnergyCheckIn />);
    await waitFor(() => expect(energyAsked(low.calls)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Weekly check-in' })).not.toBeInTheDocument();
  });

  it('asks in Chinese, lower too', async () => {
    await i18n.changeLanguage('zh');
    serve({ suggested_goal_kcal: 1850 });
    renderWithProviders(<EnergyCheckIn />);
    expect(
      await screen.findByText('你每天的需求看起来约为 2,480 千卡，目标可以降低 150 千卡，设为 1,850 千卡。要更新吗？'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '更新' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '以后再说' })).toBeInTheDocument();
  });
});
