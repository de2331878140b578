import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

// Issue 34 on a phone (390 × 844), against the real API and recognition models: a dish the
// models do not know is a question, one tap on an alternative corrects it, and the next
// photo of that dish (the same plate taken again: mirrored and cropped) offers it first.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Spaghetti bolognese, which the models take for fried rice and ask about, the spaghetti
 * among the alternatives.
 */
const photo = path.resolve(root, '../shared/data/images/food101_subset/train/spaghetti_bolognese/002.jpg');
const missing = [
  !existsSync(photo) && photo,
  !existsSync(path.resolve(root, '.models/yolox-nano.json')) && 'the recognition models (make models)',
].filter(Boolean);
if (missing.length > 0 && process.env.CI === 'true') throw new Error(`photo learning e2e needs ${missing.join(' and ')}`);
test.skip(missing.length > 0, `photo learning e2e needs ${missing.join(' and ')}`);

const TEXT = {
  en: {
    card: 'Photo recognition',
    choose: 'Choose a photo of your meal',
    analyse: 'Upload and analyse',
    foods: 'Recognised foods',
    sure: /^Looks like /,
    confirmed: 'Confirmed by you',
    yes: 'Yes',
    others: 'Or is it…',
    addAll: 'Add all to basket',
    added: /^Added \d+ foods? to the basket/,
    target: 'Spaghetti with meat sauce',
    memory: /^Like your .+ of /,
    learned: 'From your earlier photos',
  },
  zh: {
    card: '拍照识别',
    choose: '选择餐食照片',
    analyse: '上传并识别',
    foods: '识别出的食物',
    sure: /^看起来是/,
    confirmed: '你已确认',
    yes: '是的',
    others: '还是…',
    addAll: '全部加入餐篮',
    added: /^已将 \d+ 种食物加入餐篮/,
    target: '肉酱意面',
    memory: /^和你 .+ 吃的/,
    learned: '来自你之前的照片',
  },
} as const;

/** The same plate taken again: the photo mirrored and cropped by a canvas in the page, as a JPEG. */
async function retaken(page: Page, file: string): Promise<Buffer> {
  const source = `data:image/jpeg;base64,${readFileSync(file).toString('base64')}`;
  const dataUrl = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    // 85 % of it, a little off centre, mirrored left to right.
    const width = Math.round(image.naturalWidth * 0.85);
    const height = Math.round(image.naturalHeight * 0.85);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.translate(width, 0);
    context.scale(-1, 1);
    context.drawImage(image, image.naturalWidth * 0.1, image.naturalHeight * 0.05, width, height, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, source);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Counts the taps (clicks) the person makes on the page from now on. */
async function countTaps(page: Page) {
  await page.evaluate(() => {
    const counted = window as unknown as { taps: number };
    counted.taps = 0;
    document.addEventListener('click', () => (counted.taps += 1), { capture: true });
  });
  return () => page.evaluate(() => (window as unknown as { taps: number }).taps);
}

for (const language of ['en', 'zh'] as const) {
  const words = TEXT[language];

  test(`a wrong guess corrected in one tap is offered first on the next photo of that dish (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, request, language, `learn_${language}`);
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: words.card });
    const foods = card.getByRole('list', { name: words.foods });

    await card.getByLabel(words.choose).setInputFiles(photo);
    await card.getByRole('button', { name: words.analyse }).tap();
    await expect(foods).toBeVisible({ timeout: 60_000 });
    const taps = await countTaps(page);

    // Never a confident wrong answer: no food reads "Looks like" unless it is the spaghetti,
    // and the spaghetti is one tap away, among the alternatives of the food it is mistaken for.
    const titles = foods.getByRole('listitem').locator('strong');
    for (const title of await titles.allTextContents()) {
      if (words.sure.test(title)) expect(title).toContain(words.target);
    }
    const mistaken = foods.getByRole('listitem').filter({ has: page.getByRole('button', { name: words.target, exact: true }) }).first();
    const choice = mistaken.getByRole('button', { name: words.target, exact: true });
    await expect(choice).toBeVisible();
    const guess = (await mistaken.locator('strong, p').first().textContent()) ?? '';
    expect(guess).not.toContain(words.target);
    // At least 3 alternatives, each one tap (besides "Yes" where it is asked).
    const alternatives = mistaken.locator('.recognition-choices').first().getByRole('button').filter({ hasNotText: words.yes });
    expect(await alternatives.count()).toBeGreaterThanOrEqual(3);
    // All in the phone's width, none over the grams' field.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await choice.tap();
    expect(await taps()).toBe(1);
    const corrected = foods.getByRole('listitem').filter({ has: page.getByText(words.confirmed) }).first();
    await expect(corrected.locator('strong')).toHaveText(words.target);
    // The guess it replaced is one tap away, among its alternatives; they keep off the grams.
    const others = corrected.getByRole('group', { name: words.others });
    await expect(others).toBeVisible();
    const grams = corrected.getByRole('spinbutton');
    const gramsBox = await grams.boundingBox();
    for (const button of await others.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (!box || !gramsBox) throw new Error('a choice or the grams are not laid out');
      const apart =
        box.y >= gramsBox.y + gramsBox.height ||
        box.y + box.height <= gramsBox.y ||
        box.x >= gramsBox.x + gramsBox.width ||
        box.x + box.width <= gramsBox.x;
      expect(apart, 'a choice covers the grams').toBe(true);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    // Saved from the photo: the server learns the spaghetti for this user.
    const confirmed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/v1/images/confirm'));
    await card.getByRole('button', { name: words.addAll }).tap();
    const response = await confirmed;
    expect(response.status()).toBe(200);
    const body = response.request().postDataJSON() as { corrections: { foods: Array<{ name: string; name_zh: string | null }> } };
    expect(body.corrections.foods.map((food) => (language === 'zh' ? food.name_zh : food.name))).toContain(words.target);
    await expect(page.getByRole('status').filter({ hasText: words.added })).toBeVisible();

    // The same plate again, taken a little differently: the spaghetti comes first.
    await page.evaluate(() => localStorage.setItem('mealCart', '[]'));
    await card.getByLabel(words.choose).setInputFiles({ name: 'spaghetti-again.jpg', mimeType: 'image/jpeg', buffer: await retaken(page, photo) });
    await card.getByRole('button', { name: words.analyse }).tap();
    const first = foods.getByRole('listitem').first();
    await expect(first).toBeVisible({ timeout: 60_000 });
    // The first food is the spaghetti, from this user's own photo; an earlier meal offered
    // above the foods (the same plate) is the spaghetti too.
    await expect(first.locator('strong, p').first()).toContainText(words.target);
    await expect(first).toContainText(words.learned);
    const memory = card.getByRole('group', { name: words.memory });
    if ((await memory.count()) > 0) await expect(memory).toContainText(words.target);
  });
}
