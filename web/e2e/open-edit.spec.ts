import { expect, test, type APIRequestContext } from '@playwright/test';
import { foodId, modalEntryGone, signIn } from './support/session';

// Issue 49, 1: an edit left open in the basket never takes over the next meal. On a phone
// (390 × 844), in English and in Chinese: yesterday's dinner opened to edit and the
// basket closed with ×, then "+ Add" under today's snack. The person is asked; keeping the
// edit leaves it as it was, discarding starts the snack; the dinner stays on its day.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const TEXT = {
  en: {
    edit: (name: string) => `Edit ${name}`,
    openBasket: /^Open the basket/,
    close: 'Close the basket',
    addTo: 'Add to Snack',
    asked: (name: string) => `You are editing “${name}”`,
    keep: 'Keep editing',
    discard: 'Discard changes, start a new Snack',
    editingLine: (name: string) => `Editing “${name}”`,
  },
  zh: {
    edit: (name: string) => `编辑 ${name}`,
    openBasket: /^打开餐篮/,
    close: '关闭餐篮',
    addTo: '添加到加餐',
    asked: (name: string) => `你正在编辑“${name}”`,
    keep: '继续编辑',
    discard: '放弃修改，新建加餐',
    editingLine: (name: string) => `正在编辑“${name}”`,
  },
} as const;

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

async function mealsOn(request: APIRequestContext, token: string, day: Date) {
  const response = await request.get('/api/v1/meals/list/', {
    params: { date: localDay(day) },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.meals as { id: number; name: string | null; meal_type: string; total_calories: number }[];
}

for (const language of ['en', 'zh'] as const) {
  const text = TEXT[language];

  test(`an edit left open is asked about, never taken over by "+ Add" (${language})`, async ({ page, request }) => {
    const token = await signIn(page, request, language, `edit_${language}`);
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    yesterday.setHours(19, 0, 0, 0);
    const name = language === 'en' ? 'Dinner out' : '外面的晚餐';
    const created = await request.post('/api/v1/meals/create/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, date: yesterday.toISOString(), meal_type: 'dinner', foods: [{ food_id: await foodId(request, token, 'rice'), quantity: 200 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const dinner = (await created.json()).data as { id: number; total_calories: number };

    // Yesterday's dinner opened to edit, the basket closed with × and nothing saved.
    await page.goto(`/dashboard?date=${localDay(yesterday)}`);
    await page.getByRole('button', { name: text.edit(name) }).click();
    await page.getByRole('button', { name: text.openBasket }).click();
    await page.getByRole('button', { name: text.close }).click();
    await modalEntryGone(page);
    // Where the basket is, the open edit is said plainly.
    await expect(page.getByText(text.editingLine(name), { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`editing-bar-${language}.png`) });

    // "+ Add" under today's snack asks first; keeping the edit changes nothing.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: text.addTo }).click();
    let sheet = page.getByRole('dialog', { name: text.asked(name) });
    await expect(sheet).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`open-edit-sheet-390-${language}.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`open-edit-sheet-1280-${language}.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await sheet.getByRole('button', { name: text.keep }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText(text.editingLine(name), { exact: true })).toBeVisible();

    // Asked again, the changes go and a new snack starts, with an empty basket.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: text.addTo }).click();
    sheet = page.getByRole('dialog', { name: text.asked(name) });
    await sheet.getByRole('button', { name: text.discard }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText(text.editingLine(name), { exact: true })).toBeHidden();
    // The basket is empty and set for today's snack: the next food added starts it.
    expect(await page.evaluate(() => [localStorage.getItem('mealType'), localStorage.getItem('mealCart')])).toEqual(['snack', null]);

    // The saved dinner is still yesterday's dinner, as it was saved.
    const kept = (await mealsOn(request, token, yesterday)).find((meal) => meal.id === dinner.id);
    expect(kept).toMatchObject({ name, meal_type: 'dinner', total_calories: dinner.total_calories });
    expect((await mealsOn(request, token, new Date())).map((meal) => meal.id)).not.toContain(dinner.id);
  });
}
