import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Recipe } from '@/features/recipes/types';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, makeFood, makeRecipeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const rice = makeFood({ id: 4, name: 'Rice, white, cooked', name_zh: '米饭', calories_per_100g: 130, protein_per_100g: 2.7, fat_per_100g: 0.3, carbs_per_100g: 28.2, portions: [] });
const egg = makeFood({ id: 5, name: 'Egg, boiled', name_zh: '水煮蛋', calories_per_100g: 155, protein_per_100g: 12.6, fat_per_100g: 10.6, carbs_per_100g: 1.1, portions: [] });
const zero = { fiber: 0, sugar: 0, sodium: 0 };

function recipe(fields: Partial<Recipe> = {}): Recipe {
  return {
    id: 70,
    name: 'Egg fried rice',
    name_zh: '蛋炒饭',
    servings: 2,
    notes: null,
    total_grams: 400,
    serving_grams: 200,
    totals: { calories: 545, protein: 20.7, fat: 11.5, carbs: 85.7, ...zero },
    per_100g: { calories: 136.25, protein: 5.2, fat: 2.9, carbs: 21.4, ...zero },
    per_serving: { calories: 272.5, protein: 10.35, fat: 5.75, carbs: 42.85, ...zero },
    ingredients: [
      { food_id: 4, food_name: rice.name, food_name_zh: '米饭', brand: null, quantity: 300, amount: null, is_recipe: false, portions: [], is_drink: false, calories: 390, protein: 8.1, fat: 0.9, carbs: 84.6, ...zero },
      { food_id: 5, food_name: egg.name, food_name_zh: '水煮蛋', brand: null, quantity: 100, amount: null, is_recipe: false, portions: [], is_drink: false, calories: 155, protein: 12.6, fat: 10.6, carbs: 1.1, ...zero },
    ],
    food: makeRecipeFood(),
    created_at: '2026-01-02T03:04:05Z',
    updated_at: '2026-01-02T03:04:05Z',
    ...fields,
  };
}

function openRecipes(routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/recipes/': ok({ recipes: [recipe()], page: 1, page_size: 100, total: 1 }),
    'GET /api/v1/foods/search/': (call) =>
      ok({ query: '', foods: call.path.includes('egg') ? [egg] : [rice], took_ms: 1 }),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/recipes') };
}

const sent = (calls: MockCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).map((call) => call.body);

async function pick(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, query: string, name: string) {
  const box = within(dialog).getByRole('searchbox', { name: 'Find a food to add' });
  await user.clear(box);
  await user.type(box, `${query}{Enter}`);
  await user.click(await within(dialog).findByRole('button', { name: `Add ${name}` }));
}

describe('recipes page', () => {
  it('lists my recipes with servings, calories per serving and per 100 g, and macros per serving', async () => {
    const { calls } = openRecipes();
    expect(await screen.findByRole('heading', { level: 1, name: 'Recipes' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Egg fried rice' });
    expect(card).toHaveTextContent('2 servings of 200 g · 2 ingredients');
    expect(card).toHaveTextContent('273 kcal per serving · 136 kcal / 100 g');
    expect(card).toHaveTextContent('Per serving: protein 10.4 g · fat 5.8 g · carbs 42.9 g');
    expect(calls.some((call) => call.path === '/api/v1/recipes/?page=1&page_size=100')).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toHaveTextContent('Recipes');
  });

  it('says when there are none, and leads with Chinese names in Chinese', async () => {
    await i18n.changeLanguage('zh');
    openRecipes();
    const card = await screen.findByRole('article', { name: '蛋炒饭' });
    expect(card).toHaveTextContent('每份 273 千卡');
    expect(within(card).getByRole('button', { name: '编辑蛋炒饭' })).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    openRecipes({ 'GET /api/v1/recipes/': ok({ recipes: [], page: 1, page_size: 100, total: 0 }) });
    expect(await screen.findByText(/No recipes yet/)).toBeInTheDocument();
  });

  it('creates a recipe from searched foods, with live values while editing', async () => {
    let listed: Recipe[] = [];
    const { user, calls } = openRecipes({
      'GET /api/v1/recipes/': () => ok({ recipes: listed, page: 1, page_size: 100, total: listed.length }),
      'POST /api/v1/recipes/create/': () => {
        listed = [recipe()];
        return { status: 201, ...ok(recipe()) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New recipe' }));
    const dialog = screen.getByRole('dialog', { name: 'New recipe' });
    await user.type(within(dialog).getByLabelText('Name'), 'Egg fried rice');
    await user.type(within(dialog).getByLabelText('Chinese name (optional)'), '蛋炒饭');
    const servings = within(dialog).getByLabelText('Servings');
    await user.clear(servings);
    await user.type(servings, '2');

    await pick(user, dialog, 'rice', 'Rice, white, cooked');
    const riceGrams = within(dialog).getByRole('textbox', { name: 'Amount of Rice, white, cooked' });
    expect(riceGrams).toHaveValue('100');
    await user.clear(riceGrams);
    await user.type(riceGrams, '300');
    await pick(user, dialog, 'egg', 'Egg, boiled');

    const values = within(dialog).getByLabelText('Values');
    expect(values).toHaveTextContent('Total (400 g)545 kcal · P 20.7 g · F 11.5 g · C 85.7 g');
    expect(values).toHaveTextContent('Per serving273 kcal · P 10.4 g · F 5.8 g · C 42.8 g');
    expect(values).toHaveTextContent('Per 100 g136 kcal · P 5.2 g · F 2.9 g · C 21.4 g');
    // Removing an ingredient changes the values at once.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Egg, boiled' }));
    expect(values).toHaveTextContent('Total (300 g)390 kcal');
    await pick(user, dialog, 'egg', 'Egg, boiled');

    await user.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    expect(await screen.findByText('Recipe “Egg fried rice” saved')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/v1/recipes/create/')).toEqual([
      {
        name: 'Egg fried rice',
        name_zh: '蛋炒饭',
        servings: 2,
        ingredients: [
          { food_id: 4, quantity: 300 },
          { food_id: 5, quantity: 100 },
        ],
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'New recipe' })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Egg fried rice' })).toBeInTheDocument();
  });

  it('refuses servings of 0 or over 100, a missing name and no ingredients, before calling', async () => {
    const { user, calls } = openRecipes();
    await user.click(await screen.findByRole('button', { name: 'New recipe' }));
    const dialog = screen.getByRole('dialog', { name: 'New recipe' });
    const servings = within(dialog).getByLabelText('Servings');
    await user.clear(servings);
    await user.type(servings, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    const alerts = () => within(dialog).getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts()).toEqual([
      'Please enter the recipe name',
      'Servings must be more than 0 and at most 100',
      'Add at least one ingredient',
    ]);
    expect(servings).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Name'), 'Big pot');
    await user.clear(servings);
    await user.type(servings, '101');
    await pick(user, dialog, 'rice', 'Rice, white, cooked');
    await user.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    expect(alerts()).toEqual(['Servings must be more than 0 and at most 100']);
    expect(within(dialog).getByText('Per serving').nextElementSibling).toHaveTextContent('–');
    expect(sent(calls, 'POST', '/api/v1/recipes/create/')).toEqual([]);
  });

  it('says so in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openRecipes();
    await user.click(await screen.findByRole('button', { name: '新建食谱' }));
    const dialog = screen.getByRole('dialog', { name: '新建食谱' });
    const servings = within(dialog).getByLabelText('份数');
    await user.clear(servings);
    await user.type(servings, '200');
    await user.click(within(dialog).getByRole('button', { name: '保存食谱' }));
    expect(within(dialog).getByText('份数必须大于 0 且不超过 100')).toBeInTheDocument();
  });

  it("shows the server's message when saving fails", async () => {
    const { user } = openRecipes({
      'POST /api/v1/recipes/create/': failure(422, 'A recipe cannot contain itself', 'RECIPE_CYCLE'),
    });
    await user.click(await screen.findByRole('button', { name: 'New recipe' }));
    const dialog = screen.getByRole('dialog', { name: 'New recipe' });
    await user.type(within(dialog).getByLabelText('Name'), 'Loop');
    await pick(user, dialog, 'rice', 'Rice, white, cooked');
    await user.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A recipe cannot contain itself');
    expect(screen.getByRole('dialog', { name: 'New recipe' })).toBeInTheDocument();
  });

  it('edits a recipe as the server has it now, sending the whole recipe back', async () => {
    const { user, calls } = openRecipes({
      'GET /api/v1/recipes/70/': ok(recipe({ notes: 'Day-old rice works best' })),
      'PUT /api/v1/recipes/70/update/': ok(recipe()),
    });
    const card = await screen.findByRole('article', { name: 'Egg fried rice' });
    await user.click(within(card).getByRole('button', { name: 'Edit Egg fried rice' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit recipe' });
    expect(await within(dialog).findByLabelText('Name')).toHaveValue('Egg fried rice');
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('Day-old rice works best');
    expect(within(dialog).getByText('Per serving').nextElementSibling).toHaveTextContent('273 kcal · P 10.4 g');
    const eggGrams = within(dialog).getByRole('textbox', { name: 'Amount of Egg, boiled' });
    await user.clear(eggGrams);
    await user.type(eggGrams, '150');
    expect(within(dialog).getByText('Total (450 g)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    expect(await screen.findByText('Recipe “Egg fried rice” updated')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/v1/recipes/70/update/')).toEqual([
      {
        name: 'Egg fried rice',
        name_zh: '蛋炒饭',
        servings: 2,
        notes: 'Day-old rice works best',
        ingredients: [
          { food_id: 4, quantity: 300 },
          { food_id: 5, quantity: 150 },
        ],
      },
    ]);
  });

  it("takes an ingredient's household units and portions, as the basket does, and says when one does not read", async () => {
    const eggs = makeFood({ ...egg, portions: [{ grams: 50, name: '1 large', name_zh: '1 个' }] });
    const { user, calls } = openRecipes({
      'GET /api/v1/foods/search/': ok({ query: 'egg', foods: [eggs], took_ms: 1 }),
      'POST /api/v1/recipes/create/': { status: 201, ...ok(recipe()) },
    });
    await user.click(await screen.findByRole('button', { name: 'New recipe' }));
    const dialog = screen.getByRole('dialog', { name: 'New recipe' });
    await user.type(within(dialog).getByLabelText('Name'), 'Omelette');
    await pick(user, dialog, 'egg', 'Egg, boiled');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount of Egg, boiled' });
    // A tap on a portion writes it; it weighs what the food says.
    await user.click(within(within(dialog).getByRole('group', { name: 'Portions of Egg, boiled' })).getByRole('button', { name: '1 large (50 g)' }));
    expect(amount).toHaveValue('1 large');
    expect(within(dialog).getByText('= 50 g')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '3 large');
    expect(within(dialog).getByText('= 150 g')).toBeVisible();
    expect(within(dialog).getByText('Total (150 g)')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '2 cups');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/“cups” is a volume/);
    await user.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Every ingredient needs an amount: grams, or a unit of the food such as 2 eggs');
    expect(sent(calls, 'POST', '/api/v1/recipes/create/')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '半斤');
    expect(within(dialog).getByText('= 250 g')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '2 large');
    await user.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    await waitFor(() =>
      expect(sent(calls, 'POST', '/api/v1/recipes/create/')).toEqual([
        { name: 'Omelette', servings: 1, ingredients: [{ food_id: 5, quantity: 100, amount: '2 large' }] },
      ]),
    );
  });

  it('takes them in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    const eggs = makeFood({ ...egg, portions: [{ grams: 50, name: '1 large', name_zh: '1 个' }] });
    const { user } = openRecipes({ 'GET /api/v1/foods/search/': ok({ query: 'egg', foods: [eggs], took_ms: 1 }) });
    await user.click(await screen.findByRole('button', { name: '新建食谱' }));
    const dialog = screen.getByRole('dialog', { name: '新建食谱' });
    const box = within(dialog).getByRole('searchbox', { name: '查找要添加的食物' });
    await user.type(box, 'egg{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: '添加水煮蛋' }));
    await user.click(within(within(dialog).getByRole('group', { name: '水煮蛋的常用份量' })).getByRole('button', { name: '1 个（50 克）' }));
    const amount = within(dialog).getByRole('textbox', { name: '水煮蛋的份量' });
    expect(amount).toHaveValue('1 个');
    await user.clear(amount);
    await user.type(amount, '3个');
    expect(within(dialog).getByText('= 150 克')).toBeVisible();
  });

  it('copies a recipe', async () => {
    const { user, calls } = openRecipes({
      'POST /api/v1/recipes/70/copy/': { status: 201, ...ok(recipe({ id: 71, name: 'Egg fried rice (copy)', name_zh: null })) },
    });
    const card = await screen.findByRole('article', { name: 'Egg fried rice' });
    await user.click(within(card).getByRole('button', { name: 'Copy Egg fried rice' }));
    expect(await screen.findByText('Created “Egg fried rice (copy)”')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/v1/recipes/70/copy/')).toEqual([{}]);
  });

  it('deletes a recipe after confirmation', async () => {
    const { user, calls } = openRecipes({ 'DELETE /api/v1/recipes/70/delete/': ok({ id: 70 }) });
    const card = await screen.findByRole('article', { name: 'Egg fried rice' });
    await user.click(within(card).getByRole('button', { name: 'Delete Egg fried rice' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this recipe?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent(calls, 'DELETE', '/api/v1/recipes/70/delete/')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Delete Egg fried rice' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete recipe' }));
    expect(await screen.findByText('Deleted “Egg fried rice”')).toBeInTheDocument();
    expect(sent(calls, 'DELETE', '/api/v1/recipes/70/delete/')).toHaveLength(1);
  });

  it('needs a login', async () => {
    mockFetch({});
    renderApp('/recipes');
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
