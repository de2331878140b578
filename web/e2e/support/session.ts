import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Signing up and in, the same way for every spec that needs a user.

export const PASSWORD = 'Passw0rd1';

/** A new account through the API; answers its username. */
export async function signUp(request: APIRequestContext, prefix: string): Promise<string> {
  const username = `${prefix}_${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await request.post('/api/v1/auth/register', {
    data: { username, email: `${username}@example.com`, nickname: prefix, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return username;
}

/** Logs in through the login dialog (labels in the page's language). */
export async function logIn(
  page: Page,
  username: string,
  labels = { open: 'Log in', user: 'Username', password: 'Password', out: 'Log out' },
) {
  await page.getByRole('banner').getByRole('button', { name: labels.open }).click();
  const dialog = page.getByRole('dialog').first();
  await dialog.getByLabel(labels.user).fill(username);
  await dialog.getByLabel(labels.password).fill(PASSWORD);
  await dialog.getByRole('button', { name: labels.open }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: labels.out })).toBeVisible();
}

/** The toast whose text matches. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/**
 * A new account signed in through the API, its session (and the language) put in the
 * page's storage as a returning phone keeps them; the page is at / afterwards.
 */
export async function signInThroughStorage(page: Page, request: APIRequestContext, prefix: string, language: 'en' | 'zh') {
  const username = await signUp(request, prefix);
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const { access, refresh, user } = (await login.json()).data;
  await page.goto('/');
  await page.evaluate(
    ([a, r, u, lang]) => {
      localStorage.setItem('auth_token', a);
      localStorage.setItem('refresh_token', r);
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('language', lang);
    },
    [access, refresh, user, language] as const,
  );
}
