// Long on purpose: the tests of the search screen: typing, results, meal words and quick adds as a person meets
// them.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { acceptedReply, eventStreamReply, jobEvent, liveEventStream, mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, makeCustomFood, makeFood, makeUsdaFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import type { Food } from '@/types/food';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const banana = makeFood();
const bananaBread = makeFood({
  id: 2,
  name: 'Banana bread',
  name_zh: '香蕉面包',
  brand: 'Baker & Co',
  calories_per_100g: 326,
  portions: [],
});
const dumplings = makeCustomFood();
const usdaBanana = makeUsdaFood();

const SEARCH = 'GET /api/v1/foods/search/';
const USDA_SEARCH = 'GET /api/v1/foods/usda/search/';

function searchReply(foods: Food[], query = 'banana') {
  return ok({ query, foods, took_ms: 3 });
}

/** The food search page; `session` signs Ann in first. */
function openSearch(routes: Record<string, Route> = {}, { session = false } = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    [SEARCH]: searchReply([banana, bananaBread]),
    [USDA_SEARCH]: ok({ foods: [], usda_available: true }),
    ...routes,
  });
  if (session) rememberSession(ann);
  const rendered = renderApp('/');
  return { ...mock, ...rendered };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search foods' });
const card = (name: string) => screen.getByRole('article', { name });
const findCard = (name: string) => screen.findByRole('article', { name });
const foodCalls = (calls: MockCall[], path: string) => calls.filter((call) => call.path.startsWith(path));
/** The card's badges: its only list items. */
const badges = (element: HTMLElement) => within(element).queryAllByRole('listitem').map((item) => item.textContent);
const storedBasket = () => JSON.parse(localStorage.getItem('mealCart') ?? 'null') as unknown;

describe('searching', () => {
  it('makes no call for an empty or blank query, and clears the results', async () => {
    const { user, calls } = openSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(searchBox(), '   {Enter}');
    expect(foodCalls(calls, '/api/v1/foods/')).toEqual([]);

    await user.clear(searchBox());
    await user.type(searchBox(), 'banana{Enter}');
    await findCard('Banana');
    await user.clear(searchBox());
    await user.type(searchBox(), '  {Enter}');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Results for/ })).not.toBeInTheDocument();
    expect(foodCalls(calls, '/api/v1/foods/search/')).toHaveLength(1);
  });

  it('searches on Enter with the trimmed query and shows the results in order', async () => {
    const { user, calls } = openSearch();
    await user.type(searchBox(), '  banana {Enter}');
    expect(await screen.findByRole('heading', { name: 'Results for “banana”' })).toBeInTheDocument();
    expect(foodCalls(calls, '/api/v1/foods/search/')[0]?.path).toBe(
      '/api/v1/foods/search/?query=banana&page_size=20',
    );
    const names = (await screen.findAllByRole('article')).map((article) => within(article).getByRole('heading').textContent);
    expect(names).toEqual(['Banana', 'Banana bread']);
  });

  it('shows a loading message, then the empty state', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    const { user } = openSearch({ [SEARCH]: () => new Promise((resolve) => (answer = resolve)) });
    await user.type(searchBox(), 'zzz{Enter}');
    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    answer(searchReply([], 'zzz'));
    expect(await screen.findByText('Nothing found for “zzz”')).toBeInTheDocument();
  });

  it('shows the server message or "Search failed"; without a connection, the offline notice', async () => {
    let reply: () => MockReply | Promise<MockReply> = () => failure(422, 'Search term is too long', 'QUERY_TOO_LONG');
    const { user } = openSearch({ [SEARCH]: () => reply() });
    await user.type(searchBox(), 'a{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search term is too long');

    reply = () => failure(500);
    await user.type(searchBox(), 'b{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Search failed'));

    // A fetch that fails is a connection that is down: the search goes offline.
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.type(searchBox(), 'c{Enter}');
    expect(await screen.findByText('Offline — showing your recent and favourite foods')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks again when the same query is searched again', async () => {
    const { user, calls } = openSearch();
    await user.type(searchBox(), 'banana{Enter}');
    await findCard('Banana');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(foodCalls(calls, '/api/v1/foods/search/?')).toHaveLength(2));
  });
});

describe('food cards', () => {
  it('shows names, badges and calories per 100 g', async () => {
    const { user } = openSearch({
      [SEARCH]: searchReply([banana, bananaBread, { ...dumplings, is_owner: false }]),
      [USDA_SEARCH]: ok({ foods: [makeUsdaFood({ brand: 'Dole' })], usda_available: true }),
    });
    await user.type(searchBox(), 'banana{Enter}');

    const first = await findCard('Banana');
    expect(within(first).getByText('香蕉')).toHaveAttribute('lang', 'zh-CN');
    expect(badges(first)).toEqual(['Built-in']);
    expect(within(first).getByText('89 kcal / 100 g')).toBeInTheDocument();
    expect(badges(card('Banana bread'))).toEqual(['Baker & Co', 'Built-in']);
    expect(badges(card('Grandma’s dumplings'))).toEqual(['Custom']);
    expect(badges(await findCard('Bananas, raw'))).toEqual(['USDA', 'Dole']);
    // Search mode: Copy, no editing.
    expect(within(card('Grandma’s dumplings')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(card('Grandma’s dumplings')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('works out the nutrition of the quantity as it is typed, and from portions', async () => {
    const { user } = openSearch();
    await user.type(searchBox(), 'banana{Enter}');
    const first = await findCard('Banana');
    const quantity = within(first).getByLabelText('Quantity');
    expect(quantity).toHaveValue('100');
    expect(within(first).getByText('89 kcal')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '150');
    expect(within(first).getByText('134 kcal')).toBeInTheDocument();
    expect(within(first).getByText('Protein 1.7 g')).toBeInTheDocument();
    expect(within(first).getByText('Fat 0.5 g')).toBeInTheDocument();
    expect(within(first).getByText('Carbs 34.2 g')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: '1 medium (118 g)' }));
    // The chip writes the portion's name, which the box reads as its grams.
    expect(quantity).toHaveValue('1 medium');
    expect(within(first).getByText('= 118 g')).toBeInTheDocument();
    expect(within(first).getByText('105 kcal')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(within(first).getByText('Enter at least 1 g')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('toggles the per-100 g details, with the USDA id and a read-only note for USDA foods', async () => {
    const { user } = openSearch({
      [SEARCH]: searchReply([makeUsdaFood({ id: 9, brand: 'Dole', sodium_per_100g: 1 })]),
    });
    await user.type(searchBox(), 'banana{Enter}');
    const usda = await findCard('Bananas, raw');
    const toggle = within(usda).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(usda).queryByRole('term')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(within(usda).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    const facts = Object.fromEntries(
      within(usda)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Protein: '1.1 g',
      Fat: '0.3 g',
      Carbs: '22.8 g',
      Fiber: '2.6 g',
      Sugar: '12.2 g',
      Sodium: '1 mg',
      'USDA ID': '173944',
      Brand: 'Dole',
    });
    expect(within(usda).getByText(/USDA foods are read-only/)).toBeVisible();
  });

  it('leads with the Chinese name in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch();
    await user.type(screen.getByRole('searchbox', { name: '搜索食物' }), '香蕉{Enter}');
    const first = await findCard('香蕉');
    expect(within(first).getByText('Banana')).toHaveAttribute('lang', 'en');
    expect(within(first).getByText('每 100 克 89 千卡')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '1 根（中） · 118 克' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '我的食物' })).toBeDisabled();
  });
});

describe('adding to the basket', () => {
  it('opens the login dialog for anonymous Add and Copy, and stores nothing', async () => {
    const { user } = openSearch();
    await user.type(searchBox(), 'banana{Enter}');
    await user.click(within(await findCard('Banana')).getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(localStorage.getItem('mealCart')).toBeNull();

    await user.keyboard('{Escape}');
    await user.click(within(card('Banana')).getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /custom food|Copy and edit/ })).not.toBeInTheDocument();
  });

  it('adds the quantity, reports it, and adds to a food already in the basket', async () => {
    const { user } = openSearch({}, { session: true });
    await user.type(searchBox(), 'banana{Enter}');
    const first = await findCard('Banana');
    await user.clear(within(first).getByLabelText('Quantity'));
    await user.type(within(first).getByLabelText('Quantity'), '150');
    await user.click(within(first).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added 150 g Banana to the basket')).toBeInTheDocument();
    expect(storedBasket()).toEqual([{ food: banana, quantity: 150 }]);

    await user.clear(within(first).getByLabelText('Quantity'));
    await user.type(within(first).getByLabelText('Quantity'), '100');
    await user.click(within(first).getByRole('button', { name: 'Add' }));
    await user.click(within(card('Banana bread')).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(storedBasket()).toEqual([
        { food: banana, quantity: 250 },
        { food: bananaBread, quantity: 100 },
      ]),
    );
  });

  it('asks before logging out with foods in the basket, then empties it', async () => {
    const { user } = openSearch({ 'POST /api/v1/auth/logout': ok(null) }, { session: true });
    await user.type(searchBox(), 'banana{Enter}');
    await user.click(within(await findCard('Banana')).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(storedBasket()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(storedBasket()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(await screen.findByRole('button', { name: 'Log out and discard' }));
    await waitFor(() => expect(localStorage.getItem('mealCart')).toBeNull());
  });
});

describe('photo and barcode buttons', () => {
  it('need a login', async () => {
    const { user } = openSearch();
    await user.click(screen.getByRole('button', { name: 'Barcode recognition' }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('go to the dashboard, with the barcode scanner for barcodes', async () => {
    const { user } = openSearch({}, { session: true });
    await user.click(screen.getByRole('button', { name: 'Barcode recognition' }));
    // The dashboard opens the dialog for ?mode=barcode, then drops the query.
    expect(await screen.findByRole('dialog', { name: 'Barcode recognition' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });

  it('photo recognition opens the photo picker in the same tap, and the dashboard analyses the photo chosen', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const { user, calls } = openSearch(
      {
        'GET /api/v1/meals/daily-summary/': failure(500),
        'GET /api/v1/images/list/': ok({ images: [], total: 0 }),
        'POST /api/v1/images/upload/': { status: 201, body: { success: true, data: { id: 5, image_id: 5, processing_status: 'uploaded', keywords: [] } } },
        'POST /api/v1/images/analyze-stream/': { text: '', headers: { 'Content-Type': 'text/event-stream' } },
      },
      { session: true },
    );
    // The picker is a file input the button clicks while handling the tap: a browser opens
    // a picker only from a person's gesture.
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('photo input expected');
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await user.click(screen.getByRole('button', { name: 'Photo recognition' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);

    await user.upload(picker, new File([new Uint8Array(100)], 'plate.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/images/upload/')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/v1/images/analyze-stream/')).toHaveLength(1);
  });
});

describe('search history', () => {
  it('shows recent searches before a search, and runs one on click', async () => {
    const { user, calls } = openSearch(
      {
        'GET /api/v1/foods/search/history/': ok({
          history: [
            { query: '米饭', searched_at: '2026-01-02T03:04:05Z', count: 2 },
            { query: 'banana', searched_at: '2026-01-01T03:04:05Z', count: 1 },
          ],
        }),
      },
      { session: true },
    );
    const recent = await screen.findByRole('region', { name: 'Recent searches' });
    expect(calls.find((call) => call.path.startsWith('/api/v1/foods/search/history/'))?.path).toBe(
      '/api/v1/foods/search/history/?limit=10',
    );
    await user.click(within(recent).getByRole('button', { name: 'banana' }));
    expect(searchBox()).toHaveValue('banana');
    await findCard('Banana');
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
  });

  it('is not asked for while logged out', async () => {
    const { calls } = openSearch();
    await screen.findByRole('searchbox');
    expect(calls.some((call) => call.path.includes('/history/'))).toBe(false);
  });
});

describe('my food', () => {
  it('is disabled while logged out', () => {
    openSearch();
    expect(screen.getByRole('button', { name: 'My food' })).toBeDisabled();
  });

  it('loads my custom foods; switching back clears the query and results', async () => {
    const { user, calls } = openSearch(
      {
        'GET /api/v1/foods/user/': ok({
          foods: [dumplings, makeUsdaFood({ id: 9 })],
          page: 1,
          page_size: 100,
          total: 2,
        }),
      },
      { session: true },
    );
    await user.type(searchBox(), 'banana{Enter}');
    await findCard('Banana');

    await user.click(screen.getByRole('button', { name: 'My food' }));
    expect(screen.getByRole('button', { name: 'My food' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create custom food' })).toBeInTheDocument();
    const mine = await findCard('Grandma’s dumplings');
    expect(calls.find((call) => call.path.startsWith('/api/v1/foods/user/'))?.path).toBe(
      '/api/v1/foods/user/?page=1&page_size=100',
    );
    expect(screen.getByRole('heading', { name: 'My custom foods' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    const usda = card('Bananas, raw');
    expect(within(usda).getByRole('button', { name: 'Copy as custom' })).toBeInTheDocument();
    expect(within(usda).getByText('Read-only')).toBeInTheDocument();
    expect(within(usda).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search food' }));
    expect(searchBox()).toHaveValue('');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says when there are no custom foods', async () => {
    const { user } = openSearch(
      { 'GET /api/v1/foods/user/': ok({ foods: [], page: 1, page_size: 100, total: 0 }) },
      { session: true },
    );
    await user.click(screen.getByRole('button', { name: 'My food' }));
    expect(await screen.findByText(/You have no custom foods yet/)).toBeInTheDocument();
  });

  it("says 'Failed to get user foods'", async () => {
    const { user } = openSearch({ 'GET /api/v1/foods/user/': failure(500) }, { session: true });
    await user.click(screen.getByRole('button', { name: 'My food' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get user foods');
  });

  it('says when only the newest page of custom foods shows', async () => {
    const { user } = openSearch(
      { 'GET /api/v1/foods/user/': ok({ foods: [dumplings], page: 1, page_size: 100, total: 130 }) },
      { session: true },
    );
    await user.click(screen.getByRole('button', { name: 'My food' }));
    expect(await screen.findByText('Showing your newest 1 of 130 custom foods.')).toBeInTheDocument();
  });

  it('deletes a custom food after confirmation, reports the impact and drops it from the basket', async () => {
    let foods: Food[] = [dumplings];
    const { user, calls } = openSearch(
      {
        'GET /api/v1/foods/user/': () => ok({ foods, page: 1, page_size: 100, total: foods.length }),
        'DELETE /api/v1/foods/50/delete/': () => {
          foods = [];
          return ok({ removed_from_meals: true, meal_count: 2, meal_foods_count: 3 });
        },
      },
      { session: true },
    );
    localStorage.setItem('mealCart', JSON.stringify([{ food: banana, quantity: 100 }, { food: dumplings, quantity: 200 }]));
    await user.click(screen.getByRole('button', { name: 'My food' }));
    await user.click(within(await findCard('Grandma’s dumplings')).getByRole('button', { name: 'Delete' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Delete custom food?' });
    expect(confirm).toHaveAccessibleDescription(/“Grandma’s dumplings” will be deleted/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card('Grandma’s dumplings')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Deleted “Grandma’s dumplings”. It was removed from 2 saved meals (3 food entries).'),
    ).toBeInTheDocument();
    expect(storedBasket()).toEqual([{ food: banana, quantity: 100 }]);
    expect(await screen.findByText(/You have no custom foods yet/)).toBeInTheDocument();
  });

  it('reports a delete that touched no meals, and a failed delete with its reason', async () => {
    let reply: MockReply = failure(404, 'Food not found', 'FOOD_NOT_FOUND');
    const { user } = openSearch(
      {
        'GET /api/v1/foods/user/': ok({ foods: [dumplings], page: 1, page_size: 100, total: 1 }),
        'DELETE /api/v1/foods/50/delete/': () => reply,
      },
      { session: true },
    );
    await user.click(screen.getByRole('button', { name: 'My food' }));
    const deleteIt = async () => {
      await user.click(within(await findCard('Grandma’s dumplings')).getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    };
    await deleteIt();
    expect(await screen.findByText('Failed to delete food: Food not found')).toBeInTheDocument();

    reply = failure(500);
    await deleteIt();
    expect(await screen.findByText('Failed to delete food. Please try again later.')).toBeInTheDocument();

    reply = ok({ removed_from_meals: false, meal_count: 0, meal_foods_count: 0 });
    await deleteIt();
    expect(await screen.findByText('Deleted “Grandma’s dumplings”')).toBeInTheDocument();
    // The toast's live region says the message alone (no icon glyph or dismiss "×").
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Deleted “Grandma’s dumplings”');
  });

  it('says how many saved meals keep a deleted food, in the singular for one', async () => {
    let reply: MockReply = ok({ removed_from_meals: false, meal_count: 1, meal_foods_count: 1 });
    const { user } = openSearch(
      {
        'GET /api/v1/foods/user/': ok({ foods: [dumplings], page: 1, page_size: 100, total: 1 }),
        'DELETE /api/v1/foods/50/delete/': () => reply,
      },
      { session: true },
    );
    await user.click(screen.getByRole('button', { name: 'My food' }));
    const deleteIt = async () => {
      await user.click(within(await findCard('Grandma’s dumplings')).getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    };
    await deleteIt();
    expect(
      await screen.findByText('Deleted “Grandma’s dumplings”. 1 saved meal still shows it as logged (1 food entry).'),
    ).toBeInTheDocument();

    reply = ok({ removed_from_meals: false, meal_count: 2, meal_foods_count: 3 });
    await deleteIt();
    expect(
      await screen.findByText('Deleted “Grandma’s dumplings”. 2 saved meals still show it as logged (3 food entries).'),
    ).toBeInTheDocument();
  });
});

describe('USDA results', () => {
  it('follow the local results without holding them up', async () => {
    const { user, calls } = openSearch({ [USDA_SEARCH]: () => new Promise(() => undefined) });
    await user.type(searchBox(), 'banana{Enter}');
    await findCard('Banana');
    expect(await screen.findByText('Searching USDA FoodData Central…')).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith('/api/v1/foods/usda/search/'))?.path).toBe(
      '/api/v1/foods/usda/search/?query=banana&page_size=10',
    );
  });

  it('are not asked for when the local search fails', async () => {
    const { user, calls } = openSearch({ [SEARCH]: failure(500) });
    await user.type(searchBox(), 'banana{Enter}');
    await screen.findByRole('alert');
    expect(calls.some((call) => call.path.startsWith('/api/v1/foods/usda/'))).toBe(false);
  });

  it('show USDA foods in their own section, without those already shown', async () => {
    const { user } = openSearch({
      [SEARCH]: searchReply([banana, makeUsdaFood({ id: 12, fdc_id: 1105073, name: 'Banana, dried' })]),
      [USDA_SEARCH]: ok({
        foods: [usdaBanana, makeUsdaFood({ id: 12, fdc_id: 1105073, name: 'Banana, dried' })],
        usda_available: true,
      }),
    });
    await user.type(searchBox(), 'banana{Enter}');
    const section = await screen.findByRole('region', { name: 'From USDA FoodData Central' });
    expect(within(section).getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Bananas, raw',
    ]);
    expect(within(section).queryByText(/USDA is unavailable/)).not.toBeInTheDocument();
  });

  it('say in one quiet line that USDA is unavailable: no heading, no empty section', async () => {
    let reply: MockReply = ok({ foods: [], usda_available: false });
    const { user } = openSearch({ [USDA_SEARCH]: () => reply });
    await user.type(searchBox(), 'banana{Enter}');
    expect(await screen.findByText('Live USDA results are unavailable right now')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'From USDA FoodData Central' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From USDA FoodData Central' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    // A USDA search that fails reads the same.
    reply = failure(503, 'USDA is unavailable', 'USDA_UNAVAILABLE');
    await user.clear(searchBox());
    await user.type(searchBox(), 'bread{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Results for “bread”' })).toBeInTheDocument());
    expect(await screen.findByText('Live USDA results are unavailable right now')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'From USDA FoodData Central' })).not.toBeInTheDocument();
  });

  it('show nothing at all when USDA has nothing more', async () => {
    const saved = makeUsdaFood({ id: 12, fdc_id: 1105073, name: 'Banana, dried' });
    const { user } = openSearch({
      [SEARCH]: searchReply([banana, saved]),
      [USDA_SEARCH]: ok({ foods: [saved], usda_available: true }),
    });
    // The one USDA food is among the local results already.
    await user.type(searchBox(), 'banana{Enter}');
    await findCard('Banana');
    await waitFor(() => expect(screen.queryByText('Searching USDA FoodData Central…')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'From USDA FoodData Central' })).not.toBeInTheDocument();
    expect(screen.queryByText(/USDA results are unavailable/)).not.toBeInTheDocument();
  });

  it('out of reach, still show the USDA foods saved here, under the quiet line', async () => {
    const { user } = openSearch({
      [USDA_SEARCH]: ok({ foods: [makeUsdaFood({ id: 30 })], usda_available: false }),
    });
    await user.type(searchBox(), 'banana{Enter}');
    const section = await screen.findByRole('region', { name: 'From USDA FoodData Central' });
    expect(within(section).getByText('Live USDA results are unavailable right now')).toBeInTheDocument();
    expect(within(section).getByRole('article', { name: 'Bananas, raw' })).toBeInTheDocument();
  });

  it('save a USDA food before it goes into the basket', async () => {
    const saved = makeUsdaFood({ id: 77 });
    const { user, calls } = openSearch(
      {
        [USDA_SEARCH]: ok({ foods: [usdaBanana], usda_available: true }),
        'POST /api/v1/foods/usda/create/': ok(saved),
      },
      { session: true },
    );
    await user.type(searchBox(), 'banana{Enter}');
    const usda = await findCard('Bananas, raw');
    await user.click(within(usda).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added 100 g Bananas, raw to the basket')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/foods/usda/create/')?.body).toEqual({ fdc_id: 173944 });
    expect(storedBasket()).toEqual([{ food: saved, quantity: 100 }]);

    // Saved once: the next Add goes straight to the basket.
    await user.click(within(usda).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(storedBasket()).toEqual([{ food: saved, quantity: 200 }]));
    expect(calls.filter((call) => call.path === '/api/v1/foods/usda/create/')).toHaveLength(1);
  });

  it('report a failed save without adding', async () => {
    const { user } = openSearch(
      {
        [USDA_SEARCH]: ok({ foods: [usdaBanana], usda_available: true }),
        'POST /api/v1/foods/usda/create/': failure(500),
      },
      { session: true },
    );
    await user.type(searchBox(), 'banana{Enter}');
    await user.click(within(await findCard('Bananas, raw')).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add to meal failed');
    expect(localStorage.getItem('mealCart')).toBeNull();
  });

  it('Get nutrition replaces the values of a USDA food without calories', async () => {
    const empty = makeUsdaFood({
      id: 40,
      calories_per_100g: 0,
      protein_per_100g: 0,
      fat_per_100g: 0,
      carbs_per_100g: 0,
      fiber_per_100g: 0,
      sugar_per_100g: 0,
      sodium_per_100g: 0,
    });
    const { user, calls } = openSearch(
      {
        [SEARCH]: searchReply([empty]),
        'GET /api/v1/foods/usda/nutrition/173944/': ok({
          fdc_id: 173944,
          food_description: 'Bananas, raw',
          brand_owner: null,
          nutrients: { calories: 89, protein: 1.09, fat: 0.33, carbs: 22.84, fiber: 2.6, sugar: 12.23, sodium: 1 },
        }),
      },
      { session: true },
    );
    await user.type(searchBox(), 'banana{Enter}');
    const usda = await findCard('Bananas, raw');
    expect(within(usda).getByText('0 kcal / 100 g')).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('/nutrition/'))).toBe(false);

    await user.click(within(usda).getByRole('button', { name: 'Get nutrition' }));
    expect(await within(usda).findByText('89 kcal / 100 g')).toBeInTheDocument();
    expect(within(usda).getByText('89 kcal')).toBeInTheDocument();
    expect(within(usda).getByText('Protein 1.1 g')).toBeInTheDocument();
    expect(within(usda).queryByRole('button', { name: 'Get nutrition' })).not.toBeInTheDocument();

    await user.click(within(usda).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(storedBasket()).toMatchObject([{ food: { id: 40, calories_per_100g: 89 }, quantity: 100 }]));
  });

  it('save a USDA food the server fetches on its workers first (202), then add it', async () => {
    const saved = makeUsdaFood({ id: 78 });
    let creates = 0;
    const { user, calls } = openSearch(
      {
        [USDA_SEARCH]: ok({ foods: [usdaBanana], usda_available: true }),
        'POST /api/v1/foods/usda/create/': () => (++creates === 1 ? acceptedReply('ju', null) : ok(saved)),
        'GET /api/v1/jobs/ju/events/': eventStreamReply([
          jobEvent('ju', 1, 'running', { step: 'fetch', message: 'Asking USDA FoodData Central' }),
          jobEvent('ju', 2, 'completed'),
        ]),
      },
      { session: true },
    );
    await user.type(searchBox(), 'banana{Enter}');
    await user.click(within(await findCard('Bananas, raw')).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added 100 g Bananas, raw to the basket')).toBeInTheDocument();
    // Nothing saved by the 202: the same call again, once the fetch is done.
    expect(foodCalls(calls, '/api/v1/foods/usda/create/').map((call) => call.body)).toEqual([{ fdc_id: 173944 }, { fdc_id: 173944 }]);
    expect(storedBasket()).toEqual([{ food: saved, quantity: 100 }]);
  });

  it('Get nutrition shows how a fetch on the workers (202) goes, then its values', async () => {
    const live = liveEventStream();
    let asked = 0;
    const { user, calls } = openSearch({
      [SEARCH]: searchReply([makeUsdaFood({ id: 40, calories_per_100g: 0 })]),
      'GET /api/v1/foods/usda/nutrition/173944/': () =>
        ++asked === 1
          ? acceptedReply('jn', null)
          : ok({
              fdc_id: 173944,
              food_description: 'Bananas, raw',
              brand_owner: null,
              nutrients: { calories: 89, protein: 1.09, fat: 0.33, carbs: 22.84, fiber: 2.6, sugar: 12.23, sodium: 1 },
            }),
      'GET /api/v1/jobs/jn/events/': () => {
        live.send(1, jobEvent('jn', 1, 'running', { step: 'fetch', progress: 10, message: 'Asking USDA FoodData Central' }));
        return live.reply;
      },
    });
    await user.type(searchBox(), 'banana{Enter}');
    const usda = await findCard('Bananas, raw');
    await user.click(within(usda).getByRole('button', { name: 'Get nutrition' }));
    expect(await within(usda).findByText('10% · Asking USDA FoodData Central')).toBeInTheDocument();
    expect(within(usda).getByRole('progressbar', { name: 'Getting nutrition…' })).toHaveAttribute('value', '10');
    live.send(2, jobEvent('jn', 2, 'completed'));
    live.end();
    expect(await within(usda).findByText('89 kcal / 100 g')).toBeInTheDocument();
    expect(within(usda).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(foodCalls(calls, '/api/v1/foods/usda/nutrition/')).toHaveLength(2);
  });

  it('Get nutrition says when it fails', async () => {
    const { user } = openSearch({
      [SEARCH]: searchReply([makeUsdaFood({ id: 40, calories_per_100g: 0 })]),
      'GET /api/v1/foods/usda/nutrition/173944/': failure(404, 'USDA food not found', 'USDA_FOOD_NOT_FOUND'),
    });
    await user.type(searchBox(), 'banana{Enter}');
    const usda = await findCard('Bananas, raw');
    await user.click(within(usda).getByRole('button', { name: 'Get nutrition' }));
    expect(await within(usda).findByRole('alert')).toHaveTextContent('USDA food not found');
    expect(within(usda).getByText('0 kcal / 100 g')).toBeInTheDocument();
  });
});
