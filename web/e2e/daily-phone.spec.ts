import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

// Daily use on a phone (issue 33): at 390 × 844, in English and in Chinese.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const LANGUAGES = ['en', 'zh'] as const;
type Language = (typeof LANGUAGES)[number];

const TEXT = {
  en: {
    devTools: 'Developer tools',
    apiTest: 'API test',
    devSwitch: /developer pages' links/,
    searchHeading: 'Food search',
  },
  zh: {
    devTools: '开发者工具',
    apiTest: 'API 测试',
    devSwitch: /开发者页面的链接/,
    searchHeading: '食物搜索',
  },
} as const;

/** Where a screenshot of a touched screen goes, to be looked at. */
const shot = (page: Page, name: string, language: Language) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${language}.png`), fullPage: true });

for (const language of LANGUAGES) {
  const words = TEXT[language];

  test(`a regular user sees no developer tools; the switch on a developer page shows them (${language})`, async ({
    page,
    request,
  }) => {
    await signIn(page, request, language, `dev_${language}`);
    await expect(page.getByRole('heading', { level: 1, name: words.searchHeading })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('navigation', { name: words.devTools })).toHaveCount(0);
    await expect(page.getByRole('link', { name: words.apiTest })).toHaveCount(0);
    await page.getByRole('link', { name: /Dashboard|仪表盘/ }).click();
    await expect(page.getByRole('link', { name: words.apiTest })).toHaveCount(0);
    await shot(page, 'no-devtools', language);

    // A developer goes to the page by its address and turns the links on for this device.
    await page.goto('/api-test');
    await page.getByRole('checkbox', { name: words.devSwitch }).check();
    const links = page.getByRole('contentinfo').getByRole('navigation', { name: words.devTools });
    await expect(links.getByRole('link', { name: words.apiTest })).toBeVisible();
    await shot(page, 'devtools-on', language);
    await page.reload();
    await expect(links.getByRole('link', { name: words.apiTest })).toBeVisible();
  });
}
