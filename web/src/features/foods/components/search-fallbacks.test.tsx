import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { makeCustomFood, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import type { Food } from '@/types/food';
import { fakeMatchMedia } from '@/testing/media';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const pork = makeFood({ id: 3, name: 'Pork belly, raw', name_zh: '五花肉', calories_per_100g: 518, portions: [] });
const stew = makeFood({ id: 4, name: 'Pork stew', name_zh: '炖猪肉', calories_per_100g: 180, portions: [] });

const SEARCH = 'GET /api/v1/foods/search/';

/** What the search answers: the closest foods (`exact` false), or foods matching every word. */
function answer(query: string, foods: Food[], exact: boolean) {
  return ok({ query, foods, took_ms: 2, exact });
}

function openSearch(routes: Record<string, Route> = {}, { session = true } = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/foods/recent/': ok({ recent: [], frequent: [] }),
    'GET /api/v1/foods/favorites/': ok({ foods: [] }),
    'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
    ...routes,
  });
  if (session) rememberSession(ann);
  return { ...mock, ...renderApp('/') };
}

async function search(user: ReturnType<typeof openSearch>['user'], query: string) {
  await user.type(screen.getByRole('searchbox'), `${query}{Enter}`);
  return screen.findByRole('region', { name: i18n.t('foods:search.results', { query }) });
}

const storedBasket = () => JSON.parse(localStorage.getItem('mealCart') ?? 'null') as unknown;
const posts = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/foods/create/');

describe('a search without an exact match', () => {
  it('says so in one line above the closest foods, with two ways on', async () => {
    const { user } = openSearch({ [SEARCH]: answer('hongshaorou', [pork, stew], false) });
    const results = await search(user, 'hongshaorou');

    const line = await within(results).findByText('No exact match for “hongshaorou” — closest:');
    const cards = within(results).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Pork belly, raw', 'Pork stew']);
    // The line comes first, then the foods as ever.
    expect(line.compareDocumentPosition(cards[0] as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(results).getByRole('button', { name: 'Create “hongshaorou”' })).toBeVisible();
    expect(within(results).getByRole('button', { name: 'Quick add' })).toBeVisible();
  });

  it('says nothing of the kind when the first food matches every word', async () => {
    const { user } = openSearch({ [SEARCH]: answer('pork', [pork, stew], true) });
    const results = await search(user, 'pork');
    await within(results).findByRole('article', { name: 'Pork belly, raw' });
    expect(within(results).queryByText(/No exact match/)).not.toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: /^Create/ })).not.toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: 'Quick add' })).not.toBeInTheDocument();
  });

  it('says when nothing at all is found, with the same two ways on', async () => {
    const { user } = openSearch({ [SEARCH]: answer('zzz', [], false) });
    const results = await search(user, 'zzz');
    expect(await within(results).findByText('Nothing found for “zzz”')).toBeVisible();
    expect(within(results).queryByRole('article')).not.toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'Create “zzz”' })).toBeVisible();
    expect(within(results).getByRole('button', { name: 'Quick add' })).toBeVisible();
  });

  it('Create opens the custom food dialog named after the query, then the search finds the new food', async () => {
    const created = makeCustomFood({ id: 90, name: '红烧肉', calories_per_100g: 470 });
    let foods: Food[] = [pork];
    const { user, calls } = openSearch({
      [SEARCH]: () => answer('红烧肉', foods, foods[0] === created),
      'POST /api/v1/foods/create/': () => {
        foods = [created, pork];
        return { status: 201, ...ok(created) };
      },
    });
    const results = await search(user, '红烧肉');
    await user.click(await within(results).findByRole('button', { name: 'Create “红烧肉”' }));

    const dialog = screen.getByRole('dialog', { name: 'Create a custom food' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('红烧肉');
    // The name is there already: the calories are next.
    expect(within(dialog).getByLabelText('Calories (kcal)')).toHaveFocus();
    await user.keyboard('470');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Created “红烧肉”')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({ name: '红烧肉', calories: 470, protein: 0, fat: 0, carbs: 0 });
    expect(await within(results).findByRole('article', { name: '红烧肉' })).toBeInTheDocument();
    expect(within(results).queryByText(/No exact match/)).not.toBeInTheDocument();
  });

  it('Quick add opens the basket’s quick add named after the query, and adds its calories', async () => {
    const { user } = openSearch({ [SEARCH]: answer('hot pot', [stew], false) });
    const results = await search(user, 'hot pot');
    await user.click(await within(results).findByRole('button', { name: 'Quick add' }));

    const dialog = screen.getByRole('dialog', { name: 'Quick add to the basket' });
    expect(within(dialog).getByLabelText('Name (optional)')).toHaveValue('hot pot');
    expect(within(dialog).getByLabelText('Calories (kcal)')).toHaveFocus();
    await user.keyboard('850');
    await user.click(within(dialog).getByRole('button', { name: 'Add to basket' }));

    expect(await screen.findByText('Added 850 kcal “hot pot” to the basket')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storedBasket()).toEqual([{ id: expect.any(String), quick_add: { name: 'hot pot', calories: 850 } }]);
    const basket = screen.getByRole('complementary', { name: 'Current basket' });
    expect(within(basket).getByRole('list', { name: 'Foods in the basket' })).toHaveTextContent('hot pot');
  });

  it('asks for a login before creating or quick adding', async () => {
    const { user } = openSearch({ [SEARCH]: answer('hot pot', [stew], false) }, { session: false });
    const results = await search(user, 'hot pot');
    await user.click(await within(results).findByRole('button', { name: 'Create “hot pot”' }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(results).getByRole('button', { name: 'Quick add' }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /custom food|Quick add/ })).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch({ [SEARCH]: answer('红烧肉', [pork], false) });
    const results = await search(user, '红烧肉');
    expect(await within(results).findByText('没有完全匹配“红烧肉”的食物，最接近的是：')).toBeVisible();
    expect(within(results).getByRole('button', { name: '创建“红烧肉”' })).toBeVisible();
    expect(within(results).getByRole('button', { name: '快速添加' })).toBeVisible();
  });
});

describe('a search for a food named as typed', () => {
  const cheddar = makeFood({ id: 5, name: 'Cheese, cheddar', name_zh: '切达奶酪', calories_per_100g: 403, portions: [] });

  it('says no "no exact match" above a food whose Chinese or English name is the query', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch({ [SEARCH]: answer('切达奶酪', [stew, cheddar], false) });
    const results = await search(user, '切达奶酪');
    await within(results).findByRole('article', { name: '切达奶酪' });
    expect(within(results).queryByText(/没有完全匹配/)).not.toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: /^创建/ })).not.toBeInTheDocument();
  });

  it('in English too, whatever the case', async () => {
    const { user } = openSearch({ [SEARCH]: answer('cheese, Cheddar', [stew, cheddar], false) });
    const results = await search(user, 'cheese, Cheddar');
    await within(results).findByRole('article', { name: 'Cheese, cheddar' });
    expect(within(results).queryByText(/No exact match/)).not.toBeInTheDocument();
  });
});

describe('calories typed in the search box', () => {
  it('"300 kcal" offers a first row that opens the quick add with 300 in it, one tap to add', async () => {
    const { user } = openSearch({ [SEARCH]: answer('300 kcal', [stew], false) });
    const results = await search(user, '300 kcal');
    const row = within(results).getByRole('button', { name: 'Quick add 300 kcal' });
    const first = within(results).getAllByRole('button')[0];
    expect(first).toBe(row);
    // Calories are no food to create, and not a meal to read.
    expect(await within(results).findByRole('article', { name: 'Pork stew' })).toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: /^Create/ })).not.toBeInTheDocument();
    expect(within(results).queryByText(/No exact match/)).not.toBeInTheDocument();

    await user.click(row);
    const dialog = screen.getByRole('dialog', { name: 'Quick add to the basket' });
    expect(within(dialog).getByLabelText('Calories (kcal)')).toHaveValue(300);
    const add = within(dialog).getByRole('button', { name: 'Add to basket' });
    expect(add).toHaveFocus();
    await user.click(add);

    expect(await screen.findByText('Added 300 kcal “Quick add” to the basket')).toBeInTheDocument();
    expect(storedBasket()).toEqual([{ id: expect.any(String), quick_add: { calories: 300 } }]);
  });

  it.each(['300卡', '300 大卡', '300kcal', '300 cal'])('"%s" offers it in Chinese', async (query) => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch({ [SEARCH]: answer(query, [], false) });
    const results = await search(user, query);
    await user.click(within(results).getByRole('button', { name: '快速添加 300 千卡' }));
    const dialog = screen.getByRole('dialog', { name: '快速添加到餐篮' });
    expect(within(dialog).getByLabelText('热量（千卡）')).toHaveValue(300);
  });

  it('is not offered for a weight or a bare number', async () => {
    const { user } = openSearch({ [SEARCH]: answer('300 g', [], false) });
    const results = await search(user, '300 g');
    await within(results).findByText('Nothing found for “300 g”');
    expect(within(results).queryByRole('button', { name: /^Quick add \d/ })).not.toBeInTheDocument();
  });
});

describe('a search without an exact match on a phone', () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('keeps the compact rows, with the line and its two ways on above them', async () => {
    window.matchMedia = fakeMatchMedia((query) => query === '(max-width: 719px)' || query === '(max-width: 959px)');
    const { user } = openSearch({ [SEARCH]: answer('hongshaorou', [pork, stew], false) });
    const results = await search(user, 'hongshaorou');
    const line = await within(results).findByText('No exact match for “hongshaorou” — closest:');
    const row = within(results).getByRole('button', { name: 'Add Pork belly, raw' });
    expect(within(results).queryByRole('article')).not.toBeInTheDocument();
    expect(line.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // One tap to the quick add, whose dialog is there though the basket is a closed sheet.
    await user.click(within(results).getByRole('button', { name: 'Quick add' }));
    const dialog = screen.getByRole('dialog', { name: 'Quick add to the basket' });
    expect(within(dialog).getByLabelText('Calories (kcal)')).toHaveFocus();
  });
});
