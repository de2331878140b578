import { expect, test, type Page } from '@playwright/test';

// Ranking on a phone (issue 33, point 15): a dish whose name holds the whole query comes
// before dishes that match only part of it there. 牛肉面 finds 兰州牛肉面 before 刀削面
// (which is known also as 刀削牛肉面); "beef noodle soup" finds a beef noodle soup first.
// At 390 × 844, in Chinese and in English, against the real API and its shipped foods.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const TEXT = {
  en: { search: 'Search foods', results: (query: string) => `Results for “${query}”` },
  zh: { search: '搜索食物', results: (query: string) => `“${query}”的搜索结果` },
} as const;

/** The result rows' text, best first, for `query` typed in the page's search box. */
async function search(page: Page, language: keyof typeof TEXT, query: string): Promise<string[]> {
  const text = TEXT[language];
  await page.goto('/');
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
  const box = page.getByRole('searchbox', { name: text.search });
  await box.fill(query);
  const results = page.getByRole('region', { name: text.results(query) });
  await results.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => box.press('Enter'));
  const rows = results.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`ranking-${language}.png`) });
  return rows.allInnerTexts();
}

test('in Chinese: 牛肉面 shows 兰州牛肉面 among the first results, above 刀削面', async ({ page }) => {
  const rows = await search(page, 'zh', '牛肉面');
  const lanzhou = rows.findIndex((row) => row.includes('兰州牛肉面'));
  const knifeCut = rows.findIndex((row) => row.includes('刀削面'));
  expect(lanzhou, rows.join('\n')).toBeGreaterThanOrEqual(0);
  expect(lanzhou, rows.join('\n')).toBeLessThan(3);
  if (knifeCut >= 0) expect(lanzhou, rows.join('\n')).toBeLessThan(knifeCut);
});

test('in English: "beef noodle soup" shows a food named a beef noodle soup first, above the knife-cut noodles', async ({ page }) => {
  const rows = await search(page, 'en', 'beef noodle soup');
  expect(rows[0], rows.join('\n')).toMatch(/beef noodle soup/i);
  const knifeCut = rows.findIndex((row) => /knife-shaved/i.test(row));
  if (knifeCut >= 0) expect(knifeCut, rows.join('\n')).toBeGreaterThan(0);
});
