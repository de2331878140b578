import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MealItem, ParsedMeal } from '@/features/foods/api/parse-meal';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const rice = makeFood({
  id: 10,
  name: 'Rice, cooked',
  name_zh: '米饭',
  portions: [{ grams: 150, name: '1 bowl', name_zh: '1 碗' }],
});
const porridge = makeFood({
  id: 11,
  name: 'Rice porridge',
  name_zh: '白粥',
  portions: [{ grams: 250, name: '1 bowl', name_zh: '1 碗' }],
});
const egg = makeFood({ id: 20, name: 'Egg, boiled', name_zh: '鸡蛋', portions: [{ grams: 50, name: '1 large', name_zh: '1 个' }] });
const duckEgg = makeFood({ id: 21, name: 'Duck egg', name_zh: '鸭蛋', portions: [{ grams: 70, name: '1 egg', name_zh: '1 个' }] });

const riceItem: MealItem = {
  text: '一碗米饭',
  food: rice,
  grams: 150,
  amount: { count: 1, unit: '碗' },
  certainty: { level: 'sure', score: 0.93 },
  alternatives: [porridge],
};
/** The same, said in English. */
const riceBowl: MealItem = { ...riceItem, text: 'a bowl of rice', amount: { count: 1, unit: 'bowl' } };
const eggItem: MealItem = {
  text: '两个鸡蛋',
  food: egg,
  grams: 100,
  amount: { count: 2, unit: null },
  certainty: { level: 'sure', score: 0.9 },
  alternatives: [duckEgg],
};

const PARSE = 'POST /api/v1/foods/parse-meal/';

/** The food search page, signed in as Ann, with the meal reader answering `meal`. */
function openSearch(meal: ParsedMeal | Route, routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/foods/search/': ok({ query: '', foods: [], took_ms: 1, exact: false }),
    'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
    [PARSE]: 'items' in meal ? ok(meal) : meal,
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/') };
}

const searchBox = () => screen.getByRole('searchbox', { name: /Search foods|搜索食物/ });
const storedLines = () =>
  (JSON.parse(localStorage.getItem('mealCart') ?? '[]') as Array<{ food: { id: number }; quantity: number; amount?: string }>).map(
    ({ food, quantity, amount }) => ({ id: food.id, quantity, amount }),
  );

describe('a meal said in words', () => {
  it('shows the lines read, in Chinese, and adds them all in one tap', async () => {
    await i18n.changeLanguage('zh');
    const { user, calls } = openSearch({ items: [riceItem, eggItem], unmatched: [] });
    await user.type(searchBox(), '一碗米饭两个鸡蛋');
    const panel = await screen.findByRole('region', { name: '从你的话里读出的这顿饭' });
    const lines = within(within(panel).getByRole('list', { name: '读出的食物' })).getAllByRole('listitem');
    expect(lines.map((line) => within(line).getByText(/米饭|鸡蛋/, { selector: '.meal-line-name' }).textContent)).toEqual([
      '米饭',
      '鸡蛋',
    ]);
    expect(within(panel).getByRole('textbox', { name: '米饭的克数' })).toHaveValue('150');
    expect(within(panel).getByRole('textbox', { name: '鸡蛋的克数' })).toHaveValue('100');
    expect(within(lines[0] as HTMLElement).getByText('“一碗米饭” · 1碗')).toBeInTheDocument();
    expect(within(lines[1] as HTMLElement).getByText('“两个鸡蛋” · × 2')).toBeInTheDocument();
    const parses = calls.filter((call) => call.path === '/api/v1/foods/parse-meal/');
    expect(parses.map((call) => call.body)).toEqual([{ text: '一碗米饭两个鸡蛋' }]);
    expect(parses[0]?.headers.get('Authorization')).toBe('Bearer stored-access');

    await user.click(within(panel).getByRole('button', { name: '全部加入餐篮' }));
    await waitFor(() =>
      expect(storedLines()).toEqual([
        { id: 10, quantity: 150, amount: '1碗' },
        { id: 20, quantity: 100, amount: undefined },
      ]),
    );
    expect(await screen.findByText('已将 2 种食物加入餐篮')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('已全部加入餐篮');
    expect(within(panel).queryByRole('button', { name: '全部加入餐篮' })).not.toBeInTheDocument();
  });

  it('takes the meal the words name ("for lunch I had…") as the basket\'s, unless one was chosen', async () => {
    const { user } = openSearch({ meal_type: 'lunch', items: [riceBowl], unmatched: [] });
    await user.type(searchBox(), 'for lunch I had a bowl of rice');
    const panel = await screen.findByRole('region', { name: 'Meal read from your words' });
    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    await waitFor(() => expect(storedLines()).toEqual([{ id: 10, quantity: 150, amount: '1 bowl' }]));
    expect(localStorage.getItem('mealType')).toBe('lunch');
  });

  it('leaves a meal type the person chose as it is', async () => {
    localStorage.setItem('mealType', 'dinner');
    const { user } = openSearch({ meal_type: 'lunch', items: [riceBowl], unmatched: [] });
    await user.type(searchBox(), 'for lunch I had a bowl of rice');
    const panel = await screen.findByRole('region', { name: 'Meal read from your words' });
    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    await waitFor(() => expect(storedLines()).toHaveLength(1));
    expect(localStorage.getItem('mealType')).toBe('dinner');
  });

  it('asks about an unsure food; one tap on an alternative swaps it, and only then is it added', async () => {
    const unsureRice = { ...riceBowl, certainty: { level: 'unsure' as const, score: 0.31 } };
    const { user } = openSearch({ items: [unsureRice, { ...eggItem, text: '2 eggs' }], unmatched: [] });
    await user.type(searchBox(), 'a bowl of rice and 2 eggs');
    const panel = await screen.findByRole('region', { name: 'Meal read from your words' });
    const question = within(panel).getByRole('group', { name: 'Did you mean Rice, cooked?' });

    // Add all adds what is answered, and leaves the question.
    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    await waitFor(() => expect(storedLines()).toEqual([{ id: 20, quantity: 100, amount: undefined }]));
    expect(await screen.findByText('Added 1 food to the basket · 1 waits for your answer')).toBeInTheDocument();
    expect(question).toBeInTheDocument();

    await user.click(within(question).getByRole('button', { name: 'Rice porridge' }));
    expect(within(panel).queryByRole('group', { name: /Did you mean/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Grams of Rice porridge' })).toHaveValue('250');
    // The food swapped out is one tap away.
    expect(within(panel).getByRole('button', { name: 'Rice, cooked' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    await waitFor(() =>
      expect(storedLines()).toEqual([
        { id: 20, quantity: 100, amount: undefined },
        { id: 11, quantity: 250, amount: '1 bowl' },
      ]),
    );
  });

  it('says an unsure food is not added until answered, and adds nothing when every line waits', async () => {
    const { user } = openSearch({
      items: [{ ...riceBowl, certainty: { level: 'unsure', score: 0.2 } }],
      unmatched: [],
    });
    await user.type(searchBox(), 'a bowl of rice');
    const panel = await screen.findByRole('region', { name: 'Meal read from your words' });
    expect(within(panel).getByText('1 food waits for your answer and is not added until you answer')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    expect(within(panel).getByRole('status')).toHaveTextContent('Answer the question above first');
    expect(storedLines()).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Yes' }));
    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    await waitFor(() => expect(storedLines()).toEqual([{ id: 10, quantity: 150, amount: '1 bowl' }]));
  });

  it('takes edited grams, drops the amount they no longer weigh, and stops at grams that do not read', async () => {
    const { user } = openSearch({ items: [riceBowl], unmatched: [] });
    await user.type(searchBox(), 'a bowl of rice');
    const panel = await screen.findByRole('region', { name: 'Meal read from your words' });
    const grams = within(panel).getByRole('textbox', { name: 'Grams of Rice, cooked' });
    await user.clear(grams);
    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    expect(grams).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByText('Enter grams above 0, at most 10,000')).toBeInTheDocument();
    expect(storedLines()).toEqual([]);

    await user.type(grams, '200');
    await user.click(within(panel).getByRole('button', { name: 'Add all to basket' }));
    await waitFor(() => expect(storedLines()).toEqual([{ id: 10, quantity: 200, amount: undefined }]));
  });

  it('lists what it could not read, each searched in one tap', async () => {
    const { user } = openSearch({ items: [{ ...eggItem, text: '2 eggs' }], unmatched: ['zorbleberries'] });
    await user.type(searchBox(), '2 eggs and zorbleberries');
    const panel = await screen.findByRole('region', { name: 'Meal read from your words' });
    expect(within(panel).getByText('Not understood: “zorbleberries”')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Search “zorbleberries”' }));
    expect(searchBox()).toHaveValue('zorbleberries');
    expect(await screen.findByRole('heading', { name: 'Results for “zorbleberries”' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Meal read from your words' })).not.toBeInTheDocument();
  });

  it('leaves one food’s name to the search, and a failed reading shows no lines', async () => {
    const { user, calls } = openSearch(failure(500, 'Boom', 'INTERNAL'));
    await user.type(searchBox(), 'banana');
    expect(await screen.findByRole('heading', { name: 'Results for “banana”' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/v1/foods/parse-meal/')).toBe(false);

    await user.clear(searchBox());
    await user.type(searchBox(), 'eggs and toast');
    expect(await screen.findByRole('heading', { name: 'Results for “eggs and toast”' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/foods/parse-meal/')).toBe(true));
    await waitFor(() => expect(screen.queryByText('Reading your meal…')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Meal read from your words' })).not.toBeInTheDocument();
  });

  it('shows no lines for one food with no amount said', async () => {
    const { user } = openSearch({ items: [{ ...riceItem, text: 'rice', amount: { count: 1, unit: null } }], unmatched: [] });
    await user.type(searchBox(), 'rice and');
    expect(await screen.findByRole('heading', { name: 'Results for “rice and”' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Reading your meal…')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Meal read from your words' })).not.toBeInTheDocument();
  });
});
