import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnergyCard } from '@/features/energy/components/energy-card';
import { estimateBody } from '@/features/energy/testing/estimate';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall } from '@/testing/fetch-mock';
import { profileBody } from '@/testing/profile';
import { renderWithProviders } from '@/testing/render';

function serve(estimate: Record<string, unknown> = {}) {
  let goal = 2000;
  const mock = mockFetch({
    'GET /api/v1/users/profile/': () => ({ body: profileBody({ daily_calorie_goal: goal }) }),
    'GET /api/v1/users/energy-expenditure/': () => ({
      body: estimateBody({ current_goal_kcal: goal, ...estimate }),
    }),
    'PUT /api/v1/users/profile/': (call: MockCall) => {
      goal = (call.body as { daily_calorie_goal: number }).daily_calorie_goal;
      return { body: profileBody({ daily_calorie_goal: goal }) };
    },
  });
  rememberSession();
  return mock;
}

const card = () => screen.getByRole('region', { name: 'Your daily energy need' });

describe('energy card', () => {
  it('says the need with how sure it is, what it rests on, the intake and the trend', async () => {
    serve();
    renderWithProviders(<EnergyCard />);
    expect(await screen.findByText('Your need looks like 2,480 kcal a day')).toBeInTheDocument();
    expect(within(card()).getByText('fairly sure')).toBeInTheDocument();
    expect(within(card()).getByText('21 days logged in full and 21 days weighed, in the last 4 weeks.')).toBeInTheDocument();
    expect(within(card()).getByText('1 day logged only in part is left out.')).toBeInTheDocument();
    expect(within(card()).getByText('75% from your logs and weights, the rest from the formula.')).toBeInTheDocument();
    expect(within(card()).getByText('1,930 kcal a day')).toBeInTheDocument();
    expect(within(card()).getByText('-0.49 kg a week')).toBeInTheDocument();
    expect(within(card()).getByText('Goal for your aim (lose 0.5 kg a week)')).toBeInTheDocument();
    expect(within(card()).getByText('2,120 kcal a day')).toBeInTheDocument();
    const chart = within(card()).getByRole('img');
    expect(chart).toHaveAccessibleName(/^Weight from Nov 10 to Nov 30: weighed .* trend 80\.0 to 78\.6 kg$/);
    expect(chart.querySelectorAll('circle')).toHaveLength(21);
  });

  it('takes the suggested goal in one tap, then shows it as the goal', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<EnergyCard />);
    expect(await screen.findByText('Your goal now: 2,000 kcal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set my goal to 2,120 kcal' }));

    expect(await within(card()).findByText('Your goal now: 2,120 kcal')).toBeInTheDocument();
    expect(within(card()).getByText('This is your goal already.')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: /Set my goal/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ daily_calorie_goal: 2120 }]);
    expect(await screen.findByText('Your daily goal is now 2,120 kcal')).toBeInTheDocument();
  });

  it('with low confidence says the number is the formula’s and what to log', async () => {
    serve({
      confidence: 'low',
      estimated_kcal_per_day: 2300,
      data_share: 0,
      reasons: [
        { code: 'log_more_days', days: 5, message: 'Log 5 more days' },
        { code: 'weigh_more_days', days: 1, message: 'Weigh 1 more day' },
        { code: 'no_activity_level', message: 'No activity level' },
      ],
    });
    renderWithProviders(<EnergyCard />);
    expect(await screen.findByText(/2,300 kcal a day is what the formula gives/)).toBeInTheDocument();
    expect(within(card()).getByText('not sure yet')).toBeInTheDocument();
    expect(within(card()).queryByText(/Your need looks like/)).not.toBeInTheDocument();
    expect(within(card()).getByText('Log your meals on 5 more days to learn your need.')).toBeInTheDocument();
    expect(within(card()).getByText('Weigh yourself on 1 more day to learn your need.')).toBeInTheDocument();
    expect(within(card()).getByText('Goal for your aim (lose 0.5 kg a week), from the formula')).toBeInTheDocument();
  });

  it('without body data says the goal stands in', async () => {
    serve({
      confidence: 'low',
      estimated_kcal_per_day: 2000,
      formula_kcal_per_day: null,
      reasons: [{ code: 'no_body_data', message: 'No body data' }],
      trend: [],
    });
    renderWithProviders(<EnergyCard />);
    expect(await screen.findByText(/there is no formula either, so your current goal, 2,000 kcal, stands in/)).toBeInTheDocument();
    expect(within(card()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('speaks Chinese from the codes, never the server’s English', async () => {
    await i18n.changeLanguage('zh');
    serve({ reasons: [...estimateBody().data.reasons, { code: 'goal_at_floor', kcal: 1200, message: 'Held at 1200' }] });
    renderWithProviders(<EnergyCard />);
    const region = await screen.findByRole('region', { name: '每日能量需求' });
    expect(await within(region).findByText('你每天大约需要 2,480 千卡')).toBeInTheDocument();
    expect(within(region).getByText('比较有把握')).toBeInTheDocument();
    expect(within(region).getByText('过去 4 周中有 21 天完整记录了饮食，21 天称了体重。')).toBeInTheDocument();
    expect(within(region).getByText('目标保持在 1200 千卡，这是没有医生指导时的安全下限。')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '把目标设为 2,120 千卡' })).toBeInTheDocument();
    expect(region).not.toHaveTextContent(/Based on|from your data|Held at/);
  });

  it('says so when the estimate cannot be had', async () => {
    mockFetch({ 'GET /api/v1/users/profile/': { body: profileBody() } });
    rememberSession();
    renderWithProviders(<EnergyCard />);
    await waitFor(() => expect(card()).toHaveTextContent('Your energy need could not be worked out just now.'));
  });
});
