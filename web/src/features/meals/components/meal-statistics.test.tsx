import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, dateKey } from '@/components/date-time/dates';
import type { Statistics } from '@/features/meals/types';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, ok } from '@/testing/foods';
import { noMicronutrients } from '@/testing/meals';
import { renderApp } from '@/testing/render';
import type { Meal } from '@/types/meal';

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const today = dateKey(new Date());
const per = { calories: 116, protein: 2.6, fat: 0.3, carbs: 25.9, fiber: 0.3, sugar: 0.1, sodium: 2 };

function meal(id: number, fields: Partial<Meal> = {}): Meal {
  const food = (n: number) => ({
    id: id * 10 + n, food_id: n, food_name: `Food ${n}`, food_name_zh: null, brand: null,
    quantity: 100, amount: null, is_quick_add: false, calories: 116, protein: 2.6, fat: 0.3, carbs: 25.9, fiber: 0.4, sugar: 0.1, sodium: 1, per_100g: per,
  });
  return {
    id, name: `Meal ${id}`, meal_type: 'lunch', date: today, time: '12:30', eaten_at: `${today}T04:30:00Z`,
    notes: null, foods: [food(1), food(2), food(3), food(4), food(5)],
    total_calories: 580, total_protein: 13, total_fat: 1.5, total_carbs: 129.5, total_fiber: 2, total_sugar: 0.5, total_sodium: 5,
    created_at: '', updated_at: '', ...fields,
  };
}

const intake = (count: number, calories: number) => ({ count, calories, protein: 0, fat: 0, carbs: 0 });

function stats(fields: Partial<Statistics> = {}): Statistics {
  return {
    start_date: today, end_date: today, is_single_day: true,
    summary: { total_meals: 2, total_calories: 1160, total_protein: 26, total_fat: 3, total_carbs: 259 },
    meal_breakdown: { breakfast: intake(0, 0), lunch: intake(1, 580), dinner: intake(1, 580), snack: intake(0, 0) },
    stats: {
      date_range: { start_date: today, end_date: today, days_count: 1 },
      totals: { calories: 1160, protein: 26, fat: 3, carbs: 259 },
      daily_average: { calories: 1160, protein: 26, fat: 3, carbs: 259 },
      logged_day_average: { calories: 1160, protein: 26, fat: 3, carbs: 259 },
      days_logged: 1,
    },
    top_foods: [{ food_id: 1, name: 'Rice, white, cooked', name_zh: '米饭', total_quantity: 350, total_calories: 406, frequency: 2 }],
    daily: [{ date: today, meals: 2, calories: 1160, protein: 26, fat: 3, carbs: 259 }],
    macro_split: { protein: 8.6, fat: 2.2, carbs: 89.2 },
    calorie_goal: 2000,
    ...noMicronutrients(),
    ...fields,
  };
}

function openStatistics(routes: Record<string, MockReply | ((call: MockCall) => MockReply)> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/meals/list/': ok({ meals: [meal(1), meal(2, { name: null, meal_type: 'dinner' })], page: 1, page_size: 100, total: 2, has_more: false }),
    'GET /api/v1/meals/statistics/': ok(stats()),
    // The week's meals are the baskets' own: the recent section repeats none of them.
    'GET /api/v1/meals/recent/': ok({ meals: [meal(1), meal(2, { name: null, meal_type: 'dinner' })] }),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/statistics') };
}

describe('statistics page', () => {
  it('opens on the last 7 days: the meal baskets, the overview, the per-type breakdown and the top foods', async () => {
    const { calls } = openStatistics();
    const baskets = await screen.findByRole('region', { name: 'My meal baskets' });
    const cards = await within(baskets).findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Meal 1');
    expect(cards[0]).toHaveTextContent('580 kcal');
    expect(cards[0]).toHaveTextContent('Food 3');
    expect(cards[0]).not.toHaveTextContent('Food 4');
    expect(cards[0]).toHaveTextContent('and 2 more foods');
    expect(cards[1]).toHaveTextContent('Unnamed meal');
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(overview).toHaveTextContent('Meals2');
    expect(overview).toHaveTextContent('1,160 kcal');
    expect(within(overview).getByRole('list')).toHaveTextContent('Dinner1 meal580 kcal');
    expect(screen.getByRole('region', { name: 'Top calorie sources' })).toHaveTextContent('Rice, white, cooked');
    expect(screen.getByRole('region', { name: 'Macro split' })).toHaveTextContent('89.2% of energy');
    // Everything fits on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Meal pages' })).toBeNull();
    // The week's meals are listed once: the recent section says they are listed above.
    const recent = screen.getByRole('region', { name: 'Recent 7 days' });
    expect(await within(recent).findByText('Every meal of the last 7 days is listed above.')).toBeVisible();
    expect(within(recent).queryByRole('article')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(calls.some((call) => call.path === '/api/v1/meals/recent/?limit=50')).toBe(true);
    const list = calls.find((call) => call.path.startsWith('/api/v1/meals/list/'));
    const first = dateKey(addDays(new Date(), -6));
    expect(list?.path).toContain(`start_date=${first}&end_date=${today}&page=1&page_size=100`);
    expect(screen.getByRole('button', { name: /^Choose dates/ })).toHaveAccessibleName(`Choose dates: ${first} – ${today}`);
  });

  it('shows the week against the goal line, in whole kilocalories, without opening the picker', async () => {
    const days = Array.from({ length: 7 }, (_, i) => dateKey(addDays(new Date(), i - 6)));
    const daily = days.map((date, i) => ({ date, meals: 1, calories: i === 6 ? 305.5 : 1132.8, protein: 4.32, fat: 0, carbs: 0 }));
    openStatistics({
      'GET /api/v1/meals/statistics/': ok(
        stats({
          is_single_day: false,
          daily,
          stats: {
            date_range: { start_date: days[0] ?? today, end_date: today, days_count: 7 },
            totals: { calories: 7102.3, protein: 30.24, fat: 0, carbs: 0 },
            daily_average: { calories: 1014.6, protein: 4.32, fat: 0, carbs: 0 },
            logged_day_average: { calories: 1014.6, protein: 4.32, fat: 0, carbs: 0 },
            days_logged: 7,
          },
        }),
      ),
    });
    const chart = await screen.findByRole('region', { name: 'Calories per day' });
    const rows = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent(`${today}3062,000`);
    expect(rows[1]).toHaveTextContent('1,1332,000');
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(overview).toHaveTextContent('7,102 kcal');
    expect(overview).toHaveTextContent('30.2 g');
    expect(overview).not.toHaveTextContent(/\d\.\d+ kcal/);
  });

  it('picks a single day, and everything with Show all', async () => {
    const { user, calls } = openStatistics();
    await screen.findByRole('region', { name: 'Overview' });
    await user.click(screen.getByRole('button', { name: /^Choose dates/ }));
    const picker = screen.getByRole('dialog', { name: 'Dates' });
    expect(within(within(picker).getByRole('grid')).getAllByRole('button')).toHaveLength(42);
    await user.click(within(picker).getByRole('button', { name: 'Single day' }));
    const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });
    await user.click(within(picker).getByRole('button', { name: full.format(new Date()) }));
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path.includes(`/meals/statistics/?start_date=${today}&end_date=${today}`))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/meals/statistics/?all=true')).toBe(true));
    expect(screen.getByRole('button', { name: 'Choose dates: All meals' })).toBeVisible();
  });

  it('picks a range in either order, and leaves the dates alone on Cancel or Escape', async () => {
    const { user, calls } = openStatistics();
    await screen.findByRole('region', { name: 'Overview' });
    const now = new Date();
    const day = (d: number) => new Date(now.getFullYear(), now.getMonth(), d);
    const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });
    const trigger = () => screen.getByRole('button', { name: /^Choose dates/ });

    await user.click(trigger());
    let picker = screen.getByRole('dialog', { name: 'Dates' });
    await user.click(within(picker).getByRole('button', { name: 'Date range' }));
    expect(picker).toHaveTextContent('Pick the first day');
    await user.click(within(picker).getByRole('button', { name: full.format(day(10)) }));
    expect(picker).toHaveTextContent('Pick the last day');
    // An end before the start: the two swap.
    await user.click(within(picker).getByRole('button', { name: full.format(day(4)) }));
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    const span = `${dateKey(day(4))} – ${dateKey(day(10))}`;
    expect(trigger()).toHaveAccessibleName(`Choose dates: ${span}`);
    await waitFor(() =>
      expect(calls.some((call) => call.path.includes(`/meals/list/?start_date=${dateKey(day(4))}&end_date=${dateKey(day(10))}`))).toBe(true),
    );

    await user.click(trigger());
    picker = screen.getByRole('dialog', { name: 'Dates' });
    await user.click(within(picker).getByRole('button', { name: 'Single day' }));
    await user.click(within(picker).getByRole('button', { name: full.format(day(12)) }));
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    expect(trigger()).toHaveAccessibleName(`Choose dates: ${span}`);
    await user.click(trigger());
    await user.click(within(screen.getByRole('dialog', { name: 'Dates' })).getByRole('button', { name: 'Last 30 days' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Dates' })).toBeNull();
    expect(trigger()).toHaveAccessibleName(`Choose dates: ${span}`);
  });

  it('pages through more than 100 meals, newest first', async () => {
    const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => meal(from + i, { foods: [] }));
    const { user, calls } = openStatistics({
      'GET /api/v1/meals/list/': (call) =>
        call.path.includes('page=2')
          ? ok({ meals: many(101, 3), page: 2, page_size: 100, total: 103, has_more: false })
          : ok({ meals: many(1, 100), page: 1, page_size: 100, total: 103, has_more: true }),
    });
    const pages = await screen.findByRole('navigation', { name: 'Meal pages' });
    expect(pages).toHaveTextContent('Meals 1–100 of 103');
    expect(within(pages).getByRole('button', { name: 'Newer meals' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Older meals' }));
    await waitFor(() => expect(pages).toHaveTextContent('Meals 101–103 of 103'));
    expect(within(screen.getByRole('region', { name: 'My meal baskets' })).getAllByRole('article')).toHaveLength(3);
    expect(within(pages).getByRole('button', { name: 'Older meals' })).toBeDisabled();
    expect(calls.some((call) => call.path.includes('/meals/list/?') && call.path.includes('page=2&page_size=100'))).toBe(true);
  });

  it('edits a meal in the basket through session storage', async () => {
    const { user } = openStatistics();
    const baskets = await screen.findByRole('region', { name: 'My meal baskets' });
    await within(baskets).findAllByRole('article');
    await user.click(within(baskets).getByRole('button', { name: 'Edit Meal 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(JSON.parse(sessionStorage.getItem('mealToOpen') ?? '{}')).toMatchObject({ id: 1, name: 'Meal 1' });
    expect(await screen.findByRole('complementary', { name: 'Editing basket' })).toBeVisible();
  });

  it('deletes a meal after confirmation', async () => {
    const { user, calls } = openStatistics({ 'DELETE /api/v1/meals/2/delete/': ok({ id: 2, deleted: true }) });
    const baskets = await screen.findByRole('region', { name: 'My meal baskets' });
    await within(baskets).findAllByRole('article');
    await user.click(within(baskets).getByRole('button', { name: 'Delete Unnamed meal' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this meal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Unnamed meal' }));
    expect(await screen.findByText('Meal deleted')).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/meals/2/delete/')).toBe(true);
  });

  it('shows the server message when statistics cannot load', async () => {
    openStatistics({ 'GET /api/v1/meals/statistics/': failure(422, 'A date range can span at most 731 days', 'VALIDATION_ERROR') });
    expect(await screen.findByText('A date range can span at most 731 days')).toBeVisible();
  });
});

describe('statistics: the recent 7 days', () => {
  const yesterday = dateKey(addDays(new Date(), -1));
  const page = (meals: Meal[]) => ok({ meals, page: 1, page_size: 100, total: meals.length, has_more: false });
  /** The baskets list today's meals when today is picked, else `week`. */
  const listed = (week: Meal[], todays: Meal[]) => (call: MockCall) =>
    call.path.includes(`start_date=${today}&end_date=${today}`) ? page(todays) : page(week);

  async function pickToday(user: ReturnType<typeof openStatistics>['user'], labels = { single: 'Single day', apply: 'Apply', locale: 'en-US' }) {
    await user.click(screen.getByRole('button', { name: /^(Choose dates|选择日期)/ }));
    const picker = screen.getByRole('dialog');
    await user.click(within(picker).getByRole('button', { name: labels.single }));
    await user.click(within(picker).getByRole('button', { name: new Intl.DateTimeFormat(labels.locale, { dateStyle: 'full' }).format(new Date()) }));
    await user.click(within(picker).getByRole('button', { name: labels.apply }));
  }

  it("lists a meal of both the period and the last 7 days once, and the week's others below", async () => {
    const lunch = meal(1, { name: 'Rice lunch' });
    const earlier = meal(3, { name: 'Noodle dinner', date: yesterday, meal_type: 'dinner' });
    const { user } = openStatistics({
      'GET /api/v1/meals/list/': listed([lunch, earlier], [lunch]),
      'GET /api/v1/meals/recent/': ok({ meals: [lunch, earlier] }),
    });
    const baskets = await screen.findByRole('region', { name: 'My meal baskets' });
    const recent = screen.getByRole('region', { name: 'Recent 7 days' });
    // The last 7 days: both meals in the baskets, none again below.
    await within(recent).findByText('Every meal of the last 7 days is listed above.');
    expect(within(baskets).getAllByRole('article')).toHaveLength(2);
    expect(screen.getAllByText('Rice lunch')).toHaveLength(1);
    expect(screen.getAllByText('Noodle dinner')).toHaveLength(1);

    // Today only: yesterday's dinner is outside the period, so it is the recent one.
    await pickToday(user);
    await waitFor(() => expect(within(baskets).getAllByRole('article')).toHaveLength(1));
    const shown = await within(recent).findAllByRole('article');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('Noodle dinner');
    expect(within(baskets).getByRole('article')).toHaveTextContent('Rice lunch');
    expect(screen.getAllByText('Rice lunch')).toHaveLength(1);
    expect(screen.getAllByText('Noodle dinner')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(within(recent).queryByText('Every meal of the last 7 days is listed above.')).toBeNull();
  });

  it('shows the first 6 of the recent meals the baskets do not list', async () => {
    const lunch = meal(1);
    const others = Array.from({ length: 8 }, (_, i) => meal(10 + i, { date: yesterday }));
    const { user } = openStatistics({
      'GET /api/v1/meals/list/': listed([lunch, ...others], [lunch]),
      'GET /api/v1/meals/recent/': ok({ meals: [lunch, ...others] }),
    });
    await screen.findByRole('region', { name: 'My meal baskets' });
    await pickToday(user);
    const recent = screen.getByRole('region', { name: 'Recent 7 days' });
    await waitFor(() => expect(within(recent).getAllByRole('article')).toHaveLength(6));
    const names = within(recent).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Meal 10', 'Meal 11', 'Meal 12', 'Meal 13', 'Meal 14', 'Meal 15']);
    expect(screen.getAllByText('Meal 1')).toHaveLength(1);
  });

  it('says when the last 7 days have no meals', async () => {
    openStatistics({ 'GET /api/v1/meals/list/': page([]), 'GET /api/v1/meals/recent/': ok({ meals: [] }) });
    const recent = await screen.findByRole('region', { name: 'Recent 7 days' });
    expect(await within(recent).findByText('No meals in the last 7 days.')).toBeVisible();
  });

  it('in Chinese: the heading, the note that the meals are listed above, and the others', async () => {
    await i18n.changeLanguage('zh');
    const lunch = meal(1, { name: '米饭午餐' });
    const earlier = meal(3, { name: '面条晚餐', date: yesterday, meal_type: 'dinner' });
    const { user } = openStatistics({
      'GET /api/v1/meals/list/': listed([lunch, earlier], [lunch]),
      'GET /api/v1/meals/recent/': ok({ meals: [lunch, earlier] }),
    });
    const baskets = await screen.findByRole('region', { name: '我的餐篮' });
    const recent = screen.getByRole('region', { name: '最近 7 天' });
    expect(await within(recent).findByText('最近 7 天的餐食都已列在上方。')).toBeVisible();
    expect(screen.getAllByText('米饭午餐')).toHaveLength(1);

    await pickToday(user, { single: '单日', apply: '应用', locale: 'zh-CN' });
    await waitFor(() => expect(within(baskets).getAllByRole('article')).toHaveLength(1));
    expect(await within(recent).findByRole('article')).toHaveTextContent('面条晚餐');
    expect(screen.getAllByText('米饭午餐')).toHaveLength(1);
    expect(screen.getAllByText('面条晚餐')).toHaveLength(1);
  });
});

describe('statistics: stepping and averages', () => {
  const statsCall = (calls: MockCall[], from: string, to: string) =>
    calls.some((call) => call.path === `/api/v1/meals/statistics/?start_date=${from}&end_date=${to}`);

  it('steps the day, or the range by its own length, with the arrows', async () => {
    const { user, calls } = openStatistics();
    await screen.findByRole('region', { name: 'Overview' });
    await user.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    const [from, to] = [dateKey(addDays(new Date(), -13)), dateKey(addDays(new Date(), -7))];
    expect(screen.getByRole('button', { name: /^Choose dates/ })).toHaveAccessibleName(`Choose dates: ${from} – ${to}`);
    await waitFor(() => expect(statsCall(calls, from, to)).toBe(true));
    expect(screen.getByRole('button', { name: 'Next 7 days' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Choose dates/ }));
    await user.click(screen.getByRole('button', { name: 'Single day' }));
    const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });
    await user.click(screen.getByRole('button', { name: full.format(new Date()) }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const yesterday = dateKey(addDays(new Date(), -1));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByRole('button', { name: /^Choose dates/ })).toHaveAccessibleName(`Choose dates: ${yesterday}`);
    await waitFor(() => expect(statsCall(calls, yesterday, yesterday)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByRole('button', { name: /^Choose dates/ })).toHaveAccessibleName(`Choose dates: ${today}`);

    // Everything ever logged has no neighbour to step to.
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.queryByRole('button', { name: /^(Previous|Next) / })).not.toBeInTheDocument();
  });

  const week = (fields: Partial<Statistics['stats']>) =>
    ok(
      stats({
        is_single_day: false,
        stats: {
          date_range: { start_date: today, end_date: today, days_count: 7 },
          totals: { calories: 9250, protein: 400, fat: 300, carbs: 1000 },
          daily_average: { calories: 1321.4, protein: 57.1, fat: 42.9, carbs: 142.9 },
          logged_day_average: { calories: 1850, protein: 80, fat: 60, carbs: 200 },
          days_logged: 5,
          ...fields,
        },
      }),
    );

  it('averages a range over the days that were logged, and says over how many', async () => {
    openStatistics({ 'GET /api/v1/meals/statistics/': week({}) });
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(overview).toHaveTextContent('5 of 7 days logged');
    // 9,250 kcal over 5 logged days, not over 7 calendar days (1,321).
    expect(overview).toHaveTextContent('Average over 5 logged days: 1,850 kcal a day');
    expect(overview).not.toHaveTextContent('1,321');
  });

  it("takes the server's logged-day average when it sends one, in Chinese too", async () => {
    await i18n.changeLanguage('zh');
    openStatistics({
      'GET /api/v1/meals/statistics/': week({ logged_day_average: { calories: 1849.6, protein: 80, fat: 60, carbs: 200 } }),
    });
    const overview = await screen.findByRole('region', { name: '概览' });
    expect(overview).toHaveTextContent('按记录的 5 天平均：每天 1,850 千卡');
  });

  it('says nothing of an average when no day was logged', async () => {
    openStatistics({ 'GET /api/v1/meals/statistics/': week({ days_logged: 0, totals: { calories: 0, protein: 0, fat: 0, carbs: 0 } }) });
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(overview).toHaveTextContent('0 of 7 days logged');
    expect(overview).not.toHaveTextContent('Average');
    expect(within(overview).queryByRole('list')).toBeNull();
  });

  const weekByType = (breakfast: number, lunch: number, dinner: number) =>
    ok({
      ...stats({
        is_single_day: false,
        meal_breakdown: { breakfast: intake(2, breakfast), lunch: intake(5, lunch), dinner: intake(4, dinner), snack: intake(0, 0) },
      }),
      stats: { ...stats().stats, date_range: { start_date: today, end_date: today, days_count: 7 }, days_logged: 5 },
    });

  it('breaks a range down by meal type: the calories a logged day on average, and the meals of the range', async () => {
    openStatistics({ 'GET /api/v1/meals/statistics/': weekByType(500, 3000, 4000) });
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(within(overview).getByRole('heading', { name: 'By meal type, average over 5 logged days' })).toBeVisible();
    const rows = within(overview).getAllByRole('listitem');
    // 4,000 kcal of dinners over 5 logged days is 800 a day; the range's totals are not shown as a day's.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Breakfast2 meals100 kcal a day',
      'Lunch5 meals600 kcal a day',
      'Dinner4 meals800 kcal a day',
      'Snack0 meals0 kcal a day',
    ]);
    expect(rows.map((row) => (row.querySelector('.stats-breakdown-fill') as HTMLElement | null)?.style.width)).toEqual([
      '12.5%',
      '75%',
      '100%',
      '0%',
    ]);
  });

  it('breaks a range down by meal type in Chinese', async () => {
    await i18n.changeLanguage('zh');
    openStatistics({ 'GET /api/v1/meals/statistics/': weekByType(500, 3000, 4000) });
    const overview = await screen.findByRole('region', { name: '概览' });
    expect(within(overview).getByRole('heading', { name: '按餐次（按记录的 5 天平均）' })).toBeVisible();
    expect(within(overview).getAllByRole('listitem')[2]).toHaveTextContent('晚餐4 餐每天 800 千卡');
  });

  it('draws the meal types to scale: the largest fills its row', async () => {
    const intakeOf = (calories: number) => ({ count: calories > 0 ? 1 : 0, calories, protein: 0, fat: 0, carbs: 0 });
    openStatistics({
      'GET /api/v1/meals/statistics/': ok(
        stats({ meal_breakdown: { breakfast: intakeOf(150), lunch: intakeOf(600), dinner: intakeOf(300), snack: intakeOf(0) } }),
      ),
    });
    const overview = await screen.findByRole('region', { name: 'Overview' });
    const rows = within(overview).getAllByRole('listitem');
    const width = (row: HTMLElement | undefined) =>
      (row?.querySelector('.stats-breakdown-fill') as HTMLElement | null)?.style.width;
    expect(rows.map((row) => row.textContent)).toEqual([
      'Breakfast1 meal150 kcal',
      'Lunch1 meal600 kcal',
      'Dinner1 meal300 kcal',
      'Snack0 meals0 kcal',
    ]);
    expect(rows.map(width)).toEqual(['25%', '100%', '50%', '0%']);
  });
});
