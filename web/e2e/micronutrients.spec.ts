import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { modalEntryGone, signIn } from './support/session';

// Vitamins, minerals and fats against the day's targets (issue 36), on a phone at 390 ×
// 844: an orange's vitamin C per 100 g in its details, 150 g of it logged, the day's bar
// against the 90 mg of the group assumed for a profile without sex or birth date (men
// 31–50), in English and in Chinese, on the day and on the statistics.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type FoundFood = { id: number; name: string; micronutrients?: Record<string, number | null> };

const GRAMS = 150;

// The shipped USDA SR food (53.2 mg vitamin C per 100 g). Not the catalogue's "Orange"
// (橙子, 33 mg from the Chinese table) nor the other USDA oranges (Florida's 45 mg).
const ORANGE = 'Oranges, raw, all commercial varieties';

/**
 * The raw orange of the shipped USDA foods, with its vitamin C per 100 g: a search finds
 * it without its micronutrients (left out to stay quick), its own page has them.
 */
async function findOrange(request: APIRequestContext, token: string): Promise<FoundFood> {
  const headers = { Authorization: `Bearer ${token}` };
  const response = await request.get('/api/v1/foods/search/', { params: { query: 'orange' }, headers });
  expect(response.status()).toBe(200);
  const foods = (await response.json()).data.foods as FoundFood[];
  const hit = foods.find((food) => food.name === ORANGE);
  expect(hit, `${ORANGE} among ${JSON.stringify(foods.map((food) => food.name))}`).toBeDefined();
  expect(hit).not.toHaveProperty('micronutrients');
  const own = await request.get(`/api/v1/foods/${hit?.id}/`, { headers });
  expect(own.status()).toBe(200);
  const orange = (await own.json()).data as FoundFood;
  expect(orange.micronutrients?.vitamin_c_mg).toBeCloseTo(53.2, 1);
  return orange;
}

/** The amount as the app writes it: whole from 100, to a tenth from 1, 2 significant digits below. */
function amount(value: number, locale: string): string {
  const options = value >= 100 ? { maximumFractionDigits: 0 } : value >= 1 ? { maximumFractionDigits: 1 } : { maximumSignificantDigits: 2 };
  return new Intl.NumberFormat(locale, options).format(value);
}

/** Fails, naming what sticks out, when the page is wider than the screen. */
async function expectNoOverflow(page: Page, where: string) {
  const wide = await page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth) return null;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return `scrollWidth ${scrollWidth} > ${window.innerWidth}: ${culprits.join('; ')}`;
  });
  expect(wide, where).toBeNull();
}

/** Fails, naming them, where a nutrient's name runs into its value (a long word on a phone). */
async function expectNamesClearOfValues(scope: Locator, where: string) {
  const overlapping = await scope.evaluate((root) =>
    [...root.querySelectorAll('.food-micronutrient-facts > div')].flatMap((fact) => {
      const [name, value] = [fact.querySelector('dt'), fact.querySelector('dd')];
      if (!name || !value) return [];
      const range = document.createRange();
      range.selectNodeContents(name);
      const text = range.getBoundingClientRect();
      const box = value.getBoundingClientRect();
      const apart = text.right <= box.left + 0.5 || text.bottom <= box.top + 0.5 || box.bottom <= text.top + 0.5;
      return apart ? [] : [`${name.textContent} / ${value.textContent}`];
    }),
  );
  expect(overlapping, where).toEqual([]);
}

/** Opens the full list when the short one shows. */
async function showAll(card: Locator, names: RegExp) {
  const toggle = card.getByRole('button', { name: names });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('an orange’s vitamin C per 100 g, then 150 g of it against the day’s target, in English and Chinese', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await signIn(page, request, 'en', 'micro');
  const orange = await findOrange(request, token);
  const per100g = orange.micronutrients?.vitamin_c_mg ?? 0;

  // The food's own values, in its details.
  const search = page.getByRole('searchbox', { name: 'Search foods' });
  await search.fill('orange');
  await search.press('Enter');
  const results = page.getByRole('region', { name: 'Results for “orange”' });
  await results.getByRole('button', { name: orange.name, exact: true }).first().tap();
  const sheet = page.getByRole('dialog', { name: orange.name });
  await sheet.getByRole('button', { name: 'Show details' }).tap();
  await expect(sheet.getByText('Vitamins & minerals per 100 g')).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Vitamins' })).toContainText(`Vitamin C${amount(per100g, 'en-US')} mg`);
  await expect(sheet.getByRole('region', { name: 'Minerals' })).toContainText('Potassium');
  await expectNoOverflow(page, 'the food details at 390 px');
  await expectNamesClearOfValues(sheet, 'the food details at 390 px');
  await shot(page, 'food-details-en');
  await sheet.getByRole('button', { name: 'Close', exact: true }).tap();
  await modalEntryGone(page);

  // 150 g of it, logged a second ago: today in any time zone the browser is in.
  const logged = await request.post('/api/v1/meals/create/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Orange',
      date: new Date(Date.now() - 1_000).toISOString(),
      meal_type: 'snack',
      foods: [{ food_id: orange.id, quantity: GRAMS }],
    },
  });
  expect(logged.status(), await logged.text()).toBe(201);

  // Today's, not the day before's that the day also asks for (to log again).
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const summaryAnswer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/v1/meals/daily-summary/' && url.searchParams.get('date') === today;
  });
  await page.goto('/dashboard');
  const summary = (await (await summaryAnswer).json()).data;
  const eaten = summary.micronutrients.vitamin_c_mg as number;
  // 150 g at 53.2 mg per 100 g: 79.8 mg, against the 90 mg of men aged 31–50.
  expect(eaten).toBeCloseTo((per100g * GRAMS) / 100, 1);
  expect(eaten).toBeCloseTo(79.8, 1);
  expect(summary.micronutrient_targets.vitamin_c_mg).toMatchObject({ amount: 90, kind: 'rda' });
  expect(summary.micronutrient_target_group).toEqual({ sex: 'male', age_from: 31, age_to: 50, assumed: true });
  const percent = Math.round((eaten * 100) / 90);

  const card = page.getByRole('region', { name: 'Vitamins & minerals' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('Targets for men aged 31–50 — set your sex and birth date in your profile for your own');
  await expect(card.getByRole('link', { name: 'set your sex and birth date in your profile for your own' })).toHaveAttribute('href', '/profile?edit=body');
  await expect(card).toContainText(/\d+ of 20 targets reached/);
  // The short list: six bars, those furthest from their targets.
  await expect(card.getByRole('progressbar')).toHaveCount(6);
  await expectNoOverflow(page, 'the day at 390 px, in English');
  await showAll(card, /^Show all 24$|^Show fewer$/);
  const vitaminC = card.getByRole('progressbar', { name: 'Vitamin C' });
  await expect(vitaminC).toHaveAttribute('aria-valuetext', `Vitamin C: ${amount(eaten, 'en-US')} of 90 mg, ${percent} %`);
  // `has` is looked for inside each li: a locator from the page, not from the card.
  await expect(card.locator('li').filter({ has: page.getByRole('progressbar', { name: 'Vitamin C' }) })).toContainText(`${amount(eaten, 'en-US')} / 90 mg`);
  await expect(card.getByRole('region', { name: 'Fats' })).toContainText('Cholesterol');
  await expectNoOverflow(page, 'the day with every bar at 390 px, in English');
  await shot(page, 'day-en');

  // In Chinese.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).tap();
  const cardZh = page.getByRole('region', { name: '维生素和矿物质' });
  await expect(cardZh).toContainText('按 31–50 岁男性的目标——在个人资料中设置性别和出生日期，即可按你自己的目标计');
  await expect(cardZh.getByRole('link', { name: '在个人资料中设置性别和出生日期，即可按你自己的目标计' })).toBeVisible();
  await showAll(cardZh, /^显示全部 24 项$|^收起$/);
  const vitaminCZh = cardZh.getByRole('progressbar', { name: '维生素C' });
  await expect(vitaminCZh).toHaveAttribute('aria-valuetext', `维生素C：${amount(eaten, 'zh-CN')} / 90 毫克，${percent}%`);
  for (const name of ['钾', '钙', '铁', '饱和脂肪', '叶酸', '硒']) await expect(cardZh.getByRole('progressbar', { name })).toBeVisible();
  await expect(cardZh.getByRole('region', { name: '脂肪' })).toContainText('胆固醇');
  await expectNoOverflow(page, 'the day with every bar at 390 px, in Chinese');
  await shot(page, 'day-zh');

  // The statistics of the last 7 days: one day logged, its amounts the average.
  await page.goto('/statistics');
  const stats = page.getByRole('region', { name: '维生素和矿物质' });
  await expect(stats).toContainText('记录日平均');
  await showAll(stats, /^显示全部 24 项$|^收起$/);
  await expect(stats.getByRole('progressbar', { name: '维生素C' })).toHaveAttribute(
    'aria-valuetext',
    `维生素C：${amount(eaten, 'zh-CN')} / 90 毫克，${percent}%`,
  );
  await expectNoOverflow(page, 'the statistics at 390 px, in Chinese');
  await shot(page, 'statistics-zh');

  // The link to give one's own body data opens the profile's form.
  await stats.getByRole('link', { name: '在个人资料中设置性别和出生日期，即可按你自己的目标计' }).tap();
  await expect(page).toHaveURL('/profile?edit=body');
  await expect(page.getByLabel('出生日期')).toBeVisible();
});
