import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { storeSession } from './support/session';

// The food search page against the real API and its built-in catalogue: bilingual
// search, the basket's login rule, and a custom food's whole life.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const PASSWORD = 'Passw0rd1';

type Account = { username: string; email: string; nickname: string; password: string };

function newAccount(prefix: string): Account {
  // Unique per test and per run; usernames are 3 to 30 characters.
  const username = `${prefix}_${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { username, email: `${username}@example.com`, nickname: prefix, password: PASSWORD };
}

async function signUpThroughApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/v1/auth/register', {
    data: { username: account.username, email: account.email, nickname: account.nickname, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome' });

async function logIn(page: Page, account: Account): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = loginDialog(page);
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(dialog).toBeHidden();
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const basket = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as Array<{ food: { id: number; calories_per_100g: number }; quantity: number; updated?: boolean }>);

test('search "banana" shows the plain banana first, with live nutrition for the quantity', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search foods' });
  await box.fill('banana');
  await box.press('Enter');

  const results = page.getByRole('region', { name: 'Results for “banana”' });
  const first = results.getByRole('article').first();
  await expect(first.getByRole('heading')).toHaveText('Banana');
  await expect(first).toContainText('kcal / 100 g');
  await first.getByLabel('Quantity', { exact: true }).fill('150');
  await expect(first.locator('strong')).toHaveText(/^\d+ kcal$/);

  // Logged out, Add asks to log in and stores nothing.
  await first.getByRole('button', { name: 'Add' }).click();
  await expect(loginDialog(page)).toBeVisible();
  expect(await basket(page)).toEqual([]);
});

test('in Chinese, "米饭" finds the rice food', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
  const box = page.getByRole('searchbox', { name: '搜索食物' });
  await box.fill('米饭');
  await box.press('Enter');

  const results = page.getByRole('region', { name: '“米饭”的搜索结果' });
  const first = results.getByRole('article').first();
  await expect(first.getByRole('heading')).toContainText('米饭');
  await expect(first).toContainText('千卡');
});

test('a custom food: create, add to the basket, edit (the basket follows), delete', async ({ page, request }) => {
  const account = newAccount('foods');
  await signUpThroughApi(request, account);
  await page.goto('/');
  await logIn(page, account);

  await page.getByRole('button', { name: 'My food' }).click();
  await expect(page.getByText(/You have no custom foods yet/)).toBeVisible();

  // Create: the server's own validation first, then a good one.
  await page.getByRole('button', { name: 'Create custom food' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create a custom food' });
  await dialog.getByLabel('Name').fill('Test dumplings');
  await dialog.getByLabel('Calories (kcal)').fill('5000');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/calories/i);
  await dialog.getByLabel('Calories (kcal)').fill('220');
  await dialog.getByLabel('Protein (g)').fill('9');
  // Exact: the folded 'More nutrients' has 'Saturated fat (g)'.
  await dialog.getByLabel('Fat (g)', { exact: true }).fill('8');
  await dialog.getByLabel('Carbs (g)').fill('28');
  await dialog.getByLabel('Sodium (mg)').fill('450');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Created “Test dumplings”')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Test dumplings' });
  await expect(card).toContainText('220 kcal / 100 g');
  await expect(card).toContainText('Custom');

  // Into the basket, twice: the quantities add up.
  await card.getByLabel('Quantity', { exact: true }).fill('150');
  await card.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Added 150 g Test dumplings to the basket')).toBeVisible();
  await card.getByRole('button', { name: 'Add' }).click();
  await expect.poll(async () => (await basket(page))[0]?.quantity).toBe(300);

  // Edit: the list and the basket line take the new values.
  await card.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit custom food' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Test dumplings');
  await dialog.getByLabel('Calories (kcal)').fill('240');
  await dialog.getByRole('button', { name: 'Update' }).click();
  // One message: the update and the basket following it.
  await expect(toast(page, 'Updated “Test dumplings”: the basket now uses its new values')).toBeVisible();
  await expect(card).toContainText('240 kcal / 100 g');
  const [line] = await basket(page);
  expect(line).toMatchObject({ quantity: 300, updated: true, food: { calories_per_100g: 240 } });

  // Delete: confirm, the impact, gone from the list and the basket.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete custom food?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /^Deleted “Test dumplings”/)).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByText(/You have no custom foods yet/)).toBeVisible();
  expect(await basket(page)).toEqual([]);
});

// On a phone (issue 15): compact rows with one-tap add, the full card in a sheet, search
// as you type, chips that name a weight once, and search of the kept foods offline.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** Signed in through stored tokens, in the language given, with rice and an egg logged yesterday. */
  async function phoneSession(page: Page, request: APIRequestContext, language: 'en' | 'zh') {
    const account = newAccount(`rows_${language}`);
    await signUpThroughApi(request, account);
    const login = await request.post('/api/v1/auth/login', { data: { username: account.username, password: PASSWORD } });
    const { access, refresh, user } = (await login.json()).data;
    const auth = { Authorization: `Bearer ${access}` };
    const first = async (query: string) =>
      (await (await request.get('/api/v1/foods/search/', { params: { query }, headers: auth })).json()).data.foods[0].id as number;
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    const meal = await request.post('/api/v1/meals/create/', {
      headers: auth,
      data: {
        name: 'Yesterday',
        date: yesterday.toISOString(),
        meal_type: 'lunch',
        foods: [
          { food_id: await first('rice'), quantity: 150, amount: '1 bowl' },
          { food_id: await first('egg'), quantity: 50 },
        ],
      },
    });
    expect(meal.status(), await meal.text()).toBe(201);
    await storeSession(page, { access, refresh, user }, language);
  }

  test('results as rows of 64 to 80 px as one types; one tap adds the first portion; the row opens the card', async ({ page, request }) => {
    await phoneSession(page, request, 'en');
    // No Enter: the search runs once typing pauses.
    await page.getByRole('searchbox', { name: 'Search foods' }).pressSequentially('banana');
    const results = page.getByRole('region', { name: 'Results for “banana”' });
    const add = results.getByRole('button', { name: 'Add Banana', exact: true });
    await expect(add).toBeVisible();
    await expect(results.getByRole('article')).toHaveCount(0);
    const row = results.getByRole('button', { name: 'Banana', exact: true });
    await expect(row).toContainText('香蕉');
    const rows = results.getByRole('listitem');
    for (let at = 0; at < Math.min(await rows.count(), 8); at += 1) {
      const height = (await rows.nth(at).boundingBox())?.height ?? 0;
      expect(height).toBeGreaterThanOrEqual(56);
      expect(height).toBeLessThanOrEqual(80);
    }

    await add.tap();
    await expect(toast(page, /^Added 1 medium \(118 g\) Banana to the basket/)).toBeVisible();
    await expect.poll(async () => (await basket(page)).map((line) => line.quantity)).toEqual([118]);

    await row.tap();
    const sheet = page.getByRole('dialog', { name: 'Banana' });
    await expect(sheet.getByLabel('Quantity', { exact: true })).toHaveValue('100');
    await expect(sheet.getByRole('button', { name: 'Copy' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await expect(sheet).toBeHidden();
  });

  test('in Chinese: rows in Chinese, a recent food added as last logged, chips that say 50 克 once', async ({ page, request }) => {
    await phoneSession(page, request, 'zh');
    const recent = page.getByRole('region', { name: '最近', exact: true });
    await recent.getByRole('button', { name: /^添加 米饭/ }).tap();
    // Logged as "1 bowl": a Chinese page says it in Chinese, with its grams, no English amount.
    await expect(toast(page, /^已将 1 碗（150 克）米饭加入餐篮/)).toBeVisible();
    await expect.poll(async () => (await basket(page)).map((line) => line.quantity)).toEqual([150]);

    await page.getByRole('searchbox', { name: '搜索食物' }).pressSequentially('大米');
    const results = page.getByRole('region', { name: '“大米”的搜索结果' });
    await results.getByRole('button', { name: '大米', exact: true }).tap();
    const sheet = page.getByRole('dialog', { name: '大米' });
    const chips = sheet.getByRole('group', { name: '常用份量' }).getByRole('button');
    await expect(chips.first()).toHaveText('1 两 · 50 克');
    await expect(sheet).not.toContainText('(50 g)');
    await expect(sheet).toContainText('千卡');
  });

  test('offline, the search finds the recent foods by pinyin and says it is offline', async ({ page, request, context }) => {
    await phoneSession(page, request, 'en');
    await expect(page.getByRole('region', { name: 'Recent', exact: true })).toBeVisible();
    await context.setOffline(true);
    const box = page.getByRole('searchbox', { name: 'Search foods' });
    await box.fill('mifan');
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Results for “mifan”' });
    await expect(results.getByText('Offline — showing your recent and favourite foods')).toBeVisible();
    await results.getByRole('button', { name: /^Add Rice/ }).tap();
    await expect.poll(async () => (await basket(page)).map((line) => line.quantity)).toEqual([150]);
    await context.setOffline(false);
  });
});
