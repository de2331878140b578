import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// Photo recognition on the dashboard against the real API and the real YOLOX-Nano
// detector (make models): a real photo of a banana on a table becomes basket lines.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const photo = path.resolve(root, '../shared/data/images/food/coco_000000000142.jpg');
const models = path.resolve(root, '.models/yolox-nano.json');
const missing = [!existsSync(photo) && photo, !existsSync(models) && 'the recognition models (make models)'].filter(Boolean);
if (missing.length > 0 && process.env.CI === 'true') throw new Error(`recognition e2e needs ${missing.join(' and ')}`);
test.skip(missing.length > 0, `recognition e2e needs ${missing.join(' and ')}`);

const PASSWORD = 'Passw0rd1';

test('an unsure photo is a question; the answer is logged and remembered for the next photo', async ({ page, request }) => {
  const username = `photo_${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const signUp = await request.post('/api/v1/auth/register', {
    data: { username, email: `${username}@example.com`, nickname: 'Photo', password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();

  // A banana among bottles and a cake on a table: the models disagree, so the product
  // asks instead of naming a food as a fact, and offers the banana among its alternatives.
  const card = page.getByRole('region', { name: 'Photo recognition' });
  await card.getByLabel('Choose a photo of your meal').setInputFiles(photo);
  await card.getByRole('button', { name: 'Upload and analyse' }).click();
  const foods = card.getByRole('list', { name: 'Recognised foods' });
  const question = foods.getByRole('group', { name: /^Is this .+\?$/ });
  await expect(question).toBeVisible({ timeout: 20_000 });
  await expect(foods).not.toContainText(/confidence/i);
  await expect(card.getByRole('img', { name: 'The analysed photo' })).toBeVisible();

  // Nothing unanswered goes in by "Add all".
  await card.getByRole('button', { name: 'Add all to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: /waits? for your answer/ }).first()).toBeVisible();
  let basket = await page.evaluate(() => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as unknown[]);
  expect(basket).toHaveLength(0);

  // One tap answers it.
  await question.getByRole('button', { name: 'Banana', exact: true }).click();
  await foods.getByLabel('Grams of Banana').fill('150');
  const confirmed = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/v1/images/confirm'));
  await card.getByRole('button', { name: 'Add all to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Added 1 food to the basket$/ })).toBeVisible();
  // The foods and grams logged go back to the server, which remembers them for the next photo.
  const body = (await confirmed).postDataJSON() as { is_confirmed: boolean; corrections: { foods: Array<{ name: string; grams: number }> } };
  expect(body.is_confirmed).toBe(true);
  expect(body.corrections.foods).toContainEqual(expect.objectContaining({ name: 'Banana', grams: 150 }));
  basket = await page.evaluate(() => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as unknown[]);
  expect(basket).toContainEqual(expect.objectContaining({ food: expect.objectContaining({ name: 'Banana' }), quantity: 150 }));

  // Back later, the dashboard shows the last recognition again.
  await page.reload();
  await expect(card.getByRole('list', { name: 'Recognised foods' })).toContainText('Banana');

  // The same breakfast another day: the visual memory offers it first, one tap logs it.
  await page.evaluate(() => localStorage.setItem('mealCart', '[]'));
  await page.reload();
  await card.getByLabel('Choose a photo of your meal').setInputFiles(photo);
  await card.getByRole('button', { name: 'Upload and analyse' }).click();
  const memory = card.getByRole('group', { name: /^Like your Banana of .+ — 150 g\?$/ });
  await expect(memory).toBeVisible({ timeout: 20_000 });
  await memory.getByRole('button', { name: 'Yes, same again' }).click();
  basket = await page.evaluate(() => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as unknown[]);
  expect(basket).toContainEqual(expect.objectContaining({ food: expect.objectContaining({ name: 'Banana' }), quantity: 150 }));
});
