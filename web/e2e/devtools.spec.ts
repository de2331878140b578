import { expect, test, type Page } from '@playwright/test';
import { logIn, signUp } from './support/session';

// The developer pages against the real API: calls from the API test page carry the
// signed-in user's token; on the token test page an expired access token is refreshed
// and the call retried, and with no refresh token left the session ends and the login
// dialog opens (SPEC 8, token test).

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const results = (page: Page) => page.getByRole('list', { name: 'Results' }).getByRole('listitem');
const log = (page: Page) => page.getByRole('log', { name: 'What the client did' });

test('the API test page calls the API with the signed-in user’s token', async ({ page, request }) => {
  const username = await signUp(request, 'devapi');
  await page.goto('/api-test');
  await logIn(page, username);
  await expect(page.getByText(`Calls carry the token of ${username}.`)).toBeVisible();

  await page.getByRole('button', { name: 'GET /auth/user/', exact: true }).click();
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).first()).toContainText('200 success');
  await expect(results(page).first()).toContainText(`"username": "${username}"`);
  await expect(results(page).first()).toContainText(/\d+ ms/);

  // The samples come from the server's OpenAPI document; the query is typed as a person would.
  await page.getByLabel('Query for GET /foods/search/', { exact: true }).fill('{"query": "rice"}');
  await page.getByRole('button', { name: 'GET /foods/search/', exact: true }).click();
  await expect(results(page)).toHaveCount(2);
  const newest = results(page).first();
  await expect(newest).toContainText('/foods/search/');
  await expect(newest).toContainText('200 success');
  await expect(newest).toContainText('"foods"');

  // The first food found fills the path of the single-food call.
  await expect(page.getByLabel('id for GET /foods/{id}/', { exact: true })).not.toHaveValue('');
  await page.getByRole('button', { name: 'GET /foods/{id}/', exact: true }).click();
  await expect(results(page)).toHaveCount(3);
  await expect(results(page).first()).toContainText('200 success');

  await page.getByRole('button', { name: 'Clear results' }).click();
  await expect(page.getByText('No calls yet.')).toBeVisible();
});

test('the token test page shows a refresh and retry, then a failed session opening the login dialog', async ({
  page,
  request,
}) => {
  const username = await signUp(request, 'devtoken');
  await page.goto('/token-test');
  await logIn(page, username);
  const tokens = page.getByRole('region', { name: 'Stored tokens' });
  await expect(tokens).toContainText(/\d+ s left/);

  await page.getByRole('button', { name: 'Expire the access token', exact: true }).click();
  await expect(tokens).toContainText(/Expired \d+ s ago/);
  await page.getByRole('button', { name: 'Make a call (GET /auth/user/)' }).click();
  await expect(log(page)).toContainText(`Call succeeded (200), signed in as ${username}.`);
  await expect(log(page)).toContainText('401 from /auth/user/: the access token was refused.');
  await expect(log(page)).toContainText('Refresh succeeded: new tokens stored.');
  await expect(log(page)).toContainText('Retrying /auth/user/ with the new access token.');
  await expect(tokens).toContainText(/\d+ s left/);

  await page.getByRole('button', { name: 'Clear the log' }).click();
  await page.getByRole('button', { name: 'Expire the access token and remove the refresh token' }).click();
  await page.getByRole('button', { name: 'Make a call (GET /auth/user/)' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
  await expect(log(page)).toContainText('Refresh failed: No refresh token available.');
  await expect(log(page)).toContainText('Session ended: tokens and stored user cleared.');
  await expect(log(page)).toContainText('The login dialog opened.');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
});
