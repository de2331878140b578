import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, makeFood, makeRecipeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import type { Food } from '@/types/food';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const banana = makeFood();
const bread = makeFood({
  id: 3,
  name: 'White bread',
  name_zh: '白面包',
  calories_per_100g: 265,
  portions: [{ grams: 30, name: 'slice', name_zh: '片' }],
});
const rice = makeFood({ id: 4, name: 'Rice, white, cooked', name_zh: '米饭', calories_per_100g: 130, portions: [] });

function used(food: Food, fields: { uses?: number; last_quantity: number; last_amount?: string | null }) {
  return { ...food, uses: 1, last_used_at: '2026-01-02T03:04:05Z', last_amount: null, ...fields };
}

const FAVORITES = 'GET /api/v1/foods/favorites/';
const RECENT = 'GET /api/v1/foods/recent/';

/** The food search page, signed in unless `session` is false. */
function openSearch(routes: Record<string, Route> = {}, { session = true } = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    [FAVORITES]: ok({ foods: [{ ...banana, is_favorite: true }] }),
    [RECENT]: ok({
      recent: [used(bread, { last_quantity: 60, last_amount: '2 slices' }), used(rice, { last_quantity: 150 })],
      frequent: [used(rice, { uses: 4, last_quantity: 150 })],
    }),
    'GET /api/v1/foods/search/': ok({ query: 'banana', foods: [banana], took_ms: 2 }),
    'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
    ...routes,
  });
  if (session) rememberSession(ann);
  return { ...mock, ...renderApp('/') };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search foods' });
const region = (name: string) => screen.findByRole('region', { name });
const storedBasket = () => JSON.parse(localStorage.getItem('mealCart') ?? 'null') as unknown;
/** A row's one-tap button: "Add <name>", described by the amount it adds and its kcal. */
const addButton = (list: HTMLElement, name: string) => within(list).getByRole('button', { name: `Add ${name}` });
const callsTo = (calls: MockCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith(path));

describe('favourites, recent and most used foods', () => {
  it('show before a query, go while one is typed, and come back when it is cleared', async () => {
    const { user, calls } = openSearch();
    const favorites = await region('Favourites');
    expect(within(favorites).getByText('Banana')).toBeInTheDocument();
    expect(addButton(favorites, 'Banana')).toHaveAccessibleDescription('1 medium (118 g) 105 kcal');
    const recent = await region('Recent');
    expect(addButton(recent, 'White bread')).toHaveAccessibleDescription('2 slices (60 g) 159 kcal');
    expect(addButton(recent, 'Rice, white, cooked')).toHaveAccessibleDescription('150 g 195 kcal');
    expect(within(await region('Most used')).getByText('Rice, white, cooked')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/v1/foods/recent/')[0]?.path).toBe('/api/v1/foods/recent/?limit=10');

    await user.type(searchBox(), 'ban');
    expect(screen.queryByRole('region', { name: 'Favourites' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await screen.findByRole('article', { name: 'Banana' });
    expect(screen.queryByRole('region', { name: 'Most used' })).not.toBeInTheDocument();

    await user.clear(searchBox());
    expect(await region('Favourites')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('are neither asked for nor shown while logged out, and cards have no star', async () => {
    const { user, calls } = openSearch({}, { session: false });
    await user.type(searchBox(), 'banana{Enter}');
    const card = await screen.findByRole('article', { name: 'Banana' });
    expect(within(card).queryByRole('button', { name: /Favourite/ })).not.toBeInTheDocument();
    await user.clear(searchBox());
    expect(screen.queryByRole('region', { name: 'Favourites' })).not.toBeInTheDocument();
    expect(calls.some((call) => /favorites|recent/.test(call.path))).toBe(false);
  });

  it('add a used food as it was last logged, in one click', async () => {
    const { user } = openSearch();
    const recent = await region('Recent');
    await user.click(addButton(recent, 'White bread'));
    expect(await screen.findByText('Added 2 slices (60 g) White bread to the basket')).toBeInTheDocument();
    expect(storedBasket()).toEqual([{ food: expect.objectContaining({ id: 3 }), quantity: 60, amount: '2 slices' }]);
    const basket = screen.getByRole('complementary', { name: 'Current basket' });
    expect(within(basket).getByText('2 slices · 60 g')).toBeInTheDocument();

    await user.click(addButton(await region('Most used'), 'Rice, white, cooked'));
    expect(await screen.findByText('Added 150 g Rice, white, cooked to the basket')).toBeInTheDocument();
    await waitFor(() =>
      expect(storedBasket()).toEqual([
        { food: expect.objectContaining({ id: 3 }), quantity: 60, amount: '2 slices' },
        { food: expect.objectContaining({ id: 4 }), quantity: 150 },
      ]),
    );
  });

  it('add grams only when the last amount no longer reads as the grams logged', async () => {
    // The bread's slice was 30 g when "2 slices" was logged as 60 g; it is 40 g now.
    const heavierBread = { ...bread, portions: [{ grams: 40, name: 'slice', name_zh: '片' }] };
    const { user } = openSearch({
      [RECENT]: ok({ recent: [used(heavierBread, { last_quantity: 60, last_amount: '2 slices' })], frequent: [] }),
    });
    const recent = await region('Recent');
    expect(addButton(recent, 'White bread')).toHaveAccessibleDescription('60 g 159 kcal');
    await user.click(addButton(recent, 'White bread'));
    expect(await screen.findByText('Added 60 g White bread to the basket')).toBeInTheDocument();
    expect(storedBasket()).toEqual([{ food: expect.objectContaining({ id: 3 }), quantity: 60 }]);
  });

  it('add a favourite as its first portion, or 100 g without one', async () => {
    const { user } = openSearch({
      [FAVORITES]: ok({ foods: [{ ...banana, is_favorite: true }, { ...rice, is_favorite: true }] }),
      [RECENT]: ok({ recent: [], frequent: [] }),
    });
    const favorites = await region('Favourites');
    expect(addButton(favorites, 'Rice, white, cooked')).toHaveAccessibleDescription('100 g 130 kcal');
    await user.click(addButton(favorites, 'Banana'));
    await user.click(addButton(favorites, 'Rice, white, cooked'));
    await waitFor(() =>
      expect(storedBasket()).toEqual([
        { food: expect.objectContaining({ id: 1 }), quantity: 118, amount: '1 medium' },
        { food: expect.objectContaining({ id: 4 }), quantity: 100 },
      ]),
    );
    // One message at a time: the latest add's.
    expect(screen.getByText('Added 100 g Rice, white, cooked to the basket')).toBeInTheDocument();
    expect(screen.queryByText('Added 1 medium (118 g) Banana to the basket')).not.toBeInTheDocument();
  });

  it('add a favourite by its Chinese portion name in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch();
    const favorites = await region('收藏');
    await user.click(within(favorites).getByRole('button', { name: '添加 香蕉' }));
    await waitFor(() =>
      expect(storedBasket()).toEqual([{ food: expect.objectContaining({ id: 1 }), quantity: 118, amount: '1 根（中）' }]),
    );
    const basket = screen.getByRole('complementary', { name: '当前餐篮' });
    expect(within(basket).getByText('1 根（中） · 118 克')).toBeInTheDocument();
  });

  it('follow a saved meal: its foods become recent', async () => {
    let saved = false;
    localStorage.setItem('mealCart', JSON.stringify([{ food: banana, quantity: 118, amount: '1 medium' }]));
    const { user } = openSearch({
      [RECENT]: () =>
        ok({ recent: saved ? [used(banana, { last_quantity: 118, last_amount: '1 medium' })] : [], frequent: [] }),
      'POST /api/v1/meals/create/': (call) => {
        saved = true;
        return { status: 201, body: { success: true, data: { id: 1, ...(call.body as object) } } };
      },
    });
    await region('Favourites');
    expect(screen.queryByRole('region', { name: 'Recent' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save meal' }));
    const recent = await region('Recent');
    expect(addButton(recent, 'Banana')).toHaveAccessibleDescription('1 medium (118 g) 105 kcal');
  });

  it('use the Chinese names and amounts in Chinese', async () => {
    await i18n.changeLanguage('zh');
    openSearch();
    const favorites = await region('收藏');
    expect(within(favorites).getByText('香蕉')).toHaveAttribute('lang', 'zh-CN');
    expect(within(favorites).getByText('Banana')).toHaveAttribute('lang', 'en');
    expect(within(favorites).getByRole('button', { name: '添加 香蕉' })).toHaveAccessibleDescription(
      '1 根（中）（118 克） 105 千卡',
    );
    expect(await region('最常用')).toBeInTheDocument();
  });
});

describe('the favourite star', () => {
  it('stars a food from its card and the favourites list follows', async () => {
    let favorites: Food[] = [];
    const { user, calls } = openSearch({
      [FAVORITES]: () => ok({ foods: favorites }),
      'POST /api/v1/foods/1/favorite/': () => {
        favorites = [{ ...banana, is_favorite: true }];
        return ok({ food: favorites[0] });
      },
    });
    await screen.findByRole('region', { name: 'Recent' });
    expect(screen.queryByRole('region', { name: 'Favourites' })).not.toBeInTheDocument();

    await user.type(searchBox(), 'banana{Enter}');
    const star = within(await screen.findByRole('article', { name: 'Banana' })).getByRole('button', {
      name: 'Favourite: Banana',
    });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(star).toHaveAttribute('title', 'Add to favourites');
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(star).toHaveAttribute('title', 'Remove from favourites');
    expect(callsTo(calls, 'POST', '/api/v1/foods/1/favorite/')).toHaveLength(1);

    await user.clear(searchBox());
    expect(within(await region('Favourites')).getByText('Banana')).toBeInTheDocument();
  });

  it('unstars a favourite, which leaves the list', async () => {
    let favorites: Food[] = [{ ...banana, is_favorite: true }];
    const { user, calls } = openSearch({
      [FAVORITES]: () => ok({ foods: favorites }),
      'DELETE /api/v1/foods/1/favorite/': () => {
        favorites = [];
        return ok({ food: banana });
      },
    });
    // The star is on the food's card, which the row opens.
    await user.click(within(await region('Favourites')).getByRole('button', { name: 'Banana' }));
    const sheet = screen.getByRole('dialog', { name: 'Banana' });
    await user.click(within(sheet).getByRole('button', { name: 'Favourite: Banana' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Favourites' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE', '/api/v1/foods/1/favorite/')).toHaveLength(1);
  });

  it('says so when starring fails', async () => {
    const { user } = openSearch({
      'POST /api/v1/foods/1/favorite/': failure(404, 'Food not found', 'FOOD_NOT_FOUND'),
    });
    await user.type(searchBox(), 'banana{Enter}');
    const star = within(await screen.findByRole('article', { name: 'Banana' })).getByRole('button', {
      name: 'Favourite: Banana',
    });
    await user.click(star);
    expect(await screen.findByText('Food not found')).toBeInTheDocument();
    expect(star).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('recipes in the search', () => {
  it("one tap on a recipe just created adds one serving, not the 100 g the recent list gives it", async () => {
    const stew = makeRecipeFood();
    const { user } = openSearch({ [RECENT]: ok({ recent: [used(stew, { last_quantity: 100 })], frequent: [] }) });
    const add = addButton(await region('Recent'), 'Egg fried rice');
    expect(add).toHaveAccessibleDescription('Recipe 1 serving (250 g) 400 kcal');
    await user.click(add);
    await waitFor(() =>
      expect(storedBasket()).toEqual([{ food: expect.objectContaining({ id: stew.id }), quantity: 250, amount: '1 serving' }]),
    );
  });

  it('a recipe card starts at one serving', async () => {
    const { user } = openSearch({
      'GET /api/v1/foods/search/': ok({ query: 'rice', foods: [makeRecipeFood()], took_ms: 2 }),
    });
    await user.type(searchBox(), 'rice{Enter}');
    const card = await screen.findByRole('article', { name: 'Egg fried rice' });
    expect(within(card).getByLabelText('Quantity')).toHaveValue('1 serving');
  });

  it('show a Recipe badge and their values per serving', async () => {
    const { user } = openSearch({
      'GET /api/v1/foods/search/': ok({ query: 'rice', foods: [makeRecipeFood()], took_ms: 2 }),
    });
    await user.type(searchBox(), 'rice{Enter}');
    const card = await screen.findByRole('article', { name: 'Egg fried rice' });
    expect(within(card).getByText('Recipe')).toBeInTheDocument();
    expect(within(card).queryByText('Custom')).not.toBeInTheDocument();
    expect(
      within(card).getByText('1 serving (250 g): 400 kcal · P 15 g · F 12.5 g · C 55 g'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '1 serving (250 g)' })).toBeInTheDocument();
  });

  it('in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch({
      'GET /api/v1/foods/search/': ok({ query: '饭', foods: [makeRecipeFood()], took_ms: 2 }),
    });
    await user.type(screen.getByRole('searchbox', { name: '搜索食物' }), '饭{Enter}');
    const card = await screen.findByRole('article', { name: '蛋炒饭' });
    expect(within(card).getByText('食谱')).toBeInTheDocument();
    expect(within(card).getByText('每份（250 克）：400 千卡 · 蛋白质 15 克 · 脂肪 12.5 克 · 碳水 55 克')).toBeInTheDocument();
  });
});
