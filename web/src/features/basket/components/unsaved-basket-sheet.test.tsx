import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const per = { calories: 116, protein: 2.6, fat: 0.3, carbs: 25.9, fiber: 0.3, sugar: 0.1, sodium: 2 };
const egg = makeFood({ id: 8, name: 'Egg, boiled', name_zh: '鸡蛋（煮）', calories_per_100g: 155, protein_per_100g: 12.6, fat_per_100g: 10.6, carbs_per_100g: 1.1 });

/** The search page opened by a tap on the saved meal "Late lunch" while an egg waits in the basket. */
function openSavedMeal(routes: Record<string, Route> = {}) {
  sessionStorage.setItem(
    'mealToOpen',
    JSON.stringify({
      id: 42, name: 'Late lunch', date: '2026-11-20', eaten_at: '2026-11-20T06:00:00Z', meal_type: 'lunch',
      total_calories: 232, notes: null,
      foods: [{ food_id: 7, food_name: 'Rice, white, cooked', food_name_zh: '米饭', brand: null, quantity: 200, per_100g: per }],
    }),
  );
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    ...routes,
  });
  rememberSession(ann);
  localStorage.setItem('mealCart', JSON.stringify([{ food: egg, quantity: 50 }]));
  return { ...mock, ...renderApp('/?edit_meal=42') };
}

const question = () => screen.findByRole('dialog', { name: 'Open “Late lunch” in the basket?' });
const basketFoods = () => within(screen.getByRole('list', { name: 'Foods in the basket' })).getAllByRole('listitem');

describe('a saved meal opened while the basket holds unsaved foods', () => {
  it('asks first, and Cancel keeps the basket as it was', async () => {
    const { user } = openSavedMeal();
    const sheet = await question();
    expect(sheet).toHaveTextContent('Your basket has 1 item not saved yet.');
    // Not editing anything yet: the basket is as it was.
    expect(sessionStorage.getItem('editingMeal')).toBeNull();
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('complementary', { name: 'Current basket' })).toBeInTheDocument();
    expect(basketFoods().map((line) => line.textContent)).toEqual([expect.stringContaining('Egg, boiled')]);
  });

  it('discards the basket and opens the meal', async () => {
    const { user } = openSavedMeal();
    await user.click(within(await question()).getByRole('button', { name: 'Discard it' }));
    const box = await screen.findByRole('complementary', { name: 'Editing basket' });
    expect(within(box).getByLabelText('Meal name')).toHaveValue('Late lunch');
    expect(basketFoods().map((line) => line.textContent)).toEqual([expect.stringContaining('Rice, white, cooked')]);
  });

  it("adds the basket's foods to the meal", async () => {
    const { user } = openSavedMeal();
    await user.click(within(await question()).getByRole('button', { name: 'Add it to “Late lunch”' }));
    await screen.findByRole('complementary', { name: 'Editing basket' });
    const lines = basketFoods().map((line) => line.textContent);
    expect(lines).toEqual([expect.stringContaining('Rice, white, cooked'), expect.stringContaining('Egg, boiled')]);
  });

  it('saves the basket as its own meal first, then opens the meal', async () => {
    const { user, calls } = openSavedMeal({
      'POST /api/v1/meals/create/': (call) => ({ status: 201, body: { success: true, data: { id: 50, ...(call.body as object) } } }),
    });
    await user.click(within(await question()).getByRole('button', { name: 'Save the basket first' }));
    const box = await screen.findByRole('complementary', { name: 'Editing basket' });
    expect(within(box).getByLabelText('Meal name')).toHaveValue('Late lunch');
    const created = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/meals/create/');
    expect(created?.body).toMatchObject({ foods: [{ food_id: 8, quantity: 50 }] });
    expect(basketFoods().map((line) => line.textContent)).toEqual([expect.stringContaining('Rice, white, cooked')]);
  });

  it('asks in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    openSavedMeal();
    const sheet = await screen.findByRole('dialog', { name: '在餐篮中打开“Late lunch”？' });
    expect(sheet).toHaveTextContent('餐篮里有 1 项还没保存。');
    expect(within(sheet).getByRole('button', { name: '先保存餐篮' })).toBeVisible();
  });
});
