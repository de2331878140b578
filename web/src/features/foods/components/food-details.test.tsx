import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { makeCustomFood, makeFood, makeUsdaFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import { MICRONUTRIENT_KEYS, type Food, type Micronutrients } from '@/types/food';
import { fakeMatchMedia } from '@/testing/media';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };

/** A USDA survey food: its source gives no fibre, sugar or sodium. */
const survey = makeUsdaFood({
  id: 31,
  fdc_id: 2341234,
  name: 'Pork, braised',
  fiber_per_100g: null,
  sugar_per_100g: null,
  sodium_per_100g: null,
});

const recipe =
  'Pork belly 五花肉 500 g; Soy sauce 酱油 30 g; Rock sugar 冰糖 25 g; Shaoxing wine 绍兴酒 30 g. ' +
  'Raw 905 g, cooked 634 g (yield 70 %). 原料共 905 克，熟重 634 克。';
const dish = makeFood({
  id: 40,
  name: 'Red-braised pork belly',
  name_zh: '红烧肉',
  calories_per_100g: 451,
  portions: [],
  data_quality: 'standard-recipe',
  ingredients: recipe,
});
const spread = makeFood({
  id: 41,
  name: 'Hazelnut spread',
  name_zh: null,
  brand: 'Nuttery',
  portions: [],
  data_source: 'openfoodfacts',
  ingredients: 'Sugar, palm oil, hazelnuts 13%, emulsifier: lecithins (soya, sunflower), vanillin.',
});

function openSearch(foods: Food[], routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/foods/recent/': ok({ recent: [], frequent: [] }),
    'GET /api/v1/foods/favorites/': ok({ foods: [] }),
    'GET /api/v1/foods/search/': ok({ query: 'pork', foods, took_ms: 2, exact: true }),
    'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/') };
}

async function searchFor(user: ReturnType<typeof openSearch>['user'], name: string) {
  await user.type(screen.getByRole('searchbox'), 'pork{Enter}');
  return screen.findByRole('article', { name });
}

/** The card's per-100 g details, term by term. */
function facts(card: HTMLElement) {
  return Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

describe('a nutrient the source does not give', () => {
  it('shows as “—” named “not given by the source” in the details, never 0', async () => {
    const { user } = openSearch([survey]);
    const card = await searchFor(user, 'Pork, braised');
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(facts(card)).toMatchObject({ Protein: '1.1 g', Fiber: '—', Sugar: '—', Sodium: '—' });
    const unknown = within(card).getAllByRole('img', { name: 'not given by the source' });
    expect(unknown).toHaveLength(3);
    expect(unknown[0]).toHaveAttribute('title', 'not given by the source');
    expect(within(card).queryByText('0 mg')).not.toBeInTheDocument();
    expect(within(card).queryByText('0 g')).not.toBeInTheDocument();
  });

  it('is named in Chinese in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch([survey]);
    const card = await searchFor(user, 'Pork, braised');
    await user.click(within(card).getByRole('button', { name: '显示详情' }));
    expect(within(card).getAllByRole('img', { name: '来源未提供' })).toHaveLength(3);
  });

  it('stays empty, and says why, in a copy; the copy sends no value for it', async () => {
    const copy = makeCustomFood({ id: 61, name: 'My braised pork', fiber_per_100g: null, sugar_per_100g: null, sodium_per_100g: null });
    const { user, calls } = openSearch([survey], {
      'GET /api/v1/foods/31/': ok({ ...survey, micronutrients: null }),
      'POST /api/v1/foods/create/': { status: 201, ...ok(copy) },
    });
    const card = await searchFor(user, 'Pork, braised');
    await user.click(within(card).getByRole('button', { name: 'Copy' }));

    const dialog = screen.getByRole('dialog', { name: 'Copy and edit a food' });
    await within(dialog).findByLabelText('Name');
    for (const label of ['Fiber (g)', 'Sugar (g)', 'Sodium (mg)']) {
      expect(within(dialog).getByLabelText(label)).toHaveValue(null);
      expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription('Not given by the source: leave empty if unknown');
    }
    expect(within(dialog).getByLabelText('Protein (g)')).toHaveValue(1.1);
    expect(within(dialog).getByLabelText('Protein (g)')).not.toHaveAccessibleDescription();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Created “My braised pork”')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/foods/create/')?.body;
    expect(body).toEqual({ name: 'Pork, braised', calories: 89, protein: 1.1, fat: 0.3, carbs: 22.8, copied_from: 31 });
  });
});

function micronutrients(values: Partial<Micronutrients>): Micronutrients {
  return { ...(Object.fromEntries(MICRONUTRIENT_KEYS.map((key) => [key, null])) as Micronutrients), ...values };
}

describe('vitamins, minerals and fats per 100 g', () => {
  const orange = makeUsdaFood({
    id: 33,
    name: 'Oranges, raw, all commercial varieties',
    micronutrients: micronutrients({ vitamin_c_mg: 53.2, folate_ug: 30, calcium_mg: 40, potassium_mg: 181, iron_mg: 0.1 }),
    micronutrient_coverage: null,
  });

  it('are listed by group under the macros, what the source does not give as “—”', async () => {
    const { user } = openSearch([orange]);
    const card = await searchFor(user, 'Oranges, raw, all commercial varieties');
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(await within(card).findByText('Vitamins & minerals per 100 g')).toBeVisible();
    const vitamins = within(card).getByRole('region', { name: 'Vitamins' });
    expect(facts(vitamins)).toMatchObject({ 'Vitamin C': '53.2 mg', Folate: '30 µg', 'Vitamin D': '—' });
    expect(facts(within(card).getByRole('region', { name: 'Minerals' }))).toMatchObject({ Potassium: '181 mg', Iron: '0.1 mg' });
    // No fat given at all: the group is left out.
    expect(within(card).queryByRole('region', { name: 'Fats' })).not.toBeInTheDocument();
    expect(within(vitamins).queryByText('0 µg')).not.toBeInTheDocument();
  });

  it('say which of a dish’s values come from only part of its ingredients', async () => {
    const partial = makeFood({
      ...dish,
      micronutrients: micronutrients({ vitamin_c_mg: 1.2, iron_mg: 1.4 }),
      micronutrient_coverage: { vitamin_c_mg: 0.8, iron_mg: 1 },
    });
    const { user } = openSearch([partial]);
    const card = await searchFor(user, 'Red-braised pork belly');
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    const vitamins = await within(card).findByRole('region', { name: 'Vitamins' });
    expect(facts(vitamins)['Vitamin C']).toBe('1.2 mg');
    expect(within(vitamins).getByText('Vitamin C').parentElement).toHaveTextContent('Vitamin C1.2 mgknown for only 80 % of the ingredients (by weight)');
    expect(facts(within(card).getByRole('region', { name: 'Minerals' })).Iron).toBe('1.4 mg');
  });

  it('of a food that gives none are one line', async () => {
    const { user } = openSearch([makeFood({ ...spread, micronutrients: micronutrients({}) })]);
    const card = await searchFor(user, 'Hazelnut spread');
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(await within(card).findByText('Vitamins and minerals not given')).toBeVisible();
    expect(within(card).queryByRole('region', { name: 'Vitamins' })).not.toBeInTheDocument();
  });

  it('are named in Chinese in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch([orange]);
    const card = await searchFor(user, 'Oranges, raw, all commercial varieties');
    await user.click(within(card).getByRole('button', { name: '显示详情' }));
    const vitamins = await within(card).findByRole('region', { name: '维生素' });
    expect(facts(vitamins)).toMatchObject({ 维生素C: '53.2 毫克', 叶酸: '30 微克' });
    expect(facts(within(card).getByRole('region', { name: '矿物质' }))).toMatchObject({ 钾: '181 毫克' });
  });
});

describe('vitamins and minerals of a search hit, which a search answers without them', () => {
  const values = micronutrients({ vitamin_c_mg: 53.2, folate_ug: 30, potassium_mg: 181 });
  const page = makeUsdaFood({ id: 33, name: 'Oranges, raw, all commercial varieties', micronutrients: values });
  /** As a search answers it: no micronutrients key. */
  const { micronutrients: _left, ...hit } = page;

  const detailsCalls = (calls: MockCall[]) => calls.filter((call) => call.path === '/api/v1/foods/33/');

  it('come from the food’s page once the details open, a short line saying so meanwhile', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    const { user, calls } = openSearch([hit], {
      'GET /api/v1/foods/33/': () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    const card = await searchFor(user, 'Oranges, raw, all commercial varieties');
    expect(detailsCalls(calls)).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Getting vitamins and minerals…');
    // The card's controls stay where they are, usable.
    expect(within(card).getByRole('button', { name: 'Add' })).toBeEnabled();
    answer(ok(page));
    const vitamins = await within(card).findByRole('region', { name: 'Vitamins' });
    expect(facts(vitamins)).toMatchObject({ 'Vitamin C': '53.2 mg', Folate: '30 µg', 'Vitamin D': '—' });
    expect(facts(within(card).getByRole('region', { name: 'Minerals' }))).toMatchObject({ Potassium: '181 mg' });
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    expect(detailsCalls(calls)).toHaveLength(1);
  });

  it('are one line “not given” when the page gives none (null), never 0', async () => {
    const { user } = openSearch([hit], { 'GET /api/v1/foods/33/': ok({ ...page, micronutrients: null }) });
    const card = await searchFor(user, 'Oranges, raw, all commercial varieties');
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(await within(card).findByText('Vitamins and minerals not given')).toBeVisible();
    expect(within(card).queryByRole('region', { name: 'Vitamins' })).not.toBeInTheDocument();
    expect(within(card).queryByText(/^0 (mg|µg)$/)).not.toBeInTheDocument();
  });

  it('say when they could not be fetched, and are fetched again on request', async () => {
    let reply: MockReply = { status: 500, body: { success: false, error: { message: 'boom', code: 'INTERNAL' } } };
    const { user, calls } = openSearch([hit], { 'GET /api/v1/foods/33/': () => reply });
    const card = await searchFor(user, 'Oranges, raw, all commercial varieties');
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Vitamins and minerals could not be loaded.');
    expect(within(card).queryByText('Vitamins and minerals not given')).not.toBeInTheDocument();
    reply = ok(page);
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(facts(await within(card).findByRole('region', { name: 'Vitamins' }))['Vitamin C']).toBe('53.2 mg');
    expect(detailsCalls(calls)).toHaveLength(2);
  });

  it('say so in Chinese in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch([hit], { 'GET /api/v1/foods/33/': { status: 500, body: { success: false, error: { message: 'boom' } } } });
    const card = await searchFor(user, 'Oranges, raw, all commercial varieties');
    await user.click(within(card).getByRole('button', { name: '显示详情' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('未能加载维生素和矿物质数据。');
    expect(within(card).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('of a hit not saved here (no id) are “not given”, asked of no one', async () => {
    const { id: _id, ...rest } = hit;
    const unsaved = { ...rest, id: null, fdc_id: 9200 };
    const { user, calls } = openSearch([unsaved]);
    const card = await searchFor(user, 'Oranges, raw, all commercial varieties');
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(await within(card).findByText('Vitamins and minerals not given')).toBeVisible();
    expect(calls.filter((call) => /^\/api\/v1\/foods\/\d+\/$/.test(call.path))).toEqual([]);
  });
});

describe('what a food is made of', () => {
  it('a dish of the library shows its recipe, folded, line by line, with a note on its values', async () => {
    const { user } = openSearch([dish]);
    const card = await searchFor(user, 'Red-braised pork belly');
    expect(within(card).getByText('Standard recipe, values worked out from its ingredients')).toBeVisible();
    const toggle = within(card).getByRole('button', { name: 'Recipe' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('list', { name: 'Recipe' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const lines = within(within(card).getByRole('list', { name: 'Recipe' })).getAllByRole('listitem');
    // In the reader's language: English names here, Chinese ones on a Chinese page.
    expect(lines.map((line) => line.textContent)).toEqual([
      'Pork belly 500 g',
      'Soy sauce 30 g',
      'Rock sugar 25 g',
      'Shaoxing wine 30 g',
    ]);
    expect(within(card).getByText('Raw 905 g, cooked 634 g (yield 70 %).')).toBeVisible();
    expect(within(card).queryByText('原料共 905 克，熟重 634 克。')).not.toBeInTheDocument();
  });

  it('in Chinese: 食谱, and the weights in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openSearch([dish]);
    const card = await searchFor(user, '红烧肉');
    expect(within(card).getByText('标准食谱，营养值按原料计算')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: '食谱' }));
    expect(within(within(card).getByRole('list', { name: '食谱' })).getAllByRole('listitem')).toHaveLength(4);
    expect(within(card).getByText('原料共 905 克，熟重 634 克。')).toBeVisible();
  });

  it('a product shows its label’s ingredients, folded, one a line', async () => {
    const { user } = openSearch([spread]);
    const card = await searchFor(user, 'Hazelnut spread');
    expect(within(card).queryByText(/Standard recipe/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Recipe' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Ingredients' }));
    const lines = within(within(card).getByRole('list', { name: 'Ingredients' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Sugar',
      'palm oil',
      'hazelnuts 13%',
      'emulsifier: lecithins (soya, sunflower)',
      'vanillin',
    ]);
  });

  it('is not offered for a food without ingredients', async () => {
    const { user } = openSearch([makeFood({ id: 42, name: 'Pork loin' })]);
    const card = await searchFor(user, 'Pork loin');
    expect(within(card).queryByRole('button', { name: /Recipe|Ingredients/ })).not.toBeInTheDocument();
  });
});

describe('on a phone, the full card opened from a row', () => {
  // jsdom has no layout: the phone is a matchMedia that matches the rows' query.
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = fakeMatchMedia((query) => query === '(max-width: 719px)');
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('shows the dish’s recipe unfolded, which folds away', async () => {
    const { user } = openSearch([dish]);
    await user.type(screen.getByRole('searchbox'), 'pork{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Red-braised pork belly' }));
    const sheet = screen.getByRole('dialog', { name: 'Red-braised pork belly' });
    expect(within(sheet).getByText('Standard recipe, values worked out from its ingredients')).toBeVisible();
    expect(within(within(sheet).getByRole('list', { name: 'Recipe' })).getAllByRole('listitem')[0]).toHaveTextContent(
      'Pork belly 500 g',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Recipe' }));
    expect(within(sheet).queryByRole('list', { name: 'Recipe' })).not.toBeInTheDocument();
  });

  it('keeps a product’s ingredients folded', async () => {
    const { user } = openSearch([spread]);
    await user.type(screen.getByRole('searchbox'), 'pork{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Hazelnut spread' }));
    const sheet = screen.getByRole('dialog', { name: 'Hazelnut spread' });
    expect(within(sheet).getByRole('button', { name: 'Ingredients' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(sheet).queryByRole('list', { name: 'Ingredients' })).not.toBeInTheDocument();
  });
});
