import { expect, test, type Page } from '@playwright/test';
import { logIn, PASSWORD, signUp } from './support/session';

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
  await expect(mainNav(page).getByRole('link', { name: 'Food search', exact: true })).toBeVisible();
  // The developer pages are linked nowhere until a developer turns them on (daily-phone.spec.ts).
  await expect(page.getByRole('link', { name: 'API test' })).toHaveCount(0);
  for (const name of ['Dashboard', 'Statistics', 'Recipes', 'Profile']) {
    const link = mainNav(page).getByRole('link', { name: new RegExp(name) });
    await expect(link.getByRole('img', { name: 'Login required' })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('the browser runs React DOM 19, and a visit fetches the words of its own language only', async ({ page }) => {
  // React DOM announces itself to a developer-tools hook when it loads, as React DevTools
  // sees it: the renderer's package and version.
  await page.addInitScript(() => {
    const renderers: Array<{ name: string; version: string }> = [];
    Object.assign(window, {
      seenRenderers: renderers,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        isDisabled: false,
        supportsFiber: true,
        inject(renderer: { rendererPackageName: string; version: string }) {
          renderers.push({ name: renderer.rendererPackageName, version: renderer.version });
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
      },
    });
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  for (const [language, heading] of [
    ['en', 'Food search'],
    ['zh', '食物搜索'],
  ] as const) {
    await page.goto('/');
    await page.evaluate((lng) => localStorage.setItem('language', lng), language);
    scripts.length = 0;
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const renderers = await page.evaluate(() => (window as unknown as { seenRenderers: unknown }).seenRenderers);
    expect(renderers).toEqual([{ name: 'react-dom', version: expect.stringMatching(/^19\./) as unknown }]);
    const words = scripts.filter((file) => file.includes('/locale-'));
    expect(words.length).toBeGreaterThan(0);
    expect(words.filter((file) => !file.includes(`/locale-${language}-`))).toEqual([]);
  }
});

test('a visit fetches the page it opens on, and ahead only the page a signed-in person likely opens next', async ({
  page,
  request,
}) => {
  const pages: string[] = [];
  page.on('request', (call) => {
    const chunk = /\/assets\/(food-search|dashboard|statistics|recipes|profile|api-test|token-test)-[\w-]+\.js$/.exec(
      new URL(call.url()).pathname,
    );
    if (chunk?.[1]) pages.push(chunk[1]);
  });
  await page.goto('/api-test');
  await expect(page.getByRole('heading', { level: 1, name: 'API test' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(pages).toEqual(['api-test']);

  // Signed in, the search page fetches the dashboard ahead (where a saved meal shows).
  pages.length = 0;
  await page.goto('/');
  await logIn(page, await signUp(request, 'preload'));
  await expect.poll(() => pages).toContain('dashboard');
  expect(pages.filter((name) => !['food-search', 'dashboard'].includes(name))).toEqual([]);
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

test('on a phone the navigation is a tab bar at the bottom, clear of the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const tabs = mainNav(page);
  const box = await tabs.boundingBox();
  expect(box?.y).toBeGreaterThan(844 - 80);
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  const tabbarHeight = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.querySelector('.main-nav') as Element).height),
  );
  expect(tabbarHeight).toBe(
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.height = 'var(--tabbar-h)';
      document.body.append(probe);
      const height = probe.getBoundingClientRect().height;
      probe.remove();
      return height;
    }),
  );
  // The last line of the page scrolls clear of the tab bar (no footer follows it for a
  // regular visitor: the developer links are off).
  await page.goto('/token-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Token test' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // Where the page's content ends: the bottom of the main area less its padding.
  const lastLine = await page.evaluate(() => {
    const main = document.getElementById('main');
    if (!main) return 0;
    return main.getBoundingClientRect().bottom - parseFloat(getComputedStyle(main).paddingBottom);
  });
  expect(lastLine).toBeGreaterThan(0);
  expect(lastLine).toBeLessThanOrEqual(box?.y ?? 0);
  await tabs.getByRole('link', { name: 'Food search' }).click();
  await expect(page).toHaveURL('/');
});

test('the top bar and its navigation stay on one line from 360 to 1440 px in both languages', async ({ page }) => {
  await page.goto('/');
  for (const language of ['English', '中文']) {
    await page.getByRole('group', { name: /Language|语言/ }).getByRole('button', { name: language }).click();
    for (const width of [360, 390, 768, 900, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const sizes = await page.evaluate(() => ({
        bar: document.querySelector('.topbar-inner')?.getBoundingClientRect().height ?? 0,
        links: [...document.querySelectorAll('.main-nav a')].map((a) => a.getBoundingClientRect().top),
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      }));
      expect(sizes.bar, `${language} ${width}`).toBeLessThan(60);
      expect(new Set(sizes.links).size, `${language} ${width}`).toBe(1);
      expect(sizes.overflow, `${language} ${width}`).toBe(0);
    }
  }
});

test('installs as an app and opens offline from its service worker', async ({ page, context }) => {
  await page.goto('/');
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestUrl ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Calorie Tracker', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Chromium's own installability check; a test's browser context is a private window,
  // the one thing it objects to here.
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
  // Detached: the session would otherwise keep the page's online flag from following setOffline.
  await cdp.detach();

  // In Chinese the app installs under its Chinese name.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.zh.webmanifest');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '食物搜索' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '当前离线' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: '当前离线' })).toBeHidden();
});

test('keeps recent and starred foods for search offline, no other answer, and forgets them on logout', async ({
  page,
  context,
  request,
}) => {
  const username = await signUp(request, 'offline');
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
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  const get = (path: string) =>
    page.evaluate(
      ([p, token]) =>
        fetch(p, { headers: { Authorization: `Bearer ${token}` } }).then(
          (response) => response.status,
          () => 'network error',
        ),
      [path, access] as const,
    );
  expect(await get('/api/v1/foods/recent/')).toBe(200);
  expect(await get('/api/v1/foods/favorites/')).toBe(200);
  expect(await get('/api/v1/auth/user/')).toBe(200);

  await context.setOffline(true);
  expect(await get('/api/v1/foods/recent/')).toBe(200);
  expect(await get('/api/v1/foods/favorites/')).toBe(200);
  expect(await get('/api/v1/auth/user/')).toBe('network error');
  await context.setOffline(false);

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => caches.has('personal-foods'))).toBe(false);
});
