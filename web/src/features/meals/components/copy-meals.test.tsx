import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, dateKey } from '@/components/date-time/dates';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import type { Meal } from '@/types/meal';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const today = dateKey(new Date());
const tomorrow = dateKey(addDays(new Date(), 1));
const per = { calories: 116, protein: 2.6, fat: 0.3, carbs: 25.9, fiber: 0.3, sugar: 0.1, sodium: 2 };

function meal(id: number, fields: Partial<Meal> = {}): Meal {
  return {
    id,
    name: `Meal ${id}`,
    meal_type: 'lunch',
    date: today,
    time: '12:30',
    eaten_at: `${today}T04:30:00Z`,
    notes: null,
    foods: [
      {
        id: id * 10, food_id: 7, food_name: 'Rice, white, cooked', food_name_zh: '米饭', brand: null,
        quantity: 150, amount: null, is_quick_add: false, calories: 174, protein: 3.9, fat: 0.5, carbs: 38.9, fiber: 0.6, sugar: 0.1, sodium: 1.5, per_100g: per,
      },
    ],
    total_calories: 174,
    total_protein: 3.9,
    total_fat: 0.5,
    total_carbs: 38.9,
    total_fiber: 0.6,
    total_sugar: 0.1,
    total_sodium: 1.5,
    created_at: '',
    updated_at: '',
    ...fields,
  };
}

const noIntake = { count: 0, calories: 0, protein: 0, fat: 0, carbs: 0 };
const emptyStats = {
  start_date: today, end_date: today, is_single_day: true,
  summary: { total_meals: 0, total_calories: 0, total_protein: 0, total_fat: 0, total_carbs: 0 },
  meal_breakdown: { breakfast: noIntake, lunch: noIntake, dinner: noIntake, snack: noIntake },
  stats: {
    date_range: { start_date: today, end_date: today, days_count: 1 },
    totals: { calories: 0, protein: 0, fat: 0, carbs: 0 },
    daily_average: { calories: 0, protein: 0, fat: 0, carbs: 0 },
    days_logged: 0,
  },
  top_foods: [], daily: [], macro_split: { protein: 0, fat: 0, carbs: 0 }, calorie_goal: 2000,
};

function openStatistics(routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/meals/list/': ok({ meals: [meal(1), meal(2, { name: null })], page: 1, page_size: 100, total: 2, has_more: false }),
    'GET /api/v1/meals/statistics/': ok(emptyStats),
    'GET /api/v1/meals/recent/': ok({ meals: [] }),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/statistics') };
}

const baskets = () => screen.findByRole('region', { name: 'My meal baskets' });

/** Statistics open on the last 7 days; Copy day works on one day: today, picked in the date picker. */
async function showToday(user: ReturnType<typeof openStatistics>['user'], labels = { open: /^Choose dates/, single: 'Single day', apply: 'Apply', locale: 'en-US' }) {
  await user.click(screen.getByRole('button', { name: labels.open }));
  const picker = screen.getByRole('dialog');
  await user.click(within(picker).getByRole('button', { name: labels.single }));
  await user.click(within(picker).getByRole('button', { name: new Intl.DateTimeFormat(labels.locale, { dateStyle: 'full' }).format(new Date()) }));
  await user.click(within(picker).getByRole('button', { name: labels.apply }));
}
const posts = (calls: MockCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

describe('copying a meal', () => {
  it('asks when, copies, says what it did, and undoes it', async () => {
    const { user, calls } = openStatistics({
      'POST /api/v1/meals/1/copy/': ok(meal(41, { name: 'Meal 1', eaten_at: `${today}T00:15:00Z` })),
      'DELETE /api/v1/meals/41/delete/': ok({ id: 41, deleted: true }),
    });
    await within(await baskets()).findAllByRole('article');
    await user.click(within(await baskets()).getByRole('button', { name: 'Copy Meal 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy “Meal 1”' });
    // Today, now, unless changed: here the time becomes 08:15.
    await user.click(within(dialog).getByRole('button', { name: /^Eaten at: Today \d\d:\d\d$/ }));
    const time = within(dialog).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '08:15');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByRole('button', { name: 'Eaten at: Today 08:15' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy meal' }));

    const notice = await within(await baskets()).findByRole('status');
    expect(notice).toHaveTextContent('Logged “Meal 1” again for today');
    expect(screen.queryByRole('dialog', { name: 'Copy “Meal 1”' })).not.toBeInTheDocument();
    // The page stays: the copy is saved, not opened in the basket.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/statistics/);
    const at = new Date();
    at.setHours(8, 15, 0, 0);
    expect(posts(calls, '/api/v1/meals/1/copy/')[0]?.body).toEqual({ date: at.toISOString(), name: 'Meal 1' });

    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Removed “Meal 1” from today')).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/meals/41/delete/')).toBe(true);
    expect(within(await baskets()).queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's message, or a generic one, and stays open", async () => {
    let reply: () => MockReply | Promise<MockReply> = () => failure(404, 'Meal not found', 'MEAL_NOT_FOUND');
    const { user } = openStatistics({ 'POST /api/v1/meals/1/copy/': () => reply() });
    await within(await baskets()).findAllByRole('article');
    await user.click(within(await baskets()).getByRole('button', { name: 'Copy Meal 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy “Meal 1”' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy meal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Meal not found');

    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy meal' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to copy. Please try again.'));
    expect(sessionStorage.getItem('mealToOpen')).toBeNull();
  });
});

describe('copying a day', () => {
  it("copies today's meals to tomorrow, says how many, and shows tomorrow", async () => {
    const { user, calls } = openStatistics({
      'POST /api/v1/meals/copy-day/': ok({ meals: [meal(51), meal(52)], count: 2 }),
    });
    await within(await baskets()).findAllByRole('article');
    await showToday(user);
    await user.click(await screen.findByRole('button', { name: 'Copy day' }));
    const dialog = screen.getByRole('dialog', { name: `Copy the meals of ${today}` });
    await user.click(within(dialog).getByRole('button', { name: `Copy to ${tomorrow}` }));

    expect(await screen.findByText(`Copied 2 meals to ${tomorrow}`)).toBeVisible();
    expect(posts(calls, '/api/v1/meals/copy-day/')[0]?.body).toEqual({ from_date: today, to_date: tomorrow });
    expect(screen.getByRole('button', { name: `Choose dates: ${tomorrow}` })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((call) => call.path.includes(`/meals/list/?start_date=${tomorrow}&end_date=${tomorrow}`))).toBe(true),
    );
    expect(screen.queryByRole('dialog', { name: /Copy the meals/ })).not.toBeInTheDocument();
  });

  it("shows the copies in the day copied to's list and statistics", async () => {
    const onTomorrow = (call: MockCall) => call.path.includes(`start_date=${tomorrow}&end_date=${tomorrow}`);
    const { user } = openStatistics({
      'POST /api/v1/meals/copy-day/': ok({ meals: [meal(51)], count: 1 }),
      'GET /api/v1/meals/list/': (call) =>
        onTomorrow(call)
          ? ok({ meals: [meal(51)], page: 1, page_size: 100, total: 1, has_more: false })
          : ok({ meals: [meal(1), meal(2, { name: null })], page: 1, page_size: 100, total: 2, has_more: false }),
      'GET /api/v1/meals/statistics/': (call) =>
        onTomorrow(call) ? ok({ ...emptyStats, summary: { ...emptyStats.summary, total_meals: 1 } }) : ok(emptyStats),
    });
    await within(await baskets()).findAllByRole('article');
    await showToday(user);
    await user.click(await screen.findByRole('button', { name: 'Copy day' }));
    await user.click(screen.getByRole('button', { name: `Copy to ${tomorrow}` }));
    await waitFor(async () => expect(await within(await baskets()).findAllByRole('article')).toHaveLength(1));
    expect(within(await baskets()).getByRole('article')).toHaveTextContent('Meal 51');
    expect(await screen.findByRole('region', { name: 'Overview' })).toHaveTextContent('Meals1');
  });

  it('copies to the day picked in the calendar', async () => {
    const { user, calls } = openStatistics({
      'POST /api/v1/meals/copy-day/': ok({ meals: [meal(51)], count: 1 }),
    });
    await within(await baskets()).findAllByRole('article');
    await showToday(user);
    await user.click(await screen.findByRole('button', { name: 'Copy day' }));
    const dialog = screen.getByRole('dialog', { name: `Copy the meals of ${today}` });
    const inTwoDays = addDays(new Date(), 2);
    if (inTwoDays.getMonth() !== new Date().getMonth()) {
      await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    }
    const label = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(inTwoDays);
    await user.click(within(dialog).getByRole('button', { name: label }));
    await user.click(within(dialog).getByRole('button', { name: `Copy to ${dateKey(inTwoDays)}` }));
    expect(await screen.findByText(`Copied 1 meal to ${dateKey(inTwoDays)}`)).toBeVisible();
    expect(posts(calls, '/api/v1/meals/copy-day/')[0]?.body).toEqual({ from_date: today, to_date: dateKey(inTwoDays) });
  });

  it("shows the server's message", async () => {
    const { user } = openStatistics({
      'POST /api/v1/meals/copy-day/': failure(404, 'There are no meals on that day', 'NO_MEALS_ON_DAY'),
    });
    await within(await baskets()).findAllByRole('article');
    await showToday(user);
    await user.click(await screen.findByRole('button', { name: 'Copy day' }));
    const dialog = screen.getByRole('dialog', { name: `Copy the meals of ${today}` });
    await user.click(within(dialog).getByRole('button', { name: `Copy to ${tomorrow}` }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There are no meals on that day');
  });

  it('is offered for a single day with meals only, in both languages', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openStatistics();
    const list = await screen.findByRole('region', { name: '我的餐篮' });
    await within(list).findAllByRole('article');
    // Not for the 7 days statistics open on.
    expect(screen.queryByRole('button', { name: '复制当天' })).not.toBeInTheDocument();
    await showToday(user, { open: /^选择日期/, single: '单日', apply: '应用', locale: 'zh-CN' });
    expect(await screen.findByRole('button', { name: '复制当天' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: '复制Meal 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '显示全部' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '复制当天' })).not.toBeInTheDocument());
  });
});
