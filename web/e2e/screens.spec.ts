import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { PASSWORD, signUp } from './support/session';

// Every route of the app, in English and Chinese, as a phone (390 × 844) and a desktop
// (1280 × 800) show it: a full-page screenshot of each under target/screenshots (kept by
// CI as an artifact, never committed), no horizontal overflow at 360, 390 or 1280 px, and
// in Chinese no English words in the page's main content beyond an explicit allow-list.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const webRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SHOTS = path.resolve(webRoot, '../target/screenshots');

/** What the user searched for (the search page lists it among recent searches). */
const SEARCHED = 'rice';
/** The user's recipe: a name they typed, which no language check applies to. */
const RECIPE = 'Rice bowl';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 360, height: 780 };

type Screen = { name: string; url: string; signedIn: boolean; open?: (page: Page) => Promise<void> };

/** Every path of config/paths.ts, tokens filled in; the start page also signed out. */
function screens(): Screen[] {
  const list = Object.entries(paths).map(([name, route]) => ({
    name,
    url: route.replace(':token', 'sample-token-0000'),
    signedIn: true,
  }));
  return [
    { name: 'home-signed-out', url: paths.home, signedIn: false },
    ...list,
    // Dialogs that cover a page: the login dialog and the barcode scanner (SPEC 2).
    {
      name: 'login-dialog',
      url: paths.home,
      signedIn: false,
      open: (page) => page.getByRole('banner').getByRole('button', { name: /^(Log in|登录)$/ }).click(),
    },
    { name: 'barcode-dialog', url: `${paths.dashboard}?mode=barcode`, signedIn: true },
  ];
}

/**
 * English a Chinese page may show: names of things (food data sources, formats), units
 * and abbreviations that are the same in both languages. Food names and brands from the
 * data, the user's own name and code (`<code>`, `<pre>`, the developer pages' calls) are
 * left out of the check by where they are, not listed here.
 */
const ALLOWED_ENGLISH = new Set([
  'USDA',
  'Open',
  'Food',
  'Facts',
  'OFF',
  'PWA',
  'API',
  'BMI',
  'JPEG',
  'PNG',
  'WebP',
  'MB',
  'KB',
  'UPC',
  'EAN',
  'EAN13',
  'EAN8',
  'GTIN',
  'ISBN',
  'ISSN',
  'JSON',
  'CSV',
  'JWT',
  'HTTP',
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'ms',
  'mg',
  'kg',
  'cm',
  'Mifflin',
  'St',
  'Jeor',
]);

/** A recognised food as the analysis stream sends it (SPEC 3 "Recognition result"). */
const PER_100G = { calories: 266, protein: 11, fat: 10, carbs: 33, fiber: 2.3, sugar: 3.6, sodium: 598 };
const RECOGNIZED = {
  grams: 214,
  food: {
    name: 'Pizza',
    name_zh: '披萨',
    food_id: null,
    estimated_grams: 214,
    cooking_method: 'baked',
    portion_description: '2 × 1 slice',
    per_100g: PER_100G,
    nutrition: PER_100G,
    validation: { isValid: true, dataQuality: 'usda', issues: [], confidence: 'high' },
  },
};

async function signIn(request: APIRequestContext): Promise<{ username: string; access: string; refresh: string; user: unknown; food: unknown }> {
  const username = await signUp(request, 'screens');
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { data } = (await login.json()) as { data: { access: string; refresh: string; user: unknown } };
  const found = await request.get('/api/v1/foods/search/', {
    params: { query: SEARCHED },
    headers: { Authorization: `Bearer ${data.access}` },
  });
  expect(found.status(), await found.text()).toBe(200);
  const foods = ((await found.json()) as { data: { foods: unknown[] } }).data.foods;
  expect(foods.length).toBeGreaterThan(0);
  // A recipe, so the recipes page shows a card (its name the user's own, in both languages).
  const food = foods[0] as { id: number };
  const recipe = await request.post('/api/v1/recipes/create/', {
    data: { name: RECIPE, name_zh: RECIPE, servings: 2, ingredients: [{ food_id: food.id, quantity: 300 }] },
    headers: { Authorization: `Bearer ${data.access}` },
  });
  expect(recipe.status(), await recipe.text()).toBe(201);
  // A meal a second ago, so the day and the statistics show what they show of a logged day
  // (the vitamins and minerals against the targets among it). Its name the user's own too.
  const meal = await request.post('/api/v1/meals/create/', {
    data: {
      name: RECIPE,
      date: new Date(Date.now() - 1_000).toISOString(),
      meal_type: 'lunch',
      foods: [{ food_id: food.id, quantity: 150 }],
    },
    headers: { Authorization: `Bearer ${data.access}` },
  });
  expect(meal.status(), await meal.text()).toBe(201);
  return { username, ...data, food: foods[0] };
}

async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth) return null;
    // Name the widest elements that stick out, to say what to fix.
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    return `scrollWidth ${scrollWidth} > ${window.innerWidth}: ${culprits.join('; ')}`;
  });
}

/** English words in the visible main content, outside code, English-marked names and user data. */
async function englishWords(page: Page, userData: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    // The main content, or the dialog that covers it.
    const main = document.querySelector('[role="dialog"], dialog[open]') ?? document.querySelector('main') ?? document.body;
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('code, pre, kbd, samp, textarea, script, style, [lang^="en"], [hidden], [aria-hidden="true"]').forEach((el) => el.remove());
    // innerText of a detached node has no layout; textContent with block breaks suffices.
    return copy.textContent ?? '';
  });
  let rest = text;
  for (const item of userData) rest = rest.split(item).join(' ');
  // 维生素C, 维生素B12: the vitamins' Chinese names keep their letter, as Chinese labels write them.
  rest = rest.replace(/维生素[A-K]\d*/g, ' ');
  const words = rest.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
  return [...new Set(words.filter((word) => !ALLOWED_ENGLISH.has(word)))];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

for (const lang of ['en', 'zh'] as const) {
  test(`every route in ${lang}: screenshots at 390 and 1280 px, no overflow at 360 px and up${lang === 'zh' ? ', no English' : ''}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    const session = await signIn(request);
    const problems: string[] = [];

    for (const screen of screens()) {
      const context = await browser.newContext({ viewport: NARROW, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await context.addInitScript(
        ({ lang, screen, session, RECOGNIZED }) => {
          // Only before the app's first start: a page's own changes (logout) stay.
          if (sessionStorage.getItem('screens-seeded')) return;
          sessionStorage.setItem('screens-seeded', '1');
          localStorage.setItem('language', lang);
          if (!screen.signedIn) return;
          localStorage.setItem('auth_token', session.access);
          localStorage.setItem('refresh_token', session.refresh);
          localStorage.setItem('user', JSON.stringify(session.user));
          localStorage.setItem('mealCart', JSON.stringify([{ food: session.food, quantity: 150 }]));
          // The last photo recognition, as the server words it (English portion and method).
          localStorage.setItem('dashboardImageId', '1');
          localStorage.setItem('dashboardEstimatedPortions', JSON.stringify([RECOGNIZED]));
        },
        { lang, screen, session, RECOGNIZED },
      );
      const page = await context.newPage();
      await page.goto(screen.url);
      await settle(page);
      if (screen.open) await screen.open(page);
      if (screen.open || screen.url.includes('mode=')) await expect(page.getByRole('dialog')).toBeVisible();

      for (const viewport of [NARROW, PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(150);
        const wide = await overflow(page);
        if (wide) problems.push(`${lang} ${viewport.width}px ${screen.url}: ${wide}`);
        if (viewport !== NARROW) {
          await page.screenshot({
            path: path.join(SHOTS, `${lang}-${viewport.width}-${screen.name}.png`),
            fullPage: true,
          });
        }
        // The phone and the desktop: a desktop shows some things in full (all 24 nutrients).
        if (lang === 'zh' && viewport !== NARROW) {
          const words = await englishWords(page, [`${session.username}@example.com`, session.username, 'screens', SEARCHED, RECIPE]);
          if (words.length > 0) problems.push(`zh ${screen.url}: English words ${JSON.stringify(words)}`);
        }
      }
      await context.close();
    }

    expect(problems).toEqual([]);
  });
}
