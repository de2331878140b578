import { expect, test } from '@playwright/test';
import { logIn, signUp, toast } from './support/session';

// Faster logging against the real API: a food weighed by an amount ("1.5碗" of rice is
// 225 g by its bowl portion), a quick add without a food, the meal saved with both, and
// both back in the basket when the meal is edited.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

test.use({ timezoneId: 'Asia/Shanghai' });

test('an amount and a quick add: into the basket, saved, in the statistics, back when edited', async ({ page, request }) => {
  const username = await signUp(request, 'amounts');
  await page.goto('/');
  await logIn(page, username);

  // 米饭 by the bowl: its card reads "1.5碗" as 225 g.
  const search = page.getByRole('searchbox', { name: 'Search foods' });
  await search.fill('米饭');
  await search.press('Enter');
  const rice = page.getByRole('main').getByRole('article', { name: 'Rice, white, cooked', exact: true });
  await expect(rice).toBeVisible();
  await rice.getByLabel('Quantity', { exact: true }).fill('1.5碗');
  await expect(rice).toContainText('= 225 g');
  await expect(rice).toContainText('261 kcal');
  await rice.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, /^Added 1.5碗 \(225 g\) Rice, white, cooked/)).toBeVisible();

  const basket = page.getByRole('complementary', { name: 'Current basket' });
  const lines = basket.getByRole('list', { name: 'Foods in the basket' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('1.5碗 · 225 g');
  await expect(basket.getByLabel('Quantity of Rice, white, cooked')).toHaveValue('1.5碗');

  // A restaurant lunch, by its calories alone.
  await basket.getByRole('button', { name: 'Quick add' }).click();
  const quickAdd = basket.getByRole('form', { name: 'Quick add' });
  await quickAdd.getByLabel('Name (optional)').fill('Restaurant lunch');
  await quickAdd.getByLabel('Calories (kcal)').fill('850');
  await quickAdd.getByRole('button', { name: 'Add to basket' }).click();
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1)).toContainText('Restaurant lunch');
  await expect(lines.nth(1)).toContainText('850 kcal');
  await expect(basket.getByLabel('Totals').locator('dd').first()).toHaveText('1,111 kcal');

  await basket.getByLabel('Meal name').fill('Lunch out');
  await basket.getByRole('button', { name: 'Save meal' }).click();
  await expect(toast(page, 'Meal “Lunch out” saved')).toBeVisible();
  await expect(basket.getByText(/Your basket is empty/)).toBeVisible();

  // The statistics: both lines as the server saved them.
  await page.getByRole('navigation').getByRole('link', { name: 'Statistics' }).click();
  const card = page.getByRole('region', { name: 'My meal baskets' }).getByRole('article', { name: /^Lunch out/ });
  await expect(card).toContainText('Rice, white, cooked 225 g');
  await expect(card).toContainText('Restaurant lunch 850 kcal');
  await expect(card).toContainText('1,111 kcal');

  // Editing brings back the amount and the quick add.
  await card.getByRole('button', { name: 'Edit Lunch out' }).click();
  const editing = page.getByRole('complementary', { name: 'Editing basket' });
  const edited = editing.getByRole('list', { name: 'Foods in the basket' }).getByRole('listitem');
  await expect(edited).toHaveCount(2);
  await expect(edited.first()).toContainText('1.5碗 · 225 g');
  await expect(edited.nth(1)).toContainText('Restaurant lunch');
  await expect(page.getByText(/no longer exist/)).toBeHidden();
});
