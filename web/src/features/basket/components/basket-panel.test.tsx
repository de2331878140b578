import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { describe, expect, it } from 'vitest';
import { egg, leaveLateLunchToOpen, openWithBasket, rice, signInAnn } from '@/testing/basket';
import { mockFetch, type MockRoute } from '@/testing/fetch-mock';
import { failure, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

function openHome(routes: Record<string, MockRoute> = {}, basket = [
  { food: rice, quantity: 150 },
  { food: egg, quantity: 50, updated: true },
]) {
  return openWithBasket('/', basket, routes);
}

const panel = () => screen.getByRole('complementary', { name: /basket/i });

describe('basket panel', () => {
  it('lists the foods with kcal and grams, the updated tick, and the totals', async () => {
    openHome();
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    const lines = within(within(box).getByRole('list', { name: 'Foods in the basket' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Rice, white, cooked');
    expect(lines[0]).toHaveTextContent('174 kcal');
    expect(within(lines[0] as HTMLElement).getByLabelText('Quantity of Rice, white, cooked')).toHaveValue('150');
    expect(lines[1]).toHaveTextContent('Updated');
    const totals = within(box).getByLabelText('Totals');
    expect(totals).toHaveTextContent('252 kcal');
    expect(totals).toHaveTextContent('10.2 g');
  });

  it('says plainly when the meal time is later than now, and makes it now in one tap', async () => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(12, 30, 0, 0);
    localStorage.setItem('mealTime', tomorrow.toISOString());
    const { user } = openHome();
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    expect(within(box).getByRole('status')).toHaveTextContent('Tomorrow 12:30 is later than now. Eaten already?');
    await user.click(within(box).getByRole('button', { name: 'Make it now' }));
    expect(within(box).queryByText(/later than now/)).not.toBeInTheDocument();
    expect(within(box).getByRole('button', { name: /^Meal time: Today \d\d:\d\d$/ })).toBeVisible();
    expect(new Date(localStorage.getItem('mealTime') ?? '').getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('says nothing of the kind for a meal now', async () => {
    openHome();
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    expect(within(box).queryByText(/later than now/)).not.toBeInTheDocument();
  });

  it('says the future time in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(8, 0, 0, 0);
    localStorage.setItem('mealTime', tomorrow.toISOString());
    openHome();
    const box = await screen.findByRole('complementary', { name: '当前餐篮' });
    expect(within(box).getByText('明天 08:00晚于现在。已经吃过了吗？')).toBeVisible();
    expect(within(box).getByRole('button', { name: '改为现在' })).toBeVisible();
  });

  it('changing a quantity updates the line, clears the tick, and 0 removes it', async () => {
    const { user } = openHome();
    await screen.findByRole('complementary', { name: 'Current basket' });
    const eggBox = screen.getByLabelText('Quantity of Egg, boiled');
    await user.clear(eggBox);
    await user.type(eggBox, '100');
    expect(panel()).toHaveTextContent('155 kcal');
    expect(panel()).not.toHaveTextContent('Updated');
    await user.clear(eggBox);
    await user.type(eggBox, '0');
    await user.tab();
    expect(screen.queryByLabelText('Quantity of Egg, boiled')).toBeNull();
  });

  it('takes 1 to 10000 g: another entry is marked, not taken, and goes back on leaving', async () => {
    const { user } = openHome();
    await screen.findByRole('complementary', { name: 'Current basket' });
    const riceBox = screen.getByLabelText('Quantity of Rice, white, cooked');
    await user.clear(riceBox);
    await user.type(riceBox, '20000');
    expect(riceBox).toBeInvalid();
    expect(riceBox).toHaveAccessibleDescription('Enter 1 to 10,000 g; 0 removes the food');
    // The basket kept the last allowed entry on the way (2000 g).
    expect(JSON.parse(localStorage.getItem('mealCart') ?? '[]')[0].quantity).toBe(2000);
    await user.clear(riceBox);
    await user.type(riceBox, '0.5');
    await user.tab();
    expect(riceBox).toHaveValue('2000');
    expect(riceBox).toBeValid();
  });

  it('refuses to save a food whose grams added up past 10000, naming it', async () => {
    const { user, calls } = openHome({}, [{ food: rice, quantity: 12000 }]);
    await screen.findByRole('complementary', { name: 'Current basket' });
    expect(screen.getByLabelText('Quantity of Rice, white, cooked')).toBeInvalid();
    await user.click(screen.getByRole('button', { name: 'Save meal' }));
    expect(await screen.findByText('Rice, white, cooked: a meal takes 1 to 10,000 g of one food')).toBeVisible();
    expect(calls.some((call) => call.path.startsWith('/api/v1/meals/'))).toBe(false);
  });

  it('saves a meal with a default name from the meal time, once even when clicked twice', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, calls } = openHome({
      'POST /api/v1/meals/create/': async (call) => {
        await held;
        return { status: 201, body: { success: true, data: { id: 1, ...(call.body as object) } } };
      },
    });
    await screen.findByRole('complementary', { name: 'Current basket' });
    const save = screen.getByRole('button', { name: 'Save meal' });
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Saving…' }));
    release();
    await screen.findByText(/^Meal “.+” saved$/);
    const posts = calls.filter((call) => call.path === '/api/v1/meals/create/');
    expect(posts).toHaveLength(1);
    const body = posts[0]?.body as { name: string; date: string; meal_type: string; foods: unknown[] };
    expect(body.name).toMatch(/^(Breakfast|Lunch|Dinner|Snack) \d\d\/\d\d$/);
    // Now, to the minute: what the picker showed.
    expect(body.date).toMatch(/T\d\d:\d\d:00\.000Z$/);
    expect(body.foods).toEqual([
      { food_id: 7, quantity: 150 },
      { food_id: 8, quantity: 50, refresh: true },
    ]);
    // The basket, its name and its time are cleared.
    await waitFor(() => expect(localStorage.getItem('mealCart')).toBeNull());
    expect(within(panel()).getByText(/Your basket is empty/)).toBeVisible();
  });

  it('keeps the basket when the save fails, showing the server message', async () => {
    const { user } = openHome({
      'POST /api/v1/meals/create/': failure(404, 'Food 7 not found', 'FOOD_NOT_FOUND'),
    });
    await screen.findByRole('complementary', { name: 'Current basket' });
    await user.type(screen.getByLabelText('Meal name'), 'Lunch box');
    await user.click(screen.getByRole('button', { name: 'Save meal' }));
    expect(await screen.findByText('Food 7 not found')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('mealCart') ?? '[]')).toHaveLength(2);
    expect(localStorage.getItem('mealName')).toBe('Lunch box');
  });

  it('refuses to save an empty basket, and asks before clearing', async () => {
    const { user, calls } = openHome({}, []);
    await screen.findByRole('complementary', { name: 'Current basket' });
    await user.click(screen.getByRole('button', { name: 'Save meal' }));
    expect(await screen.findByText('Please add foods to the basket first')).toBeVisible();
    expect(calls.some((call) => call.path.startsWith('/api/v1/meals/'))).toBe(false);
  });

  it('clears after confirmation', async () => {
    const { user } = openHome();
    await screen.findByRole('complementary', { name: 'Current basket' });
    await user.click(within(panel()).getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear the basket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(localStorage.getItem('mealCart')).toBeNull());
  });

  it('edits a saved meal left by the statistics page, then updates it', async () => {
    leaveLateLunchToOpen();
    const mock = signInAnn({ 'PUT /api/v1/meals/42/update/': (call) => ok({ id: 42, ...(call.body as object) }) });
    const { user } = renderApp('/?edit_meal=42');
    const box = await screen.findByRole('complementary', { name: 'Editing basket' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(within(box).getByLabelText('Meal name')).toHaveValue('Late lunch');
    expect(within(box).getByLabelText('Quantity of Rice, white, cooked')).toHaveValue('200');
    await user.click(within(box).getByRole('button', { name: 'Update meal' }));
    expect(await screen.findByText('Meal “Late lunch” updated')).toBeVisible();
    const put = mock.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Late lunch', date: '2026-11-20T06:00:00.000Z', foods: [{ food_id: 7, quantity: 200 }] });
    expect(sessionStorage.getItem('editingMeal')).toBeNull();
  });

  it('warns when a food of the meal being edited no longer exists', async () => {
    const per = { calories: 116, protein: 2.6, fat: 0.3, carbs: 25.9, fiber: 0.3, sugar: 0.1, sodium: 2 };
    const line = (food_id: number | null, food_name: string) => ({ food_id, food_name, food_name_zh: null, brand: null, quantity: 100, per_100g: per });
    sessionStorage.setItem(
      'mealToOpen',
      JSON.stringify({
        id: 43, name: 'Snack', date: '2026-11-20', eaten_at: '2026-11-20T07:00:00Z', meal_type: 'snack',
        total_calories: 232, notes: null, foods: [line(7, 'Rice, white, cooked'), line(null, 'My old granola')],
      }),
    );
    signInAnn();
    renderApp('/?edit_meal=43');
    const box = await screen.findByRole('complementary', { name: 'Editing basket' });
    expect(await screen.findByText('1 food of this meal no longer exists; updating the meal leaves it out')).toBeVisible();
    expect(within(box).getAllByRole('listitem')).toHaveLength(1);
  });

  it('asks anonymous visitors to log in instead', async () => {
    mockFetch({});
    const { user } = renderApp('/');
    const box = screen.getByRole('complementary', { name: 'Current basket' });
    await user.click(within(box).getByRole('button', { name: 'Log in to use the basket' }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
  });

  it('totals fiber, sugar and sodium; a sum missing some foods’ values is marked partial, never 0 for unknown', async () => {
    const stew = makeFood({ id: 9, name: 'Pork stew', name_zh: null, fiber_per_100g: null, sugar_per_100g: 2, sodium_per_100g: null });
    const salted = { ...rice, sodium_per_100g: 320 };
    const { user } = openHome({}, [
      { food: salted, quantity: 100 },
      { food: stew, quantity: 200 },
    ]);
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    const more = within(box).getByLabelText('Fiber, sugar and sodium');
    const value = (term: string) => within(more).getByText(term).nextElementSibling;
    expect(value('Sodium')).toHaveTextContent('≥ 320 mg');
    expect(value('Sodium')).toHaveAccessibleDescription('Some foods do not give fiber and sodium');
    expect(value('Sugar')).toHaveTextContent(/^16.2 g$/);
    expect(value('Sugar')).not.toHaveAccessibleDescription();
    expect(value('Fiber')).toHaveTextContent('≥ 2.6 g');

    // Only the stew: its sodium is unknown, not 0.
    const remove = within(box).getByRole('button', { name: 'Remove Rice, white, cooked' });
    await user.click(remove);
    await waitFor(() => expect(value('Sodium')).toHaveTextContent('—'));
    expect(within(value('Sodium') as HTMLElement).getByRole('img', { name: 'not given by the source' })).toBeInTheDocument();
    expect(more).not.toHaveTextContent('0 mg');
    expect(within(box).queryByText(/Some foods do not give/)).not.toBeInTheDocument();
  });

  it('says which foods’ values are missing in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const stew = makeFood({ id: 9, name: 'Pork stew', name_zh: '炖猪肉', sodium_per_100g: null });
    openHome({}, [
      { food: { ...rice, sodium_per_100g: 320 }, quantity: 100 },
      { food: stew, quantity: 200 },
    ]);
    const box = await screen.findByRole('complementary', { name: '当前餐篮' });
    expect(within(box).getByText('≥ 320 毫克')).toBeInTheDocument();
    expect(within(box).getByText('部分食物未提供钠含量')).toBeInTheDocument();
  });
});
