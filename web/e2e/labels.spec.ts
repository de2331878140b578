import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, toast } from './support/session';

// "Scan a label" on a phone against the real API and the real OCR models (make models):
// a rendered photo of a US Nutrition Facts panel (worker/tests/labels) fills the custom
// food form per 100 g, and the food is saved.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const labels = path.resolve(root, 'worker/tests/labels');
const models = path.resolve(root, '.models/ocr/ocr.json');
if (!existsSync(models) && process.env.CI === 'true') throw new Error('label e2e needs the OCR models (make models)');
test.skip(!existsSync(models), 'label e2e needs the OCR models (make models)');

test.use({ viewport: { width: 390, height: 844 } });

test('a photo of a nutrition label fills the custom food, which is saved', async ({ page, request }) => {
  const file = '003-us-photo.jpg';
  const truth = (JSON.parse(readFileSync(path.join(labels, 'labels.json'), 'utf8')) as {
    labels: Array<{ file: string; per_100g: Record<string, number> }>;
  }).labels.find((label) => label.file === file);
  expect(truth).toBeDefined();
  // Signed in through the API, the session in the page's storage (as a returning phone).
  const username = await signUp(request, 'label');
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const { access, refresh, user } = (await login.json()).data;
  await page.goto('/');
  await page.evaluate(
    ([a, r, u]) => {
      localStorage.setItem('auth_token', a);
      localStorage.setItem('refresh_token', r);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [access, refresh, user] as const,
  );
  await page.reload();
  await page.getByRole('button', { name: 'My food' }).click();
  await page.getByRole('button', { name: 'Create custom food' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a custom food' });

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Scan a label' }).click();
  await (await chooser).setFiles(path.join(labels, file));
  await expect(dialog.getByRole('status').filter({ hasText: 'Filled in from the label' })).toContainText('per serving', {
    timeout: 20_000,
  });
  const fields: Array<[string, string]> = [
    ['calories', 'Calories (kcal)'],
    ['protein', 'Protein (g)'],
    ['fat', 'Fat (g)'],
    ['carbs', 'Carbs (g)'],
    ['fiber', 'Fiber (g)'],
    ['sugar', 'Sugar (g)'],
    ['sodium', 'Sodium (mg)'],
  ];
  for (const [nutrient, label] of fields) {
    const wanted = truth?.per_100g[nutrient] ?? NaN;
    // Exact: the folded 'More nutrients' has 'Saturated fat (g)'.
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(String(Math.round(wanted * 10) / 10));
  }
  await expect(dialog.getByText('Read from the label').first()).toBeVisible();

  await dialog.getByLabel('Name', { exact: true }).fill('Scanned crackers');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Created “Scanned crackers”')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Scanned crackers' })).toContainText('1 serving (29 g)145 kcal');
});
