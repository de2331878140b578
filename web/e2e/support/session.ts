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

/** A signed-in session in the page's storage, in the language given (not counted). */
export async function signIn(
  page: Page,
  request: APIRequestContext,
  language: 'en' | 'zh',
  prefix = `phone_${language}`,
): Promise<string> {
  const username = await signUp(request, prefix);
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const session = (await login.json()).data as StoredSession;
  await storeSession(page, session, language);
  return session.access;
}

type StoredSession = { access: string; refresh: string; user: unknown };

/** Puts a session from the API in the page's storage as the app keeps it, in the language given, and reloads. */
export async function storeSession(page: Page, { access, refresh, user }: StoredSession, language: 'en' | 'zh') {
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
  await page.reload();
}

/** The id of the first food the search finds. */
export async function foodId(request: APIRequestContext, token: string, query: string): Promise<number> {
  const response = await request.get('/api/v1/foods/search/', {
    params: { query },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.foods[0].id as number;
}

/** The toast whose text matches. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/**
 * Waits until a modal closed by its own button has taken its history entry back: that Back
 * is asynchronous, and a navigation or a Back of the test's own made before it lands is
 * undone or swallowed by it (a person's next tap comes long after).
 */
export async function modalEntryGone(page: Page) {
  await page.waitForFunction(() => {
    const state: unknown = window.history.state;
    return !(typeof state === 'object' && state !== null && 'modalId' in state);
  });
}
