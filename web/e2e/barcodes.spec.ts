import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// Barcode recognition against the real API: the server reads the barcode in a photo of a
// UPC-A label and finds the product on Open Food Facts, here the replay the config starts
// (e2e/replay/off-server.mjs); the food it creates goes to the basket.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const label = path.resolve(root, '../shared/data/images/barcodes/upca-1_3.png');
if (!existsSync(label) && process.env.CI === 'true') throw new Error(`barcode e2e needs ${label}`);
test.skip(!existsSync(label), `barcode e2e needs ${label}`);

// What the dialog should show of the replayed ingredients: the first 100 characters.
const replayed = JSON.parse(readFileSync(path.join(here, 'replay/off-product-0070097025088.json'), 'utf8')) as {
  product: { ingredients_text: string };
};
const ingredients = replayed.product.ingredients_text;
const shownIngredients = `${Array.from(ingredients).slice(0, 100).join('').trimEnd()}…`;

const PASSWORD = 'Passw0rd1';

test('a photo of a UPC-A label finds its food, which goes to the basket', async ({ page, request }) => {
  const username = `barcode_${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const signUp = await request.post('/api/v1/auth/register', {
    data: { username, email: `${username}@example.com`, nickname: 'Barcode', password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome' });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();

  // The food search's barcode button lands here; the dialog opens and the query goes.
  await page.goto('/dashboard?mode=barcode');
  const dialog = page.getByRole('dialog', { name: 'Barcode recognition' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await dialog.getByLabel('Choose a photo of a barcode').setInputFiles(label);
  await dialog.getByRole('button', { name: 'Upload and scan' }).click();
  const barcode = dialog.getByRole('list', { name: 'Detected barcodes' }).getByRole('listitem');
  await expect(barcode).toHaveCount(1, { timeout: 15_000 });
  await expect(barcode).toContainText('0 70097 02508 8');
  await expect(barcode.getByText('UPC', { exact: true })).toBeVisible();

  const food = dialog.getByRole('list', { name: 'Foods found' }).getByRole('listitem');
  await expect(food).toHaveCount(1);
  await expect(food.getByRole('heading', { name: 'Honey Roasted Peanuts' })).toBeVisible();
  await expect(food).toContainText('Test Brand');
  await expect(food).toContainText('Nutrition grade D');
  // New here, or already kept when another spec looked the code up first.
  await expect(food).toContainText(/New|Already in your foods/);
  await expect(food).toContainText('Calories590 kcal');
  await expect(food).toContainText('Protein24 g');
  // Open Food Facts gives sodium in grams; foods keep it in milligrams.
  await expect(food).toContainText('Sodium450 mg');
  await expect(food).toContainText('Barcode0070097025088');
  await expect(food).toContainText('SourceOpen Food Facts');
  await expect(food.getByText(shownIngredients, { exact: true })).toBeVisible();
  await expect(food).not.toContainText(ingredients);

  await food.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 100 g Honey Roasted Peanuts to the basket' })).toBeVisible();
  const basket = await page.evaluate(
    () => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as Array<{ food: { name: string; barcode: string | null }; quantity: number }>,
  );
  expect(basket).toEqual([
    expect.objectContaining({
      food: expect.objectContaining({ name: 'Honey Roasted Peanuts', barcode: '0070097025088' }),
      quantity: 100,
    }),
  ]);

  // Back later, the dashboard card shows the last scan's food; scanned again, it is known.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  const card = page.getByRole('region', { name: 'Barcode results' });
  await expect(card.getByRole('list', { name: 'Foods from the last barcode scan' })).toContainText('Honey Roasted Peanuts');
  await card.getByRole('button', { name: 'Scan a barcode' }).click();
  await dialog.getByLabel('Choose a photo of a barcode').setInputFiles(label);
  await dialog.getByRole('button', { name: 'Upload and scan' }).click();
  await expect(dialog.getByRole('list', { name: 'Foods found' })).toContainText('Already in your foods', { timeout: 15_000 });
});
