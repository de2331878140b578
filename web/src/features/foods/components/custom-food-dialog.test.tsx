// Long on purpose: the tests of the custom food dialog, field by field and with its bad inputs.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  acceptedReply,
  eventStreamReply,
  jobEvent,
  liveEventStream,
  mockFetch,
  rememberSession,
  type MockCall,
  type MockReply,
} from '@/testing/fetch-mock';
import { failure, makeCustomFood, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import { MICRONUTRIENT_KEYS, type Food, type Micronutrients } from '@/types/food';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const noMicronutrients = Object.fromEntries(MICRONUTRIENT_KEYS.map((key) => [key, null])) as Micronutrients;
const banana = makeFood();
const dumplings = makeCustomFood();

/** A list of the caller's foods, which (unlike a search's answers) carries their micronutrients. */
function listed(foods: Food[]) {
  return ok({ foods: foods.map((food) => ({ micronutrients: null, ...food })), page: 1, page_size: 100, total: foods.length });
}

/** Signed in, on My food, with `foods` as the custom foods. */
async function openMyFood(routes: Record<string, Route> = {}, foods: Food[] = [dumplings]) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/foods/user/': () => listed(foods),
    ...routes,
  });
  rememberSession(ann);
  const rendered = renderApp('/');
  await rendered.user.click(screen.getByRole('button', { name: i18n.t('foods:modes.mine') }));
  return { ...mock, ...rendered };
}

async function openCreate(routes: Record<string, Route> = {}) {
  const opened = await openMyFood(routes);
  await opened.user.click(screen.getByRole('button', { name: 'Create custom food' }));
  return { ...opened, dialog: screen.getByRole('dialog', { name: 'Create a custom food' }) };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);
const posts = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/foods/create/');

describe('creating a custom food', () => {
  it('has the fields of SPEC 2, with steps of 0.1 for the optional ones', async () => {
    const { dialog } = await openCreate();
    expect(field(dialog, 'Name')).toHaveFocus();
    expect(field(dialog, 'Name')).toBeRequired();
    expect(field(dialog, 'Calories (kcal)')).toBeRequired();
    for (const label of ['Protein (g)', 'Fat (g)', 'Carbs (g)', 'Fiber (g)', 'Sugar (g)', 'Sodium (mg)']) {
      expect(field(dialog, label)).toHaveAttribute('step', '0.1');
      expect(field(dialog, label)).not.toBeRequired();
    }
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('asks for a name and the calories before calling', async () => {
    const { user, dialog, calls } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the food name');

    await user.type(field(dialog, 'Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the food name');

    await user.type(field(dialog, 'Name'), 'Soup');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the calories per 100 g');
    expect(posts(calls)).toEqual([]);
  });

  it('creates it with empty macros as 0 and empty fiber or sugar not sent (unknown), and lists it', async () => {
    const created = makeCustomFood({ id: 51, name: 'Soup', calories_per_100g: 45.5, protein_per_100g: 2.5 });
    let foods: Food[] = [];
    const { user, calls } = await openMyFood(
      {
        'POST /api/v1/foods/create/': () => {
          foods = [created];
          return { status: 201, ...ok(created) };
        },
        'GET /api/v1/foods/user/': () => ok({ foods, page: 1, page_size: 100, total: foods.length }),
      },
    );
    expect(await screen.findByText(/You have no custom foods yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create custom food' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a custom food' });
    await user.type(field(dialog, 'Name'), ' Soup ');
    await user.type(field(dialog, 'Calories (kcal)'), '45.5');
    await user.type(field(dialog, 'Protein (g)'), '2.5');
    await user.type(field(dialog, 'Sodium (mg)'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Created “Soup”')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      name: 'Soup',
      calories: 45.5,
      protein: 2.5,
      fat: 0,
      carbs: 0,
      sodium: 300,
    });
    expect(await screen.findByRole('article', { name: 'Soup' })).toBeInTheDocument();
  });

  it('shows the server validation message as received and keeps the form', async () => {
    const { user, dialog } = await openCreate({
      'POST /api/v1/foods/create/': failure(422, 'calories must be between 0 and 900 per 100 g', 'VALIDATION_ERROR'),
    });
    await user.type(field(dialog, 'Name'), 'Lard');
    await user.type(field(dialog, 'Calories (kcal)'), '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('calories must be between 0 and 900 per 100 g');
    expect(field(dialog, 'Calories (kcal)')).toHaveValue(1200);
  });

  it("falls back to 'Failed to create custom food', and to 'Error creating custom food' without an answer", async () => {
    let reply: () => MockReply | Promise<MockReply> = () => failure(500);
    const { user, dialog } = await openCreate({ 'POST /api/v1/foods/create/': () => reply() });
    await user.type(field(dialog, 'Name'), 'Soup');
    await user.type(field(dialog, 'Calories (kcal)'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create custom food');

    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Error creating custom food'));
  });

  it('cancel closes without a call and the next dialog starts empty', async () => {
    const { user, dialog, calls } = await openCreate();
    await user.type(field(dialog, 'Name'), 'Soup');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create custom food' }));
    expect(field(screen.getByRole('dialog'), 'Name')).toHaveValue('');
    expect(posts(calls)).toEqual([]);
  });
});

describe('editing a custom food', () => {
  it('pre-fills, updates, and flags the basket line with the new nutrition', async () => {
    const updated = { ...dumplings, name: 'Pork dumplings', calories_per_100g: 240 };
    let foods: Food[] = [dumplings];
    const { user, calls } = await openMyFood({
      'PUT /api/v1/foods/50/update/': () => {
        foods = [updated];
        return ok(updated);
      },
      'GET /api/v1/foods/user/': () => listed(foods),
    });
    localStorage.setItem('mealCart', JSON.stringify([{ food: dumplings, quantity: 200 }]));
    await user.click(within(await screen.findByRole('article', { name: 'Grandma’s dumplings' })).getByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit custom food' });
    expect(field(dialog, 'Name')).toHaveValue('Grandma’s dumplings');
    expect(field(dialog, 'Calories (kcal)')).toHaveValue(220);
    expect(field(dialog, 'Sodium (mg)')).toHaveValue(450);
    await user.clear(field(dialog, 'Name'));
    await user.type(field(dialog, 'Name'), 'Pork dumplings');
    await user.clear(field(dialog, 'Calories (kcal)'));
    await user.type(field(dialog, 'Calories (kcal)'), '240');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Updated “Pork dumplings”: the basket now uses its new values')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/v1/foods/50/update/',
      body: { name: 'Pork dumplings', calories: 240, protein: 9, fat: 8, carbs: 28, fiber: 1.5, sugar: 2, sodium: 450, portions: [] },
    });
    expect(JSON.parse(localStorage.getItem('mealCart') ?? '[]')).toEqual([
      { food: updated, quantity: 200, updated: true },
    ]);
    expect(await screen.findByRole('article', { name: 'Pork dumplings' })).toBeInTheDocument();
  });

  it('says nothing about the basket when the food is not in it', async () => {
    const { user } = await openMyFood({ 'PUT /api/v1/foods/50/update/': ok(dumplings) });
    await user.click(within(await screen.findByRole('article', { name: 'Grandma’s dumplings' })).getByRole('button', { name: 'Edit' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated “Grandma’s dumplings”')).toBeInTheDocument();
    expect(screen.queryByText(/The basket now uses/)).not.toBeInTheDocument();
    expect(localStorage.getItem('mealCart')).toBeNull();
  });

  it("shows the server's refusal, else 'Failed to update custom food'", async () => {
    let reply: MockReply = failure(403, 'This food is read-only', 'FOOD_READ_ONLY');
    const { user } = await openMyFood({ 'PUT /api/v1/foods/50/update/': () => reply });
    await user.click(within(await screen.findByRole('article', { name: 'Grandma’s dumplings' })).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This food is read-only');

    reply = failure(500);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to update custom food'));
  });
});

describe('editing a custom food known without its micronutrients (as a search answers it)', () => {
  const own = makeCustomFood({ micronutrients: { ...noMicronutrients, vitamin_c_mg: 12, iron_mg: 2.5 } });
  const { micronutrients: _left, ...hit } = own;

  /** My food, its list answered as a search would: no micronutrients key. */
  async function openEdit(routes: Record<string, Route>) {
    const opened = await openMyFood({
      'GET /api/v1/foods/user/': ok({ foods: [hit], page: 1, page_size: 100, total: 1 }),
      'PUT /api/v1/foods/50/update/': ok(own),
      ...routes,
    });
    await opened.user.click(within(await screen.findByRole('article', { name: 'Grandma’s dumplings' })).getByRole('button', { name: 'Edit' }));
    return { ...opened, dialog: screen.getByRole('dialog', { name: 'Edit custom food' }) };
  }

  it('fetches the food first and keeps its values: an update never sends them all empty', async () => {
    const { user, dialog, calls } = await openEdit({ 'GET /api/v1/foods/50/': ok(own) });
    expect(await within(dialog).findByLabelText('Vitamin C (mg)')).toHaveValue(12);
    expect(field(dialog, 'Iron (mg)')).toHaveValue(2.5);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated “Grandma’s dumplings”')).toBeInTheDocument();
    const sent = (calls.find((call) => call.method === 'PUT')?.body as { micronutrients: Micronutrients }).micronutrients;
    expect(sent).toMatchObject({ vitamin_c_mg: 12, iron_mg: 2.5, calcium_mg: null });
  });

  it('says so when the food cannot be fetched, offers no update, and tries again', async () => {
    let reply: MockReply = failure(500);
    const { user, dialog, calls } = await openEdit({ 'GET /api/v1/foods/50/': () => reply });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Vitamins and minerals could not be loaded.');
    expect(within(dialog).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    reply = ok(own);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText('Vitamin C (mg)')).toHaveValue(12);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});

describe('copying a food', () => {
  it('pre-fills from the food and creates a new custom food that names its source', async () => {
    const copy = makeCustomFood({ id: 60, name: 'My banana' });
    // A search's answers leave the micronutrients out: the copy gets them from the food's page.
    const page = makeFood({ micronutrients: { ...noMicronutrients, vitamin_c_mg: 8.7, potassium_mg: 358 } });
    const { user, calls } = await openMyFood({
      'GET /api/v1/foods/search/': ok({ query: 'banana', foods: [banana], took_ms: 2 }),
      'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
      'GET /api/v1/foods/1/': ok(page),
      'POST /api/v1/foods/create/': { status: 201, ...ok(copy) },
    });
    await user.click(screen.getByRole('button', { name: 'Search food' }));
    await user.type(screen.getByRole('searchbox'), 'banana{Enter}');
    await user.click(within(await screen.findByRole('article', { name: 'Banana' })).getByRole('button', { name: 'Copy' }));

    const dialog = screen.getByRole('dialog', { name: 'Copy and edit a food' });
    expect(await within(dialog).findByLabelText('Name')).toHaveValue('Banana');
    expect(field(dialog, 'Calories (kcal)')).toHaveValue(89);
    expect(field(dialog, 'Carbs (g)')).toHaveValue(22.8);
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    await user.clear(field(dialog, 'Name'));
    await user.type(field(dialog, 'Name'), 'My banana');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Created “My banana”')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      name: 'My banana',
      calories: 89,
      protein: 1.1,
      fat: 0.3,
      carbs: 22.8,
      fiber: 2.6,
      sugar: 12.2,
      sodium: 1,
      micronutrients: { vitamin_c_mg: 8.7, potassium_mg: 358 },
      portions: [{ grams: 118, name: '1 medium', name_zh: '1 根（中）' }],
      copied_from: 1,
    });
  });

  it('copies a USDA food as custom from My food, with the Chinese name in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const usda = makeFood({ id: 9, name: 'Rice, white, cooked', name_zh: '米饭', is_usda: true, fdc_id: 168878, data_source: 'usda', portions: [] });
    const { user } = await openMyFood({}, [usda]);
    await user.click(within(await screen.findByRole('article', { name: '米饭' })).getByRole('button', { name: '复制为自定义食物' }));
    const dialog = screen.getByRole('dialog', { name: '复制并编辑食物' });
    expect(field(dialog, '名称')).toHaveValue('米饭');
    expect(within(dialog).getByRole('button', { name: '创建' })).toBeInTheDocument();
  });
});

describe('more nutrients of a custom food', () => {
  it('are folded until asked for; empty ones are not sent, typed ones are', async () => {
    const { user, dialog, calls } = await openCreate({ 'POST /api/v1/foods/create/': { status: 201, ...ok(makeCustomFood({ id: 52, name: 'Juice' })) } });
    const toggle = within(dialog).getByRole('button', { name: 'More nutrients' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByLabelText('Vitamin C (mg)')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const label of ['Vitamin A (µg)', 'Vitamin D (µg)', 'Iron (mg)', 'Potassium (mg)', 'Saturated fat (g)', 'Cholesterol (mg)'])
      expect(field(dialog, label)).toHaveValue(null);
    await user.type(field(dialog, 'Name'), 'Juice');
    await user.type(field(dialog, 'Calories (kcal)'), '45');
    await user.type(field(dialog, 'Vitamin C (mg)'), '50');
    await user.type(field(dialog, 'Calcium (mg)'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ name: 'Juice', micronutrients: { vitamin_c_mg: 50, calcium_mg: 11 } });
    expect(Object.keys((posts(calls)[0]?.body as { micronutrients: object }).micronutrients)).toHaveLength(2);
  });

  it("shows the server's 422 as other form errors", async () => {
    const { user, dialog } = await openCreate({
      'POST /api/v1/foods/create/': failure(422, 'vitamin_d_ug must be between 0 and 1000 µg per 100 g', 'VALIDATION_ERROR'),
    });
    await user.type(field(dialog, 'Name'), 'Cod liver oil');
    await user.type(field(dialog, 'Calories (kcal)'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'More nutrients' }));
    await user.type(field(dialog, 'Vitamin D (µg)'), '2500');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('vitamin_d_ug must be between 0 and 1000 µg per 100 g');
    expect(field(dialog, 'Vitamin D (µg)')).toHaveValue(2500);
  });

  it('of a food being edited are open and pre-filled, its own ones too; one emptied is sent as null', async () => {
    const values = {
      ...(Object.fromEntries(MICRONUTRIENT_KEYS.map((key) => [key, null])) as Micronutrients),
      vitamin_c_mg: 12,
      selenium_ug: 5,
    };
    const own = makeCustomFood({ micronutrients: values });
    const { user, calls } = await openMyFood({ 'PUT /api/v1/foods/50/update/': ok(own) }, [own]);
    await user.click(within(await screen.findByRole('article', { name: 'Grandma’s dumplings' })).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit custom food' });
    expect(within(dialog).getByRole('button', { name: 'More nutrients · 2 given' })).toHaveAttribute('aria-expanded', 'true');
    expect(field(dialog, 'Selenium (µg)')).toHaveValue(5);
    await user.clear(field(dialog, 'Vitamin C (mg)'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeDefined());
    const sent = (calls.find((call) => call.method === 'PUT')?.body as { micronutrients: Micronutrients }).micronutrients;
    expect(Object.keys(sent)).toHaveLength(24);
    expect(sent).toMatchObject({ vitamin_c_mg: null, selenium_ug: 5, calcium_mg: null });
  });

  it('are named in Chinese in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = await openMyFood();
    await user.click(screen.getByRole('button', { name: '创建自定义食物' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '更多营养素' }));
    expect(field(dialog, '维生素C（毫克）')).toBeInTheDocument();
    expect(field(dialog, '饱和脂肪（克）')).toBeInTheDocument();
    expect(field(dialog, '维生素D（微克）')).toBeInTheDocument();
  });
});

describe('portions of a custom food', () => {
  it('are added, checked and sent on create', async () => {
    const created = makeCustomFood({ id: 52, name: 'Loaf' });
    const { user, dialog, calls } = await openCreate({ 'POST /api/v1/foods/create/': { status: 201, ...ok(created) } });
    await user.type(field(dialog, 'Name'), 'Loaf');
    await user.type(field(dialog, 'Calories (kcal)'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Add portion' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Portion 1: enter a name such as “1 slice”');

    await user.type(field(dialog, 'Portion 1 name'), '1 slice');
    await user.type(field(dialog, 'Portion 1 Chinese name (optional)'), '1 片');
    await user.type(field(dialog, 'Portion 1 grams'), '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Portion 1: grams must be more than 0 and at most 5000');
    await user.clear(field(dialog, 'Portion 1 grams'));
    await user.type(field(dialog, 'Portion 1 grams'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add portion' }));
    await user.type(field(dialog, 'Portion 2 name'), 'whole loaf');
    await user.type(field(dialog, 'Portion 2 grams'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Created “Loaf”')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toMatchObject({
      name: 'Loaf',
      portions: [
        { name: '1 slice', name_zh: '1 片', grams: 30 },
        { name: 'whole loaf', name_zh: null, grams: 500 },
      ],
    });
  });

  it('are pre-filled on edit; removing one sends the rest; at most 20', async () => {
    const loaf = makeCustomFood({
      portions: [
        { grams: 30, name: '1 slice', name_zh: '1 片' },
        { grams: 500, name: '1 loaf', name_zh: null },
      ],
    });
    const { user, calls } = await openMyFood({ 'PUT /api/v1/foods/50/update/': ok(loaf) }, [loaf]);
    await user.click(within(await screen.findByRole('article', { name: 'Grandma’s dumplings' })).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit custom food' });
    expect(field(dialog, 'Portion 1 name')).toHaveValue('1 slice');
    expect(field(dialog, 'Portion 1 Chinese name (optional)')).toHaveValue('1 片');
    expect(field(dialog, 'Portion 2 grams')).toHaveValue(500);
    await user.click(within(dialog).getByRole('button', { name: 'Remove portion 2' }));
    for (let n = 2; n <= 20; n += 1) await user.click(within(dialog).getByRole('button', { name: 'Add portion' }));
    expect(within(dialog).getByRole('button', { name: 'Add portion' })).toBeDisabled();
    for (let n = 20; n >= 2; n -= 1) await user.click(within(dialog).getByRole('button', { name: `Remove portion ${n}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated “Grandma’s dumplings”')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      portions: [{ name: '1 slice', name_zh: '1 片', grams: 30 }],
    });
  });
});

describe('portions of a custom food in Chinese', () => {
  it('lead with the Chinese name, take a measure word alone, and say everything in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const created = makeCustomFood({ id: 54, name: '煎饼' });
    const { user, calls } = await openMyFood({ 'POST /api/v1/foods/create/': { status: 201, ...ok(created) } });
    await user.click(screen.getByRole('button', { name: '创建自定义食物' }));
    const dialog = screen.getByRole('dialog', { name: '创建自定义食物' });
    await user.type(field(dialog, '名称'), '煎饼');
    await user.type(field(dialog, '热量（千卡）'), '220');
    await user.click(within(dialog).getByRole('button', { name: '添加份量' }));
    const name = field(dialog, '份量 1 名称');
    expect(name).toHaveAttribute('placeholder', '1 张');
    expect(field(dialog, '份量 1 英文名称（可选）')).not.toHaveAttribute('placeholder');
    // Nothing of the row is in English.
    for (const input of within(dialog).getAllByRole('textbox')) expect(input.getAttribute('placeholder') ?? '').not.toMatch(/[a-z]/i);
    await user.type(name, '1 张');
    await user.type(field(dialog, '份量 1 克数'), '120');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));

    expect(await screen.findByText('已创建“煎饼”')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toMatchObject({ name: '煎饼', portions: [{ name: '1 张', name_zh: '1 张', grams: 120 }] });
  });

  it('ask for a name in either language, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user, calls } = await openMyFood();
    await user.click(screen.getByRole('button', { name: '创建自定义食物' }));
    const dialog = screen.getByRole('dialog', { name: '创建自定义食物' });
    await user.type(field(dialog, '名称'), '煎饼');
    await user.type(field(dialog, '热量（千卡）'), '220');
    await user.click(within(dialog).getByRole('button', { name: '添加份量' }));
    await user.type(field(dialog, '份量 1 克数'), '120');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('份量 1：请输入名称，例如“1 片”');
    expect(posts(calls)).toEqual([]);
  });
});

describe('scanning a label into a custom food', () => {
  const reading = {
    found: true,
    kind: 'gb28050',
    basis: 'per_serving',
    serving_grams: 30,
    barcode: null,
    fields: [
      { nutrient: 'calories', value: 377.6, printed: '474 kJ', certainty: 'sure', confidence: 0.99, doubts: [] },
      { nutrient: 'protein', value: 6.7, printed: '2 g', certainty: 'check', confidence: 0.7, doubts: [] },
      { nutrient: 'fat', value: null, printed: '182 g', certainty: 'implausible', confidence: 0.95, doubts: ['out_of_range'] },
      { nutrient: 'carbs', value: 60, printed: '18 g', certainty: 'sure', confidence: 0.98, doubts: [] },
      { nutrient: 'sodium', value: null, printed: null, certainty: 'unread', confidence: 0, doubts: ['not_found'] },
      { nutrient: 'fiber', value: null, printed: null, certainty: 'not_on_label', confidence: 0, doubts: [] },
      { nutrient: 'sugar', value: null, printed: null, certainty: 'not_on_label', confidence: 0, doubts: [] },
    ],
    rows: [],
    took_ms: 820,
  };
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'label.jpg', { type: 'image/jpeg' });
  const hintOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

  it('fills what was read, and leaves what was not empty and marked', async () => {
    const { user, dialog, calls } = await openCreate({ 'POST /api/v1/labels/read/': ok(reading) });
    expect(within(dialog).getByRole('button', { name: 'Scan a label' })).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Photo of a nutrition label'), photo());
    expect(await within(dialog).findByText(/Filled in from the label/)).toHaveTextContent(
      'per serving (30 g); they were turned into values per 100 g',
    );
    expect(calls.filter((call) => call.path === '/api/v1/labels/read/')).toHaveLength(1);
    expect(field(dialog, 'Calories (kcal)')).toHaveValue(377.6);
    expect(hintOf(field(dialog, 'Calories (kcal)'))).toBe('Read from the label');
    expect(field(dialog, 'Protein (g)')).toHaveValue(6.7);
    expect(hintOf(field(dialog, 'Protein (g)'))).toBe('Read, but not clearly — please check');
    for (const label of ['Fat (g)', 'Sodium (mg)']) {
      expect(field(dialog, label)).toHaveValue(null);
      expect(hintOf(field(dialog, label))).toBe("Couldn't read — please check");
    }
    expect(hintOf(field(dialog, 'Fiber (g)'))).toBeUndefined();

    // Typing a value takes the mark away.
    await user.type(field(dialog, 'Sodium (mg)'), '120');
    expect(hintOf(field(dialog, 'Sodium (mg)'))).toBeUndefined();
  });

  it('keeps the serving as the portion "1 serving", and offers the calories worked out from the macros without filling them in', async () => {
    const noCalories = {
      ...reading,
      fields: reading.fields.map((each) =>
        each.nutrient === 'calories'
          ? { ...each, value: null, printed: null, certainty: 'unread', doubts: ['not_found'] }
          : each.nutrient === 'fat'
            ? { ...each, value: 10, printed: '3 g', certainty: 'sure', doubts: [] }
            : each,
      ),
    };
    const created = makeCustomFood({ id: 53, name: 'Crackers' });
    const { user, dialog, calls } = await openCreate({
      'POST /api/v1/labels/read/': ok(noCalories),
      'POST /api/v1/foods/create/': { status: 201, ...ok(created) },
    });
    await user.upload(within(dialog).getByLabelText('Photo of a nutrition label'), photo());
    expect(await within(dialog).findByText(/Filled in from the label/)).toHaveTextContent(
      'Its serving size is kept as the portion “1 serving (30 g)”',
    );
    expect(field(dialog, 'Portion 1 name')).toHaveValue('1 serving');
    expect(field(dialog, 'Portion 1 Chinese name (optional)')).toHaveValue('1 份');
    expect(field(dialog, 'Portion 1 grams')).toHaveValue(30);

    // 4 × 6.7 + 9 × 10 + 4 × 60 = 356.8: offered, said to be an estimate, not filled in.
    expect(within(dialog).getByText(/about 357 kcal per 100 g\. This is an estimate/)).toBeVisible();
    expect(field(dialog, 'Calories (kcal)')).toHaveValue(null);
    await user.click(within(dialog).getByRole('button', { name: 'Use the estimate: 357 kcal' }));
    expect(field(dialog, 'Calories (kcal)')).toHaveValue(357);
    expect(hintOf(field(dialog, 'Calories (kcal)'))).toBe('Estimated from protein, fat and carbs — not read from the label');
    expect(within(dialog).queryByRole('button', { name: /Use the estimate/ })).not.toBeInTheDocument();

    // The person corrects it: their figure goes, unmarked.
    await user.clear(field(dialog, 'Calories (kcal)'));
    await user.type(field(dialog, 'Calories (kcal)'), '350');
    expect(hintOf(field(dialog, 'Calories (kcal)'))).toBeUndefined();
    await user.type(field(dialog, 'Name'), 'Crackers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Created “Crackers”')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toMatchObject({
      calories: 350,
      portions: [{ name: '1 serving', name_zh: '1 份', grams: 30 }],
    });
  });

  it('says so when the photo holds no label, and when reading is not available', async () => {
    const { user, dialog } = await openCreate({
      'POST /api/v1/labels/read/': ok({ ...reading, found: false, fields: [] }),
    });
    await user.upload(within(dialog).getByLabelText('Photo of a nutrition label'), photo());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No nutrition table was found in this photo');
    expect(field(dialog, 'Calories (kcal)')).toHaveValue(null);
  });

  it('shows the server’s reason when reading fails', async () => {
    const { user, dialog } = await openCreate({
      'POST /api/v1/labels/read/': failure(503, 'label reading models not installed', 'LABEL_READING_UNAVAILABLE'),
    });
    await user.upload(within(dialog).getByLabelText('Photo of a nutrition label'), photo());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('label reading models not installed');
  });

  describe('when the server reads it on its workers (202)', () => {
    const RESULT = 'GET /api/v1/jobs/j1/result/';
    const EVENTS = 'GET /api/v1/jobs/j1/events/';
    const reading_ = (progress: number, message = 'Reading the label') =>
      jobEvent('j1', progress, 'running', { step: 'label_reading', progress, message });
    const pendingRead = () => JSON.parse(sessionStorage.getItem('pendingLabelRead') ?? 'null') as unknown;
    const readCalls = (calls: MockCall[]) => calls.filter((call) => call.path === '/api/v1/labels/read/');
    const progressBar = (dialog: HTMLElement) => within(dialog).queryByRole('progressbar', { name: /^(Label reading progress|读取营养成分表的进度)$/ });

    it('shows how far the read is, in percent and words, then fills the form from its result', async () => {
      const live = liveEventStream();
      const { user, dialog, calls } = await openCreate({
        'POST /api/v1/labels/read/': acceptedReply('j1'),
        [EVENTS]: () => {
          live.send(10, reading_(10));
          return live.reply;
        },
        [RESULT]: ok(reading),
      });
      await user.upload(within(dialog).getByLabelText('Photo of a nutrition label'), photo());
      expect(await within(dialog).findByText('10% · Reading the label')).toBeVisible();
      expect(progressBar(dialog)).toHaveAttribute('value', '10');
      expect(within(dialog).getByRole('button', { name: 'Reading the label…' })).toBeDisabled();
      expect(pendingRead()).toEqual({ jobId: 'j1', result: '/api/v1/jobs/j1/result/', barcode: null });

      live.send(60, reading_(60));
      expect(await within(dialog).findByText('60% · Reading the label')).toBeVisible();
      live.send(61, jobEvent('j1', 61, 'completed', { message: 'Read' }));
      live.end();
      expect(await within(dialog).findByText(/Filled in from the label/)).toBeVisible();
      expect(field(dialog, 'Calories (kcal)')).toHaveValue(377.6);
      expect(progressBar(dialog)).toBeNull();
      expect(readCalls(calls)).toHaveLength(1);
      expect(pendingRead()).toBeNull();
    });

    it('closed and opened again, takes the answer of the read without reading the photo twice', async () => {
      let results = 0;
      const live = liveEventStream();
      const { user, dialog, calls } = await openCreate({
        'POST /api/v1/labels/read/': acceptedReply('j1'),
        [EVENTS]: (call) => {
          // The dialog's first listener sees the read start; the second, after its return, the end.
          if (call.headers.get('Last-Event-ID') === null && results === 0) {
            live.send(10, reading_(10));
            return live.reply;
          }
          return eventStreamReply([reading_(70), jobEvent('j1', 71, 'completed')]);
        },
        // Still running when the dialog comes back: the same accepted view, then the answer.
        [RESULT]: () => (++results === 1 ? acceptedReply('j1') : ok(reading)),
      });
      await user.upload(within(dialog).getByLabelText('Photo of a nutrition label'), photo());
      expect(await within(dialog).findByText('10% · Reading the label')).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(live.readerLeft).toBe(true));
      expect(pendingRead()).toMatchObject({ jobId: 'j1' });

      await user.click(screen.getByRole('button', { name: 'Create custom food' }));
      const again = screen.getByRole('dialog', { name: 'Create a custom food' });
      expect(await within(again).findByText(/Filled in from the label/)).toBeVisible();
      expect(field(again, 'Calories (kcal)')).toHaveValue(377.6);
      expect(readCalls(calls)).toHaveLength(1);
      expect(calls.filter((call) => call.path === '/api/v1/jobs/j1/result/')).toHaveLength(2);
      expect(pendingRead()).toBeNull();
    });

    it('says what the read is doing in Chinese', async () => {
      await i18n.changeLanguage('zh');
      const live = liveEventStream();
      const { user } = await openMyFood({
        'POST /api/v1/labels/read/': acceptedReply('j1'),
        [EVENTS]: () => {
          live.send(10, reading_(35));
          return live.reply;
        },
      });
      await user.click(screen.getByRole('button', { name: '创建自定义食物' }));
      const dialog = screen.getByRole('dialog');
      await user.upload(within(dialog).getByLabelText('营养成分表的照片'), photo());
      expect(await within(dialog).findByText('35% · 正在读取营养成分表')).toBeVisible();
      expect(progressBar(dialog)).toHaveAttribute('value', '35');
    });

    it('shows why a read failed on the workers, and forgets it', async () => {
      const { user, dialog } = await openCreate({
        'POST /api/v1/labels/read/': acceptedReply('j1'),
        [EVENTS]: eventStreamReply([
          reading_(10),
          jobEvent('j1', 11, 'failed', {
            message: 'The label-reading models are not installed',
            error: { message: 'The label-reading models are not installed', code: 'LABEL_READING_UNAVAILABLE' },
          }),
        ]),
      });
      await user.upload(within(dialog).getByLabelText('Photo of a nutrition label'), photo());
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('The label-reading models are not installed');
      expect(pendingRead()).toBeNull();
      expect(within(dialog).getByRole('button', { name: 'Scan a label' })).toBeEnabled();
    });
  });
});
