import { expect, test } from '@playwright/test';
import { signIn, toast } from './support/session';

// A barcode that neither Open Food Facts nor USDA can be asked about (the replay answers
// 503 for 4006381333931, e2e/replay/off-server.mjs), typed by hand on a phone, in both
// languages: the dialog says so in plain words and offers a food of one's own, which the
// next look-up of the code finds.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

test.use({ viewport: { width: 390, height: 844 } });

const UNREACHABLE = '4006381333931';

const TEXT = {
  en: {
    dialog: 'Barcode recognition',
    typed: 'Or type the digits under the bars',
    lookUp: 'Look up',
    length: 'A barcode has 8, 12 or 13 digits.',
    unreachable: 'The food services (Open Food Facts and USDA) cannot be reached right now. Try again later, or create the food yourself.',
    line: '4 006381 333931: not looked up: the food services cannot be reached right now.',
    missing: 'Barcodes without food information',
    create: 'Create a food for this barcode',
    form: 'Create a custom food',
    name: 'Name',
    calories: 'Calories (kcal)',
    barcode: 'Barcode',
    submit: 'Create',
    created: (name: string) => `Created “${name}”: this barcode finds it from now on`,
    foods: 'Foods found',
    existing: 'Already in your foods',
  },
  zh: {
    dialog: '条形码识别',
    typed: '或手动输入条形码下方的数字',
    lookUp: '查询',
    length: '条形码应为 8、12 或 13 位数字。',
    unreachable: '暂时连不上食品数据服务（Open Food Facts 和 USDA）。请稍后再试，或自己创建这个食物。',
    line: '4 006381 333931：未能查询：暂时连不上食品数据服务。',
    missing: '没有食品信息的条形码',
    create: '为此条码创建食物',
    form: '创建自定义食物',
    name: '名称',
    calories: '热量（千卡）',
    barcode: '条形码',
    submit: '创建',
    created: (name: string) => `已创建“${name}”，今后扫描此条形码即可找到`,
    foods: '找到的食物',
    existing: '已在你的食物中',
  },
} as const;


for (const language of ['en', 'zh'] as const) {
  const text = TEXT[language];

  test(`${language}: a typed barcode the food services cannot be reached for gets a food of one's own, found next time`, async ({
    page,
    request,
  }) => {
    await signIn(page, request, language, `unreach_${language}`);
    await page.goto('/dashboard?mode=barcode');
    const dialog = page.getByRole('dialog', { name: text.dialog });
    const typed = dialog.getByLabel(text.typed);

    // Digits that cannot be a barcode are refused before asking.
    await typed.fill('4006381');
    await dialog.getByRole('button', { name: text.lookUp }).click();
    await expect(dialog.getByRole('alert')).toHaveText(text.length);

    await typed.fill(UNREACHABLE);
    await dialog.getByRole('button', { name: text.lookUp }).click();
    await expect(dialog.getByRole('alert')).toHaveText(text.unreachable, { timeout: 15_000 });
    await expect(dialog.getByRole('list', { name: text.missing })).toHaveText(new RegExp(`^${text.line}`));
    // Never the server's own words ("answered 503", host names).
    await expect(dialog).not.toContainText(/503|answered|127\.0\.0\.1/);
    await page.screenshot({ path: test.info().outputPath(`unreachable-${language}.png`) });

    await dialog.getByRole('button', { name: text.create }).click();
    const form = page.getByRole('dialog', { name: text.form });
    await expect(form.getByLabel(text.barcode, { exact: true })).toHaveValue(UNREACHABLE);
    const name = language === 'en' ? 'Stabilo snack' : '自制零食';
    await form.getByLabel(text.name, { exact: true }).fill(name);
    await form.getByLabel(text.calories).fill('420');
    await form.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(toast(page, text.created(name))).toBeVisible();
    await expect(dialog.getByRole('list', { name: text.foods })).toContainText(name);
    await expect(dialog.getByRole('list', { name: text.missing })).toHaveCount(0);

    // The next look-up of the code finds the food made for it.
    await typed.fill(UNREACHABLE);
    await dialog.getByRole('button', { name: text.lookUp }).click();
    const found = dialog.getByRole('list', { name: text.foods }).getByRole('listitem');
    await expect(found).toContainText(text.existing, { timeout: 15_000 });
    await expect(found).toContainText(name);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`found-${language}.png`) });
  });
}

test('a typed code of a product Open Food Facts knows finds it', async ({ page, request }) => {
  await signIn(page, request, 'en', 'unreach_en');
  await page.goto('/dashboard?mode=barcode');
  const dialog = page.getByRole('dialog', { name: TEXT.en.dialog });
  await dialog.getByLabel(TEXT.en.typed).fill('0 70097 02508 8');
  await dialog.getByRole('button', { name: TEXT.en.lookUp }).click();
  await expect(dialog.getByRole('list', { name: TEXT.en.foods })).toContainText('Honey Roasted Peanuts', { timeout: 15_000 });
});
