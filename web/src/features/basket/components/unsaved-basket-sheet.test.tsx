import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { egg, leaveLateLunchToOpen, openWithBasket } from '@/testing/basket';
import type { MockRoute } from '@/testing/fetch-mock';

/** The search page opened by a tap on the saved meal "Late lunch" while an egg waits in the basket. */
function openSavedMeal(routes: Record<string, MockRoute> = {}) {
  leaveLateLunchToOpen();
  return openWithBasket('/?edit_meal=42', [{ food: egg, quantity: 50 }], routes);
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
