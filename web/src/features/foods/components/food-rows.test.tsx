import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { makeFood, makeUsdaFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import type { Food } from '@/types/food';
import { fakeMatchMedia } from '@/testing/media';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

// jsdom has no layout: the phone is a matchMedia that matches the rows' query.
let phone = true;
const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  phone = true;
  window.matchMedia = fakeMatchMedia((query) => phone && query === '(max-width: 719px)');
});
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  vi.restoreAllMocks();
});

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const banana = makeFood();
const rice = makeFood({
  id: 4,
  name: 'Rice, white, uncooked',
  name_zh: '大米',
  pinyin: 'dà mǐ',
  calories_per_100g: 346,
  portions: [
    { grams: 50, name: '1 liang (50 g)', name_zh: '1 两' },
    { grams: 185, name: '1 cup', name_zh: '1 杯' },
  ],
});
const bread = makeFood({
  id: 3,
  name: 'White bread',
  name_zh: '白面包',
  pinyin: 'bái miàn bāo',
  brand: 'Baker & Co',
  calories_per_100g: 265,
  portions: [{ grams: 30, name: '1 slice', name_zh: '1 片' }],
});
const oats = makeFood({ id: 5, name: 'Oats', name_zh: '燕麦', pinyin: 'yàn mài', calories_per_100g: 389, portions: [] });

function used(food: Food, last_quantity: number, last_amount: string | null = null) {
  return { ...food, uses: 1, last_used_at: '2026-01-02T03:04:05Z', last_quantity, last_amount };
}

const SEARCH = 'GET /api/v1/foods/search/';
const RECENT = 'GET /api/v1/foods/recent/';
const FAVORITES = 'GET /api/v1/foods/favorites/';

function openSearch(routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    [RECENT]: ok({ recent: [used(bread, 60, '2 slices')], frequent: [] }),
    [FAVORITES]: ok({ foods: [] }),
    [SEARCH]: ok({ query: 'x', foods: [banana, bread, rice, oats], took_ms: 2 }),
    'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/') };
}

const searchBox = () => screen.getByRole('searchbox');
const results = (name: string) => screen.findByRole('region', { name });
const storedBasket = () => JSON.parse(localStorage.getItem('mealCart') ?? 'null') as unknown;
const searches = (calls: MockCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/v1/foods/search/?')).map((call) => new URL(call.path, 'http://x').searchParams.get('query'));

describe('search results on a phone', () => {
  it('are compact rows: name, the other name smaller, badges, the amount one tap adds and its kcal', async () => {
    const { user } = openSearch();
    await user.type(searchBox(), 'rice{Enter}');
    const list = await results('Results for “rice”');
    expect(within(list).queryByRole('article')).not.toBeInTheDocument();

    const bananaRow = within(list).getByRole('button', { name: 'Banana' });
    expect(within(bananaRow).getByText('香蕉')).toHaveAttribute('lang', 'zh-CN');
    // First portion: 1 medium of 118 g.
    expect(within(list).getByRole('button', { name: 'Add Banana' })).toHaveAccessibleDescription('1 medium (118 g) 105 kcal');
    // Logged before as 2 slices: brand, that amount.
    expect(within(list).getByRole('button', { name: 'Add White bread' })).toHaveAccessibleDescription(
      'Baker & Co 2 slices (60 g) 159 kcal',
    );
    // A portion whose name says its weight says it once.
    expect(within(list).getByRole('button', { name: 'Add Rice, white, uncooked' })).toHaveAccessibleDescription(
      '1 liang (50 g) 173 kcal',
    );
    expect(within(list).getByRole('button', { name: 'Add Oats' })).toHaveAccessibleDescription('100 g 389 kcal');
  });

  it('in Chinese lead with the Chinese name and write 克 and 千卡', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch();
    await user.type(searchBox(), '米{Enter}');
    const list = await results('“米”的搜索结果');
    const riceRow = await within(list).findByRole('button', { name: '大米' });
    expect(within(riceRow).getByText('Rice, white, uncooked')).toHaveAttribute('lang', 'en');
    expect(within(list).getByRole('button', { name: '添加 大米' })).toHaveAccessibleDescription('1 两（50 克） 173 千卡');
    expect(within(list).getByRole('button', { name: '添加 燕麦' })).toHaveAccessibleDescription('100 克 389 千卡');
    // Logged as "2 slices" in English: grams here, no English amount on a Chinese page.
    expect(within(list).getByRole('button', { name: '添加 白面包' })).toHaveAccessibleDescription(
      'Baker & Co 60 克 159 千卡',
    );
  });

  it('add in one tap: the last-logged amount, else the first portion, else 100 g', async () => {
    const { user } = openSearch();
    await user.type(searchBox(), 'rice{Enter}');
    const list = await results('Results for “rice”');
    await user.click(await within(list).findByRole('button', { name: 'Add White bread' }));
    expect(await screen.findByText('Added 2 slices (60 g) White bread to the basket')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Add Rice, white, uncooked' }));
    await user.click(within(list).getByRole('button', { name: 'Add Oats' }));
    await waitFor(() =>
      expect(storedBasket()).toEqual([
        { food: expect.objectContaining({ id: 3 }), quantity: 60, amount: '2 slices' },
        { food: expect.objectContaining({ id: 4 }), quantity: 50, amount: '1 liang (50 g)' },
        { food: expect.objectContaining({ id: 5 }), quantity: 100 },
      ]),
    );
    // No card was opened on the way.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('save a USDA food first, once', async () => {
    const saved = makeUsdaFood({ id: 77 });
    const { user, calls } = openSearch({
      [SEARCH]: ok({ query: 'banana', foods: [makeUsdaFood()], took_ms: 2 }),
      'POST /api/v1/foods/usda/create/': ok(saved),
    });
    await user.type(searchBox(), 'banana{Enter}');
    const add = within(await results('Results for “banana”')).getByRole('button', { name: 'Add Bananas, raw' });
    expect(add).toHaveAccessibleDescription('USDA 100 g 89 kcal');
    await user.click(add);
    await waitFor(() => expect(storedBasket()).toEqual([{ food: saved, quantity: 100 }]));
    await user.click(add);
    await waitFor(() => expect(storedBasket()).toEqual([{ food: saved, quantity: 200 }]));
    expect(calls.filter((call) => call.path === '/api/v1/foods/usda/create/')).toHaveLength(1);
  });

  it('open the full card in a sheet when the row is tapped, with chips that name a weight once', async () => {
    const { user } = openSearch();
    await user.type(searchBox(), 'rice{Enter}');
    await user.click(within(await results('Results for “rice”')).getByRole('button', { name: 'Rice, white, uncooked' }));
    const sheet = screen.getByRole('dialog', { name: 'Rice, white, uncooked' });
    const chips = within(within(sheet).getByRole('group', { name: 'Portions' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['1 liang (50 g)', '1 cup (185 g)']);
    expect(within(sheet).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Show details' }));
    expect(within(sheet).getByText('Per 100 g')).toBeVisible();

    await user.click(chips[1] as HTMLElement);
    expect(within(sheet).getByLabelText('Quantity')).toHaveValue('1 cup');
    await user.click(within(sheet).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(storedBasket()).toEqual([{ food: expect.objectContaining({ id: 4 }), quantity: 185, amount: '1 cup' }]));
    // Added: the sheet closes, back to the list.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Banana' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Banana' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('chips in Chinese use the Chinese portion names, with 克', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch();
    await user.type(searchBox(), '米{Enter}');
    await user.click(within(await results('“米”的搜索结果')).getByRole('button', { name: '大米' }));
    const sheet = screen.getByRole('dialog', { name: '大米' });
    const chips = within(within(sheet).getByRole('group', { name: '常用份量' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['1 两 · 50 克', '1 杯 · 185 克']);
  });

  it('stay cards on a wide screen', async () => {
    phone = false;
    const { user } = openSearch();
    await user.type(searchBox(), 'rice{Enter}');
    const list = await results('Results for “rice”');
    expect(within(list).getAllByRole('article')).toHaveLength(4);
    const chips = within(within(list).getByRole('article', { name: 'Rice, white, uncooked' })).getAllByRole('button', {
      name: /liang|cup/,
    });
    expect(chips.map((chip) => chip.textContent)).toEqual(['1 liang (50 g)', '1 cup (185 g)']);
  });
});

describe('my food on a phone', () => {
  it('lists rows whose sheet has Edit and Delete for my own foods', async () => {
    const mine = { ...oats, id: 50, name: 'Granola', name_zh: null, is_custom: true, is_owner: true, data_source: 'custom' as const };
    const { user } = openSearch({ 'GET /api/v1/foods/user/': ok({ foods: [mine], page: 1, page_size: 100, total: 1 }) });
    await user.click(screen.getByRole('button', { name: 'My food' }));
    const add = await screen.findByRole('button', { name: 'Add Granola' });
    expect(add).toHaveAccessibleDescription('Custom 100 g 389 kcal');
    await user.click(screen.getByRole('button', { name: 'Granola' }));
    const sheet = screen.getByRole('dialog', { name: 'Granola' });
    expect(within(sheet).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });
});

describe('the recent list before typing', () => {
  it('is rows too: 3 recent foods go in with 3 taps', async () => {
    const { user } = openSearch({
      [RECENT]: ok({ recent: [used(bread, 60, '2 slices'), used(rice, 100, '2两'), used(oats, 40)], frequent: [] }),
    });
    const recent = await screen.findByRole('region', { name: 'Recent' });
    for (const name of ['White bread', 'Rice, white, uncooked', 'Oats']) {
      await user.click(within(recent).getByRole('button', { name: `Add ${name}` }));
    }
    await waitFor(() =>
      expect(storedBasket()).toEqual([
        { food: expect.objectContaining({ id: 3 }), quantity: 60, amount: '2 slices' },
        { food: expect.objectContaining({ id: 4 }), quantity: 100, amount: '2两' },
        { food: expect.objectContaining({ id: 5 }), quantity: 40 },
      ]),
    );
  });
});

describe('search as you type', () => {
  it('searches once typing pauses, not on every key', async () => {
    const { user, calls } = openSearch();
    await user.type(searchBox(), 'rice');
    expect(searches(calls)).toEqual([]);
    await results('Results for “rice”');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches(calls)).toEqual(['rice']);
  });

  it('searches at once on Enter', async () => {
    const { user, calls } = openSearch();
    await user.type(searchBox(), 'egg{Enter}');
    expect(searches(calls)).toEqual(['egg']);
  });

  it('waits for two letters, but one Chinese character is enough', async () => {
    const { user, calls } = openSearch();
    await user.type(searchBox(), 'a');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches(calls)).toEqual([]);
    await user.clear(searchBox());
    await user.type(searchBox(), '米');
    await waitFor(() => expect(searches(calls)).toEqual(['米']));
  });

  it('never shows an older query’s answer that arrives after a newer one', async () => {
    const answers = new Map<string, (reply: MockReply) => void>();
    const { user, calls } = openSearch({
      [SEARCH]: (call) =>
        new Promise((resolve) => answers.set(new URL(call.path, 'http://x').searchParams.get('query') ?? '', resolve)),
    });
    await user.type(searchBox(), 'ba');
    await waitFor(() => expect(answers.has('ba')).toBe(true));
    await user.type(searchBox(), 'nana');
    await waitFor(() => expect(answers.has('banana')).toBe(true));
    expect(searches(calls)).toEqual(['ba', 'banana']);

    answers.get('banana')?.(ok({ query: 'banana', foods: [banana], took_ms: 2 }));
    const list = await results('Results for “banana”');
    // The region may show its spinner a moment before the answer's rows.
    expect(await within(list).findByRole('button', { name: 'Add Banana' })).toBeInTheDocument();

    // The slow answer to "ba" comes last: the results stay banana's.
    await act(async () => {
      answers.get('ba')?.(ok({ query: 'ba', foods: [bread, oats], took_ms: 900 }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('region', { name: 'Results for “ba”' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Add White bread' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Add Banana' })).toBeInTheDocument();
  });
});

describe('offline', () => {
  function goOffline() {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  }

  it('searches the recent and favourite foods by name, Chinese name or pinyin, and says so', async () => {
    const { user, calls } = openSearch({
      [RECENT]: ok({ recent: [used(bread, 60, '2 slices'), used(rice, 50)], frequent: [] }),
      [FAVORITES]: ok({ foods: [{ ...oats, is_favorite: true }] }),
    });
    await screen.findByRole('region', { name: 'Recent' });
    goOffline();
    act(() => void window.dispatchEvent(new Event('offline')));

    await user.type(searchBox(), 'yanmai{Enter}');
    const list = await results('Results for “yanmai”');
    expect(within(list).getByText('Offline — showing your recent and favourite foods')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Add Oats' })).toHaveAccessibleDescription('100 g 389 kcal');
    expect(within(list).getAllByRole('button', { name: /^Add / })).toHaveLength(1);

    await user.clear(searchBox());
    await user.type(searchBox(), 'white{Enter}');
    const white = await results('Results for “white”');
    expect(within(white).getAllByRole('button', { name: /^Add / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add White bread',
      'Add Rice, white, uncooked',
    ]);
    await user.click(within(white).getByRole('button', { name: 'Add White bread' }));
    await waitFor(() => expect(storedBasket()).toEqual([{ food: expect.objectContaining({ id: 3 }), quantity: 60, amount: '2 slices' }]));
    expect(searches(calls)).toEqual([]);
  });

  it('in Chinese, from the foods this device kept when the lists cannot be fetched', async () => {
    await i18n.changeLanguage('zh');
    localStorage.setItem(
      'offlineFoods',
      JSON.stringify({ user: 'ann', recent: [used(rice, 50)], frequent: [], favorites: [] }),
    );
    goOffline();
    const { user } = openSearch({
      [RECENT]: () => Promise.reject(new TypeError('Failed to fetch')),
      [FAVORITES]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.type(searchBox(), '大米{Enter}');
    const list = await results('“大米”的搜索结果');
    expect(within(list).getByText('离线中——显示您最近吃过和收藏的食物')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: '添加 大米' })).toBeInTheDocument();
  });

  it('keeps nobody else’s foods: another person’s stored foods do not show', async () => {
    localStorage.setItem('offlineFoods', JSON.stringify({ user: 'bob', recent: [used(rice, 50)], frequent: [], favorites: [] }));
    goOffline();
    const { user } = openSearch({
      [RECENT]: () => Promise.reject(new TypeError('Failed to fetch')),
      [FAVORITES]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.type(searchBox(), 'rice{Enter}');
    const list = await results('Results for “rice”');
    expect(within(list).getByText('No foods found for “rice”')).toBeInTheDocument();
  });
});
