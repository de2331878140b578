import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { openWithBasket, signInAnn } from '@/testing/basket';
import type { MockRoute } from '@/testing/fetch-mock';
import { makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

const bread = makeFood({
  id: 9, name: 'White bread', name_zh: '白面包', calories_per_100g: 265, protein_per_100g: 9, fat_per_100g: 3.2, carbs_per_100g: 49,
  portions: [{ grams: 30, name: '1 slice', name_zh: '1 片' }],
});
const stored = () => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as unknown[];

function openHome(basket: unknown[], routes: Record<string, MockRoute> = {}) {
  return openWithBasket('/', basket, routes);
}

describe('basket lines with amounts', () => {
  it('show the amount with its grams, and the box reads amounts against the food', async () => {
    const { user } = openHome([{ food: bread, quantity: 60, amount: '2 slices' }]);
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    expect(within(box).getByRole('listitem')).toHaveTextContent('2 slices · 60 g');
    expect(within(box).getByRole('listitem')).toHaveTextContent('159 kcal');
    const quantity = within(box).getByLabelText('Quantity of White bread');
    expect(quantity).toHaveValue('2 slices');

    await user.clear(quantity);
    await user.type(quantity, '3 片');
    expect(within(box).getByRole('listitem')).toHaveTextContent('3 片 · 90 g');
    expect(stored()).toEqual([{ food: bread, quantity: 90, amount: '3 片' }]);

    await user.clear(quantity);
    await user.type(quantity, '2 spoonfuls');
    expect(quantity).toBeInvalid();
    expect(quantity).toHaveAccessibleDescription('Unknown unit “spoonfuls”: use g, kg, 斤, 两, oz, lb or one of: slice, 片');
    await user.clear(quantity);
    await user.type(quantity, '2 cups');
    expect(quantity).toHaveAccessibleDescription(
      '“cups” is a volume, and what this food weighs per ml is not known: use g, kg, 斤, 两, oz, lb or one of: slice, 片',
    );

    // Plain grams are grams: the amount goes.
    await user.clear(quantity);
    await user.type(quantity, '45');
    expect(stored()).toEqual([{ food: bread, quantity: 45 }]);
    expect(within(box).getByRole('listitem')).not.toHaveTextContent('·');
  });

  it('say when a drink’s volume is counted as water', async () => {
    const soda = makeFood({ id: 11, name: 'Soda water', name_zh: '苏打水', calories_per_100g: 0, portions: [], is_drink: true });
    const { user } = openHome([{ food: soda, quantity: 330, amount: '330 ml' }]);
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    expect(within(box).getByRole('listitem')).toHaveTextContent('330 ml · ≈ 330 g, counted as water');
    const quantity = within(box).getByLabelText('Quantity of Soda water');
    await user.clear(quantity);
    await user.type(quantity, '1 l');
    expect(within(box).getByRole('listitem')).toHaveTextContent('1 l · ≈ 1,000 g, counted as water');
    expect(stored()).toEqual([{ food: soda, quantity: 1000, amount: '1 l' }]);
  });
});

describe('quick add', () => {
  it('checks the entry, adds a line that counts in the totals, and removes it', async () => {
    const { user } = openHome([{ food: bread, quantity: 60, amount: '2 slices' }]);
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    await user.click(within(box).getByRole('button', { name: 'Quick add' }));
    const form = within(box).getByRole('form', { name: 'Quick add' });
    await user.click(within(form).getByRole('button', { name: 'Add to basket' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the calories');
    await user.type(within(form).getByLabelText('Calories (kcal)'), '6000');
    await user.click(within(form).getByRole('button', { name: 'Add to basket' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Calories must be more than 0 and at most 5,000 kcal');
    await user.clear(within(form).getByLabelText('Calories (kcal)'));
    await user.type(within(form).getByLabelText('Calories (kcal)'), '850');
    await user.type(within(form).getByLabelText('Protein (g)'), '600');
    await user.click(within(form).getByRole('button', { name: 'Add to basket' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Protein must be from 0 to 500 g');
    await user.clear(within(form).getByLabelText('Protein (g)'));
    await user.type(within(form).getByLabelText('Protein (g)'), '30');
    await user.type(within(form).getByLabelText('Name (optional)'), 'Restaurant lunch');
    await user.click(within(form).getByRole('button', { name: 'Add to basket' }));

    const lines = within(box).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toHaveTextContent('Restaurant lunch');
    expect(lines[1]).toHaveTextContent('850 kcal');
    expect(within(box).getByLabelText('Totals')).toHaveTextContent('1,009 kcal');
    expect(within(box).getByLabelText('Totals')).toHaveTextContent('35.4 g');
    expect(within(form).getByLabelText('Calories (kcal)')).toHaveValue(null);

    await user.click(within(box).getByRole('button', { name: 'Remove Restaurant lunch' }));
    expect(within(box).getAllByRole('listitem')).toHaveLength(1);
  });

  it('an unnamed quick add shows as "Quick add"; in Chinese, "快速添加"', async () => {
    await i18n.changeLanguage('zh');
    openHome([{ id: 'q1', quick_add: { calories: 300 } }]);
    const box = await screen.findByRole('complementary', { name: '当前餐篮' });
    expect(within(box).getByRole('listitem')).toHaveTextContent('快速添加');
    expect(within(box).getByRole('listitem')).toHaveTextContent('300 千卡');
  });

  it('saves amounts and quick adds in the meal', async () => {
    const { user, calls } = openHome(
      [
        { food: bread, quantity: 60, amount: '2 slices' },
        { id: 'q1', quick_add: { name: 'Restaurant lunch', calories: 850 } },
      ],
      { 'POST /api/v1/meals/create/': (call) => ({ status: 201, body: { success: true, data: { id: 1, ...(call.body as object) } } }) },
    );
    await screen.findByRole('complementary', { name: 'Current basket' });
    await user.click(screen.getByRole('button', { name: 'Save meal' }));
    await screen.findByText(/^Meal “.+” saved$/);
    expect(calls.find((call) => call.path === '/api/v1/meals/create/')?.body).toMatchObject({
      foods: [{ food_id: 9, quantity: 60, amount: '2 slices' }, { quick_add: { name: 'Restaurant lunch', calories: 850 } }],
    });
  });
});

describe('editing a meal with amounts and quick adds', () => {
  it('restores them and sends them back', async () => {
    const per = { calories: 265, protein: 9, fat: 3.2, carbs: 49, fiber: 2.7, sugar: 5, sodium: 490 };
    sessionStorage.setItem(
      'mealToOpen',
      JSON.stringify({
        id: 44, name: 'Lunch out', date: '2026-11-20', eaten_at: '2026-11-20T05:00:00Z', meal_type: 'lunch', total_calories: 1009, notes: null,
        foods: [
          { food_id: 9, food_name: 'White bread', food_name_zh: '白面包', brand: null, quantity: 60, amount: '2 slices', is_quick_add: false, calories: 159, protein: 5.4, fat: 1.9, carbs: 29.4, per_100g: per },
          { food_id: null, food_name: 'Restaurant lunch', food_name_zh: null, brand: null, quantity: null, amount: null, is_quick_add: true, calories: 850, protein: 30, fat: 40, carbs: 90, per_100g: per },
        ],
      }),
    );
    const mock = signInAnn({ 'PUT /api/v1/meals/44/update/': (call) => ok({ id: 44, ...(call.body as object) }) });
    const { user } = renderApp('/?edit_meal=44');
    const box = await screen.findByRole('complementary', { name: 'Editing basket' });
    await waitFor(() => expect(within(box).getAllByRole('listitem')).toHaveLength(2));
    // A quick add is no deleted food: nothing to warn about.
    expect(screen.queryByText(/no longer exist/)).toBeNull();
    expect(within(box).getAllByRole('listitem')[0]).toHaveTextContent('2 slices · 60 g');
    expect(within(box).getAllByRole('listitem')[1]).toHaveTextContent('Restaurant lunch');
    // The saved amount gives the line its portion: more slices can be typed.
    await user.clear(within(box).getByLabelText('Quantity of White bread'));
    await user.type(within(box).getByLabelText('Quantity of White bread'), '3 slices');
    expect(within(box).getAllByRole('listitem')[0]).toHaveTextContent('3 slices · 90 g');
    await user.click(within(box).getByRole('button', { name: 'Update meal' }));
    expect(await screen.findByText('Meal “Lunch out” updated')).toBeVisible();
    expect(mock.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      foods: [
        { food_id: 9, quantity: 90, amount: '3 slices' },
        { quick_add: { name: 'Restaurant lunch', calories: 850, protein: 30, fat: 40, carbs: 90 } },
      ],
    });
  });
});
