import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toast } from './support/session';

// A scanned label on a phone, in both languages: its serving size becomes the food's
// portion, which the food is then logged by; and a label whose calorie row was not read
// offers the calories worked out from protein, fat and carbs, as an estimate to take.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const labels = path.resolve(root, 'worker/tests/labels');
const models = path.resolve(root, '.models/ocr/ocr.json');

test.use({ viewport: { width: 390, height: 844 } });

type Language = 'en' | 'zh';

const TEXT = {
  en: {
    mine: 'My food',
    create: 'Create custom food',
    dialog: 'Create a custom food',
    scan: 'Scan a label',
    filled: 'Filled in from the label',
    name: 'Name',
    calories: 'Calories (kcal)',
    portionName: 'Portion 1 name',
    portionValue: '1 serving',
    portionGrams: 'Portion 1 grams',
    serving: '1 serving',
    chip: (grams: number) => `1 serving (${grams} g)`,
    kept: (grams: number) => `Its serving size is kept as the portion “1 serving (${grams} g)”`,
    submit: 'Create',
    created: (name: string) => `Created “${name}”`,
    quantity: 'Quantity',
    add: 'Add',
    estimate: 'about 357 kcal per 100 g. This is an estimate',
    take: 'Use the estimate: 357 kcal',
    estimated: 'Estimated from protein, fat and carbs — not read from the label',
  },
  zh: {
    mine: '我的食物',
    create: '创建自定义食物',
    dialog: '创建自定义食物',
    scan: '扫描营养成分表',
    filled: '已按营养成分表填好',
    name: '名称',
    calories: '热量（千卡）',
    portionName: '份量 1 名称',
    portionValue: '1 份',
    portionGrams: '份量 1 克数',
    serving: '1 份',
    chip: (grams: number) => `1 份 · ${grams} 克`,
    kept: (grams: number) => `每份 ${grams} 克已保存为份量“1 份”`,
    submit: '创建',
    created: (name: string) => `已创建“${name}”`,
    quantity: '份量',
    add: '添加',
    estimate: '每 100 克约 357 千卡。这是估算值',
    take: '使用估算值：357 千卡',
    estimated: '按蛋白质、脂肪和碳水化合物估算，不是从营养成分表读出的',
  },
} as const;


async function openCreate(page: Page, language: Language) {
  const text = TEXT[language];
  await page.getByRole('button', { name: text.mine }).click();
  await page.getByRole('button', { name: text.create }).click();
  return page.getByRole('dialog', { name: text.dialog });
}

async function scanLabel(page: Page, language: Language, photo: string) {
  const dialog = page.getByRole('dialog', { name: TEXT[language].dialog });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: TEXT[language].scan }).click();
  await (await chooser).setFiles(photo);
}

const basket = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as Array<{ quantity: number; amount?: string }>);

/** Opens the saved food from My food and adds it as the sheet first offers it. */
async function addFromMyFood(page: Page, language: Language, name: string, grams: number) {
  const text = TEXT[language];
  // The row's one tap offers the serving too.
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText(text.serving);
  await page.getByRole('button', { name, exact: true }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet.getByLabel(text.quantity, { exact: true })).toHaveValue(text.serving);
  await expect(sheet.getByRole('button', { name: text.chip(grams) })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: test.info().outputPath(`sheet-${language}.png`) });
  await sheet.getByRole('button', { name: text.add, exact: true }).click();
  await expect.poll(async () => (await basket(page)).map((line) => [line.quantity, line.amount])).toEqual([[grams, text.serving]]);
}

// Real photos through the real OCR: a US panel per serving of 29 g, a Chinese 营养成分表 per 份 of 40 g.
const PHOTOS = { en: { file: '003-us-photo.jpg', grams: 29 }, zh: { file: '024-cn-clean.jpg', grams: 40 } } as const;

for (const language of ['en', 'zh'] as const) {
  const text = TEXT[language];

  test(`${language}: the serving size read from a label becomes the portion the food is logged by`, async ({ page, request }) => {
    test.skip(!existsSync(models), 'label photos need the OCR models (make models)');
    const { file, grams } = PHOTOS[language];
    await signIn(page, request, language, `serving_${language}`);
    const dialog = await openCreate(page, language);
    await scanLabel(page, language, path.join(labels, file));
    const summary = dialog.getByRole('status').filter({ hasText: text.filled });
    await expect(summary).toContainText(text.kept(grams), { timeout: 20_000 });
    await expect(dialog.getByLabel(text.portionName)).toHaveValue(text.portionValue);
    await expect(dialog.getByLabel(text.portionGrams)).toHaveValue(String(grams));
    await page.screenshot({ path: test.info().outputPath(`label-${language}.png`), fullPage: true });

    const name = language === 'en' ? 'Label crackers' : '标签饼干';
    await dialog.getByLabel(text.name, { exact: true }).fill(name);
    await dialog.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(toast(page, text.created(name))).toBeVisible();
    await addFromMyFood(page, language, name, grams);
  });

  test(`${language}: a label without a readable calorie row offers the Atwater estimate, taken by a tap`, async ({ page, request }) => {
    // The label's answer as the API gives it when the calorie row could not be read.
    const field = (nutrient: string, value: number | null, certainty: string) => ({
      nutrient,
      value,
      printed: value === null ? null : `${value} g`,
      certainty,
      confidence: value === null ? 0 : 0.95,
      doubts: [],
    });
    await page.route('**/api/v1/labels/read/', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: {
            found: true,
            kind: language === 'en' ? 'nutrition_facts' : 'gb28050',
            basis: 'per_serving',
            serving_grams: 40,
            barcode: null,
            fields: [
              field('calories', null, 'unread'),
              field('protein', 6.7, 'sure'),
              field('fat', 10, 'sure'),
              field('carbs', 60, 'sure'),
              field('sodium', 300, 'sure'),
              field('fiber', null, 'not_on_label'),
              field('sugar', null, 'not_on_label'),
            ],
            rows: [],
            took_ms: 10,
          },
        },
      }),
    );
    await signIn(page, request, language, `serving_${language}`);
    const dialog = await openCreate(page, language);
    await scanLabel(page, language, path.join(labels, PHOTOS[language].file));
    await expect(dialog.getByText(text.estimate)).toBeVisible();
    // Offered, never filled in silently.
    await expect(dialog.getByLabel(text.calories)).toHaveValue('');
    await page.screenshot({ path: test.info().outputPath(`estimate-${language}.png`), fullPage: true });
    await dialog.getByRole('button', { name: text.take }).click();
    await expect(dialog.getByLabel(text.calories)).toHaveValue('357');
    await expect(dialog.getByText(text.estimated)).toBeVisible();
    await expect(dialog.getByRole('button', { name: text.take })).toHaveCount(0);

    const name = language === 'en' ? 'Estimated bar' : '估算能量棒';
    await dialog.getByLabel(text.name, { exact: true }).fill(name);
    await dialog.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(toast(page, text.created(name))).toBeVisible();
    // 357 kcal per 100 g: the row offers its 40 g serving, 143 kcal.
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText(
      language === 'en' ? '143 kcal' : '143 千卡',
    );
    await addFromMyFood(page, language, name, 40);
  });
}
