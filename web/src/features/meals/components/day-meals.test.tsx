import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, dateKey } from '@/components/date-time/dates';
import type { DailySummary } from '@/features/meals/types';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, ok } from '@/testing/foods';
import { noMicronutrients } from '@/testing/meals';
import { renderApp } from '@/testing/render';
import type { Meal, MealType } from '@/types/meal';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const today = dateKey(new Date());
const yesterday = dateKey(addDays(new Date(), -1));
const twoDaysAgo = dateKey(addDays(new Date(), -2));
const per = { calories: 100, protein: 1, fat: 1, carbs: 1, fiber: 0, sugar: 0, sodium: 0 };

function food(id: number, name: string, nameZh: string | null, grams: number, calories: number) {
  return {
    id, food_id: id, food_name: name, food_name_zh: nameZh, brand: null, quantity: grams, amount: null,
    is_quick_add: false, calories, protein: 10, fat: 5, carbs: 20, fiber: 2, sugar: 1, sodium: 5, per_100g: per,
  };
}

function meal(id: number, type: MealType, date: string, fields: Partial<Meal> = {}): Meal {
  const foods = [food(id * 10, 'Oatmeal', '燕麦粥', 80, 300), food(id * 10 + 1, 'Banana', '香蕉', 118, 105)];
  return {
    id, name: `Meal ${id}`, meal_type: type, date, time: '08:00', eaten_at: `${date}T00:00:00Z`, notes: null, foods,
    total_calories: 405, total_protein: 20, total_fat: 10, total_carbs: 40, total_fiber: 4, total_sugar: 2, total_sodium: 10,
    created_at: '', updated_at: '', ...fields,
  };
}

/** A day's summary with these meals, the way the server adds them up. */
function summary(date: string, meals: Meal[], goal = 2000): DailySummary {
  const sum = (pick: (meal: Meal) => number, of = meals) => of.reduce((total, m) => total + pick(m), 0);
  const intake = (type: MealType) => {
    const ofType = meals.filter((m) => m.meal_type === type);
    return {
      count: ofType.length, calories: sum((m) => m.total_calories, ofType), protein: sum((m) => m.total_protein, ofType),
      fat: sum((m) => m.total_fat, ofType), carbs: sum((m) => m.total_carbs, ofType),
    };
  };
  const eaten = sum((m) => m.total_calories);
  return {
    date, calorie_goal: goal, remaining_calories: goal - eaten, progress_percent: (eaten * 100) / goal,
    summary: {
      total_meals: meals.length, total_calories: eaten, total_protein: sum((m) => m.total_protein),
      total_fat: sum((m) => m.total_fat), total_carbs: sum((m) => m.total_carbs),
    },
    meal_breakdown: { breakfast: intake('breakfast'), lunch: intake('lunch'), dinner: intake('dinner'), snack: intake('snack') },
    macro_split: { protein: 20, fat: 22, carbs: 40 },
    meals,
    ...noMicronutrients(),
  };
}

const profile = (goals: Record<string, unknown> = {}) =>
  ok({
    user: { username: 'ann', nickname: 'Ann' },
    profile: {
      date_of_birth: null, gender: 'female', height: 165, weight: 60, daily_calorie_goal: 2000, activity_level: null,
      macro_goal_unit: null, protein_goal: null, fat_goal: null, carbs_goal: null, body_data_set: true, ...goals,
    },
  });

function openDashboard(days: Record<string, Meal[]>, routes: Record<string, Route> = {}, path = '/dashboard') {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/users/profile/': profile({ macro_goal_unit: 'g', protein_goal: 120, fat_goal: 60, carbs_goal: 250 }),
    'GET /api/v1/meals/daily-summary/': (call) => {
      const date = new URL(call.path, 'http://x').searchParams.get('date') ?? '';
      return ok(summary(date, days[date] ?? []));
    },
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp(path) };
}

// The first render loads the lazy dashboard route: slower on a busy machine than the default 1 s.
const day = (name: string) => screen.findByRole('region', { name }, { timeout: 4000 });
const section = (within_: HTMLElement, type: string) => within(within_).getByRole('region', { name: type });
const location = () => screen.getByTestId('location').textContent;

describe('the dashboard', () => {
  it("shows today's calories in a ring, the macros against the goals and the meals by type", async () => {
    openDashboard({ [today]: [meal(1, 'breakfast', today), meal(2, 'lunch', today, { total_calories: 829, foods: [food(20, 'Rice', '米饭', 150, 829)] })] });
    const shown = await day('Today');
    const ring = await within(shown).findByRole('img', { name: '1,234 of 2,000 kcal eaten, 766 kcal left' });
    expect(ring).toHaveTextContent('1,234');
    expect(ring).toHaveTextContent('of 2,000 kcal');
    expect(ring).toHaveTextContent('766 kcal left');

    // The profile's own gram goals: no default note.
    const protein = await within(shown).findByRole('progressbar', { name: 'Protein' });
    expect(protein).toHaveAttribute('aria-valuetext', '40 of 120 g');
    expect(within(shown).getByRole('progressbar', { name: 'Carbs' })).toHaveAttribute('aria-valuetext', '80 of 250 g');
    expect(shown).not.toHaveTextContent('default split');

    const breakfast = section(shown, 'Breakfast');
    expect(breakfast).toHaveTextContent('405 kcal');
    const rows = within(breakfast).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Oatmeal80 g300 kcal', 'Banana118 g105 kcal']);
    expect(section(shown, 'Lunch')).toHaveTextContent('Rice150 g829 kcal');
    expect(within(section(shown, 'Dinner')).queryAllByRole('listitem')).toHaveLength(0);

    for (const type of ['breakfast', 'lunch', 'dinner', 'snack']) {
      const name = type[0]?.toUpperCase() + type.slice(1);
      expect(within(section(shown, name)).getByRole('link', { name: `Add to ${name}` })).toHaveAttribute(
        'href',
        `/?meal=${type}&date=${today}`,
      );
    }
    // The photo and barcode cards stay, after the day.
    const photo = screen.getByRole('region', { name: /photo/i });
    expect(shown.compareDocumentPosition(photo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a day over the goal as over, and the default macro split as a default', async () => {
    const big = meal(1, 'dinner', today, { total_calories: 2234, total_protein: 150 });
    openDashboard({ [today]: [big] }, { 'GET /api/v1/users/profile/': profile() });
    const shown = await day('Today');
    const ring = await within(shown).findByRole('img', { name: '2,234 of 2,000 kcal eaten, 234 kcal over the goal' });
    expect(ring).toHaveTextContent('234 kcal over');
    // 20 % of 2,000 kcal at 4 kcal/g is 100 g, 30 % at 9 kcal/g 67 g, 50 % at 4 kcal/g 250 g.
    const protein = await within(shown).findByRole('progressbar', { name: 'Protein' });
    expect(protein).toHaveAttribute('aria-valuetext', '150 of 100 g');
    expect(within(shown).getByRole('progressbar', { name: 'Fat' })).toHaveAttribute('aria-valuetext', '10 of 67 g');
    expect(shown).toHaveTextContent('Macro goals: a default split of 20% protein, 30% fat and 50% carbs.');
    expect(within(shown).getByRole('link', { name: 'Set your own' })).toHaveAttribute('href', '/profile?edit=goals');
  });

  it("rounds the day once: the ring's total and what is left add up to the goal", async () => {
    const half = meal(1, 'lunch', today, { total_calories: 305.5, total_protein: 12.34, foods: [food(10, 'Rice', '米饭', 263.4, 305.5)] });
    openDashboard({ [today]: [half] });
    const shown = await day('Today');
    const ring = await within(shown).findByRole('img', { name: '306 of 2,000 kcal eaten, 1,694 kcal left' });
    expect(ring).toHaveTextContent('1,694 kcal left');
    expect(section(shown, 'Lunch')).toHaveTextContent('Rice263.4 g306 kcal');
    expect(await within(shown).findByRole('progressbar', { name: 'Protein' })).toHaveAttribute('aria-valuetext', '12.3 of 120 g');
  });

  it('moves a day back and forth, with the day in the address', async () => {
    const { user, calls } = openDashboard({ [yesterday]: [meal(3, 'snack', yesterday)] });
    await day('Today');
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    const shown = await day('Yesterday');
    expect(location()).toBe(`/dashboard?date=${yesterday}`);
    expect(await within(shown).findByRole('region', { name: 'Snack' })).toHaveTextContent('Oatmeal');
    expect(within(section(shown, 'Snack')).getByRole('link', { name: 'Add to Snack' })).toHaveAttribute(
      'href',
      `/?meal=snack&date=${yesterday}`,
    );
    expect(calls.some((call) => call.path === `/api/v1/meals/daily-summary/?date=${yesterday}`)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    const title = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' }).format(
      addDays(new Date(), -2),
    );
    // Within this year the title leaves the year out.
    const sameYear = addDays(new Date(), -2).getFullYear() === new Date().getFullYear();
    if (sameYear) expect(await day(title)).toBeVisible();
    expect(location()).toBe(`/dashboard?date=${twoDaysAgo}`);

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await day('Yesterday')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to today' }));
    expect(await day('Today')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Go to today' })).not.toBeInTheDocument();
  });

  it("logs yesterday's meal of an empty type again with one tap", async () => {
    const days: Record<string, Meal[]> = { [yesterday]: [meal(5, 'dinner', yesterday, { name: 'Noodles' })] };
    const { user, calls } = openDashboard(days, {
      'POST /api/v1/meals/5/copy/': (call) => {
        const copy = meal(6, 'dinner', today, { name: 'Noodles' });
        days[today] = [copy];
        return { status: 201, body: { success: true, data: { ...copy, date: (call.body as { date: string }).date } } };
      },
    });
    const shown = await day('Today');
    const dinner = section(shown, 'Dinner');
    // Only the type that was eaten yesterday offers it.
    expect(within(section(shown, 'Lunch')).queryByRole('button', { name: /Log again/ })).not.toBeInTheDocument();
    const again = await within(dinner).findByRole('button', { name: /^Log again/ });
    expect(again).toHaveTextContent('Yesterday: Noodles · 405 kcal');
    await user.click(again);

    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/meals/5/copy/', { date: today, name: 'Noodles' }],
    ]);
    await waitFor(() => expect(within(dinner).getAllByRole('listitem')).toHaveLength(2));
    expect(within(dinner).queryByRole('button', { name: /Log again/ })).not.toBeInTheDocument();
    expect(within(shown).getByRole('img')).toHaveAccessibleName('405 of 2,000 kcal eaten, 1,595 kcal left');
  });

  it('names the copy for its new day, says what it did, and undoes it', async () => {
    const monthDay = (key: string) => `${key.slice(5, 7)}/${key.slice(8, 10)}`;
    const days: Record<string, Meal[]> = { [yesterday]: [meal(5, 'lunch', yesterday, { name: `Lunch ${monthDay(yesterday)}` })] };
    const { user, calls } = openDashboard(days, {
      'POST /api/v1/meals/5/copy/': (call) => {
        const copy = meal(6, 'lunch', today, { name: (call.body as { name: string }).name });
        days[today] = [copy];
        return { status: 201, body: { success: true, data: copy } };
      },
      'DELETE /api/v1/meals/6/delete/': () => {
        days[today] = [];
        return ok({ id: 6, deleted: true });
      },
    });
    const shown = await day('Today');
    const lunch = section(shown, 'Lunch');
    await user.click(await within(lunch).findByRole('button', { name: /^Log again/ }));

    const named = `Lunch ${monthDay(today)}`;
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ date: today, name: named });
    const notice = await within(lunch).findByRole('status');
    expect(notice).toHaveTextContent(`Logged “${named}” again for today`);
    await waitFor(() => expect(within(lunch).getAllByRole('listitem')).toHaveLength(2));

    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(`Removed “${named}” from today`)).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/v1/meals/6/delete/']);
    expect(await within(lunch).findByRole('button', { name: /^Log again/ })).toBeVisible();
    expect(within(lunch).queryByRole('status')).not.toBeInTheDocument();
  });

  it("says when logging again failed, in the server's words", async () => {
    const { user } = openDashboard(
      { [yesterday]: [meal(5, 'dinner', yesterday)] },
      { 'POST /api/v1/meals/5/copy/': failure(404, 'Meal not found', 'MEAL_NOT_FOUND') },
    );
    const shown = await day('Today');
    await user.click(await within(section(shown, 'Dinner')).findByRole('button', { name: /^Log again/ }));
    expect(await screen.findByText('Meal not found')).toBeVisible();
  });

  it('says a food as it was logged ("1碗", "2 slices") beside its grams', async () => {
    await i18n.changeLanguage('zh');
    const rice = { ...food(31, 'Rice, white, cooked', '米饭', 250, 290), amount: '1碗' };
    openDashboard({ [today]: [meal(3, 'lunch', today, { foods: [rice, food(32, 'Egg', '鸡蛋', 100, 155)] })] });
    const lunch = section(await day('今天'), '午餐');
    expect(await within(lunch).findByText('1碗 · 250 克')).toBeVisible();
    expect(within(lunch).getByText('100 克')).toBeVisible();
  });

  it('opens a meal in the basket with one tap', async () => {
    const { user } = openDashboard({ [today]: [meal(1, 'lunch', today, { name: 'Lunch box' })] });
    const shown = await day('Today');
    await user.click(await within(shown).findByRole('button', { name: 'Edit Lunch box' }));
    const editing = await screen.findByRole('complementary', { name: 'Editing basket' });
    expect(within(editing).getByLabelText('Meal name')).toHaveValue('Lunch box');
    expect(editing).toHaveTextContent('Oatmeal');
  });

  it('opens the day in the address, and speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    openDashboard({ [yesterday]: [meal(1, 'breakfast', yesterday)] }, {}, `/dashboard?date=${yesterday}`);
    const shown = await day('昨天');
    const breakfast = await within(shown).findByRole('region', { name: '早餐' });
    expect(breakfast).toHaveTextContent('燕麦粥80 克300 千卡');
    expect(within(breakfast).getByRole('link', { name: '添加到早餐' })).toHaveTextContent('+ 添加');
    expect(within(shown).getByRole('img')).toHaveAccessibleName('已摄入 405 千卡，目标 2,000 千卡，还剩 1,595 千卡');
    expect(within(shown).getByRole('button', { name: '后一天' })).toBeVisible();
  });
});

describe('the day offline', () => {
  // A lunch saved offline at 12:30 today, waiting in the queue with what the basket showed.
  function queueLunch() {
    const at = new Date();
    at.setHours(12, 30, 0, 0);
    localStorage.setItem(
      'mealSaveQueue',
      JSON.stringify([
        {
          key: 'k1', owner: '1', queued_at: at.toISOString(),
          payload: { name: 'Offline lunch', date: at.toISOString(), meal_type: 'lunch', foods: [{ food_id: 7, quantity: 150 }] },
          shown: { totals: { calories: 174, protein: 3.9, fat: 0.5, carbs: 38.9 }, foods: [{ name: 'Rice', name_zh: '米饭', grams: 150, calories: 174 }] },
        },
      ]),
    );
  }
  const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

  it('shows the meal waiting to be sent, not an error, when the day was never loaded here', async () => {
    queueLunch();
    openDashboard({}, { 'GET /api/v1/meals/daily-summary/': noConnection, 'POST /api/v1/meals/create/': noConnection });
    const shown = await day('Today');
    expect(await within(shown).findByText(/This day was not loaded on this device yet/)).toBeVisible();
    expect(shown).not.toHaveTextContent("Error loading the day's meals");
    const waiting = within(section(shown, 'Lunch')).getByRole('article', { name: /^Offline lunch, 12:30/ });
    expect(waiting).toHaveTextContent('Waiting to be sent');
    expect(waiting).toHaveTextContent('Rice150 g174 kcal');
  });

  it('keeps the day as last loaded on this device after a reload without a connection', async () => {
    const days = { [today]: [meal(1, 'breakfast', today)] };
    const first = openDashboard(days);
    let shown = await day('Today');
    expect(await within(section(shown, 'Breakfast')).findByText('Oatmeal')).toBeVisible();
    const ring = within(shown).getByRole('img').getAttribute('aria-label');
    first.unmount();

    // The page loaded again, offline: a fresh app, nothing in memory.
    openDashboard({}, { 'GET /api/v1/meals/daily-summary/': noConnection, 'POST /api/v1/meals/create/': noConnection });
    shown = await day('Today');
    expect(await within(shown).findByText(/Shown as last loaded on this device/)).toBeVisible();
    expect(section(shown, 'Breakfast')).toHaveTextContent('Oatmeal');
    expect(within(shown).getByRole('img')).toHaveAccessibleName(ring ?? '');
    // Another person on this device never sees it.
    expect(JSON.parse(localStorage.getItem('offlineDays') ?? '{}').user).toBe('ann');
  });

  it('keeps the day as last loaded, adds the waiting meal to it, in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    queueLunch();
    let online = true;
    const days = { [today]: [meal(1, 'breakfast', today)] };
    const { user } = openDashboard({}, {
      // The queue's send fails too: the lunch stays waiting.
      'POST /api/v1/meals/create/': noConnection,
      'GET /api/v1/meals/daily-summary/': (call) => {
        if (!online) return noConnection();
        const date = new URL(call.path, 'http://x').searchParams.get('date') ?? '';
        return ok(summary(date, days[date] ?? []));
      },
    });
    let shown = await day('今天');
    await within(shown).findByRole('img', { name: '已摄入 579 千卡，目标 2,000 千卡，还剩 1,421 千卡' });
    online = false;
    // Away and back: the day is asked for again, and the connection is gone.
    await user.click(screen.getByRole('button', { name: '前一天' }));
    await user.click(await screen.findByRole('button', { name: '后一天' }));
    shown = await day('今天');
    expect(await within(shown).findByText(/这是本设备上次载入的当天记录/)).toBeVisible();
    expect(within(shown).getByRole('img')).toHaveAccessibleName('已摄入 579 千卡，目标 2,000 千卡，还剩 1,421 千卡');
    expect(section(shown, '早餐')).toHaveTextContent('燕麦粥');
    expect(within(section(shown, '午餐')).getByRole('article', { name: /^Offline lunch/ })).toHaveTextContent('等待发送');
  });
});
