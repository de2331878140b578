import { expect, test, type Page } from '@playwright/test';

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome' });

test('home loads with the navigation and no console errors', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Calorie Tracker');
  await expect(page.getByRole('heading', { level: 1, name: 'Food search' })).toBeVisible();
  for (const name of ['Food search', 'API test', 'Token test']) {
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Dashboard', 'Statistics', 'Profile']) {
    const link = mainNav(page).getByRole('link', { name: new RegExp(name) });
    await expect(link.getByRole('img', { name: 'Login required' })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('switching to Chinese translates the UI and survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '食物搜索' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '食物搜索' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page).toHaveTitle('卡路里追踪');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('an unknown path redirects to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Food search' })).toBeVisible();
});

test('a protected page while logged out lands on / with the login dialog, which an outside click closes', async ({
  page,
}) => {
  await page.goto('/statistics');
  await expect(page).toHaveURL('/');
  await expect(loginDialog(page)).toBeVisible();
  await expect(loginDialog(page).getByLabel('Username')).toBeFocused();

  await page.mouse.click(8, 8);
  await expect(loginDialog(page)).toBeHidden();
});

test('a deep client route served directly renders its page', async ({ page }) => {
  const response = await page.goto('/reset-password/abc');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a failed login shows the error as a toast', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = loginDialog(page);
  await dialog.getByLabel('Username').fill('nobody');
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();

  const toast = page.getByRole('alert');
  await expect(toast).toBeVisible();
  await expect(toast).not.toHaveText('');
  await expect(dialog).toBeVisible();
});

test('the API answers unknown routes with a JSON error envelope', async ({ request }) => {
  const response = await request.get('/api/v1/no-such-route');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
});
