import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, foodId, signIn, signUp, storeSession, toast } from './support/session';

// Issue 49, round 2, on a phone (390 × 844), in English and in Chinese: a recipe's "+"
// adds one serving; "300 kcal" typed is a quick add of 300 kcal; a recipe ingredient
// takes its food's units; the basket offers no day to come and says when its time is
// later than now; the first-run hint names the year of birth; no "no exact match" above
// the food named as typed; a food kept in one saved meal is said in the singular.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const TEXT = {
  en: {
    search: 'Search foods',
    recent: 'Recent',
    add: (name: string) => `Add ${name}`,
    openBasket: /^Open the basket/,
    basketLines: 'Foods in the basket',
    basket: 'Current basket',
    serving: /^1 serving · 250 g$/,
    servingRow: /^Recipe 1 serving \(250 g\) /,
    quantity: 'Quantity',
    servingBox: '1 serving',
    closeBasket: 'Close the basket',
    quickAddQuery: '300 kcal',
    quickAddRow: 'Quick add 300 kcal',
    quickAddDialog: 'Quick add to the basket',
    calories: 'Calories (kcal)',
    addToBasket: 'Add to basket',
    quickAdded: 'Added 300 kcal “Quick add” to the basket',
    newRecipe: 'New recipe',
    recipeName: 'Name',
    findFood: 'Find a food to add',
    egg: 'Egg, raw',
    pickEgg: 'Add Egg, raw',
    amount: 'Amount of Egg, raw',
    portions: 'Portions of Egg, raw',
    mediumEgg: '1 egg (medium) (50 g)',
    mediumEggWritten: '1 egg (medium)',
    threeEggs: '3 eggs',
    cups: '2 cups',
    cupsProblem: /“cups” is a volume/,
    inGrams: (grams: number) => `= ${grams} g`,
    saveRecipe: 'Save recipe',
    saved: (name: string) => `Recipe “${name}” saved`,
    edit: (name: string) => `Edit ${name}`,
    editDialog: 'Edit recipe',
    addToSnack: 'Add to Snack',
    later: /^Tomorrow 15:30 is later than now\. Eaten already\?$/,
    makeItNow: 'Make it now',
    mealTime: /^Meal time: Today \d\d:\d\d$/,
    mealTimeAny: /^Meal time: /,
    picker: 'Meal time',
    nextMonth: 'Next month',
    firstRun: 'A few details for your goal',
    yearHint: 'Fill in your year of birth, height, weight and activity level to see a suggested goal.',
    dateWords: /date of birth/i,
    mine: 'My food',
    deleteTitle: 'Delete custom food?',
    delete: 'Delete',
    keptOne: (name: string) => `Deleted “${name}”. 1 saved meal still shows it as logged (1 food entry).`,
    keptTwo: (name: string) => `Deleted “${name}”. 2 saved meals still show it as logged (2 food entries).`,
    close: 'Close',
  },
  zh: {
    search: '搜索食物',
    recent: '最近',
    add: (name: string) => `添加 ${name}`,
    openBasket: /^打开餐篮/,
    basketLines: '餐篮中的食物',
    basket: '当前餐篮',
    serving: /^1 份 · 250 克$/,
    servingRow: /^食谱 1 份（250 克） /,
    quantity: '份量',
    servingBox: '1 份',
    closeBasket: '关闭餐篮',
    quickAddQuery: '300卡',
    quickAddRow: '快速添加 300 千卡',
    quickAddDialog: '快速添加到餐篮',
    calories: '热量（千卡）',
    addToBasket: '加入餐篮',
    quickAdded: '已将“快速添加”（300 千卡）加入餐篮',
    newRecipe: '新建食谱',
    recipeName: '名称',
    findFood: '查找要添加的食物',
    egg: '鸡蛋',
    pickEgg: '添加鸡蛋',
    amount: '鸡蛋的份量',
    portions: '鸡蛋的常用份量',
    mediumEgg: '1 个（中等）（50 克）',
    mediumEggWritten: '1 个（中等）',
    threeEggs: '3个',
    cups: '2 杯',
    cupsProblem: /“杯”是体积单位/,
    inGrams: (grams: number) => `= ${grams} 克`,
    saveRecipe: '保存食谱',
    saved: (name: string) => `食谱“${name}”已保存`,
    edit: (name: string) => `编辑${name}`,
    editDialog: '编辑食谱',
    addToSnack: '添加到加餐',
    later: /^明天 15:30晚于现在。已经吃过了吗？$/,
    makeItNow: '改为现在',
    mealTime: /^用餐时间: 今天 \d\d:\d\d$/,
    mealTimeAny: /^用餐时间: /,
    picker: '用餐时间',
    nextMonth: '下个月',
    firstRun: '填写几项信息，算出你的目标',
    yearHint: '填写出生年份、身高、体重和活动水平后，即可看到建议目标。',
    dateWords: /出生日期/,
    mine: '我的食物',
    deleteTitle: '删除自定义食物？',
    delete: '删除',
    keptOne: (name: string) => `已删除“${name}”。1 份已保存的餐食仍按记录时的数值保留它（共 1 条食物记录）。`,
    keptTwo: (name: string) => `已删除“${name}”。2 份已保存的餐食仍按记录时的数值保留它（共 2 条食物记录）。`,
    close: '关闭',
  },
} as const;

const LANGUAGES = ['en', 'zh'] as const;

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function searchFor(page: Page, label: string, query: string) {
  const box = page.getByRole('searchbox', { name: label });
  await box.fill(query);
  await box.press('Enter');
}

/** A meal of today with grams of one food, through the API. */
async function logMeal(request: APIRequestContext, token: string, foodIdToLog: number, quantity: number) {
  const created = await request.post('/api/v1/meals/create/', {
    headers: auth(token),
    data: { name: 'Lunch', date: new Date().toISOString(), meal_type: 'lunch', foods: [{ food_id: foodIdToLog, quantity }] },
  });
  expect(created.status(), await created.text()).toBe(201);
}

for (const language of LANGUAGES) {
  const text = TEXT[language];

  test(`a recipe's "+" adds one serving, not 100 g (${language})`, async ({ page, request }) => {
    const token = await signIn(page, request, language, `serving_${language}`);
    // 300 g of egg and 200 g of rice, 2 servings: one serving is 250 g.
    const name = language === 'en' ? 'Egg rice bowl' : '鸡蛋饭';
    const created = await request.post('/api/v1/recipes/create/', {
      headers: auth(token),
      data: {
        name: 'Egg rice bowl',
        ...(language === 'zh' ? { name_zh: name } : {}),
        servings: 2,
        ingredients: [
          { food_id: await foodId(request, token, 'egg'), quantity: 300 },
          { food_id: await foodId(request, token, 'rice'), quantity: 200 },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const recipe = (await created.json()).data as { id: number };
    // Logged once at 100 g, as a recipe's card used to start: the next "+" is still one serving.
    await logMeal(request, token, recipe.id, 100);

    await page.goto('/');
    const recent = page.getByRole('region', { name: text.recent, exact: true });
    const add = recent.getByRole('button', { name: text.add(name), exact: true });
    await expect(add).toHaveAccessibleDescription(text.servingRow);
    await add.tap();
    await page.getByRole('button', { name: text.openBasket }).tap();
    const lines = page.getByRole('dialog', { name: text.basket }).getByRole('list', { name: text.basketLines }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines.first().locator('.basket-line-amount')).toHaveText(text.serving);
    await page.screenshot({ path: test.info().outputPath(`recipe-serving-${language}.png`) });

    // Its card (the sheet a row opens) starts at one serving too.
    await page.getByRole('button', { name: text.closeBasket }).tap();
    await searchFor(page, text.search, 'Egg rice bowl');
    await page.getByRole('button', { name, exact: true }).first().tap();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: text.quantity })).toHaveValue(text.servingBox);
  });

  test(`"${text.quickAddQuery}" typed in the search is a quick add of 300 kcal, in two taps (${language})`, async ({ page, request }) => {
    await signIn(page, request, language, `kcal_${language}`);
    await page.goto('/');
    await searchFor(page, text.search, text.quickAddQuery);
    // One tap opens the quick add with the calories in it; one tap adds them.
    await page.getByRole('button', { name: text.quickAddRow }).tap();
    const dialog = page.getByRole('dialog', { name: text.quickAddDialog });
    await expect(dialog.getByLabel(text.calories)).toHaveValue('300');
    await page.screenshot({ path: test.info().outputPath(`quick-add-300-${language}.png`) });
    await dialog.getByRole('button', { name: text.addToBasket }).tap();
    await expect(toast(page, text.quickAdded)).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('mealCart') ?? '[]'))).toEqual([
      { id: expect.any(String), quick_add: { calories: 300 } },
    ]);
  });

  test(`a recipe ingredient takes its food's units and portions (${language})`, async ({ page, request }) => {
    const token = await signIn(page, request, language, `units_${language}`);
    const name = language === 'en' ? 'Egg cups' : '蛋杯';
    await page.goto('/recipes');
    await page.getByRole('button', { name: text.newRecipe }).tap();
    const editor = page.getByRole('dialog', { name: text.newRecipe });
    await editor.getByLabel(text.recipeName, { exact: true }).fill(name);
    const find = editor.getByRole('searchbox', { name: text.findFood });
    await find.fill('egg');
    await find.press('Enter');
    await editor.getByRole('button', { name: text.pickEgg, exact: true }).tap();
    const amount = editor.getByRole('textbox', { name: text.amount });
    await expect(amount).toHaveValue('100');

    // A portion tapped is written in the box, with what it weighs beside it.
    await editor.getByRole('group', { name: text.portions }).getByRole('button', { name: text.mediumEgg }).tap();
    await expect(amount).toHaveValue(text.mediumEggWritten);
    await expect(editor.getByText(text.inGrams(50), { exact: true })).toBeVisible();
    // A unit typed, as in the basket.
    await amount.fill(text.threeEggs);
    await expect(editor.getByText(text.inGrams(150), { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`recipe-units-${language}.png`) });
    // One the food does not know says why.
    await amount.fill(text.cups);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(text.cupsProblem);
    await amount.fill(text.threeEggs);
    await editor.getByRole('button', { name: text.saveRecipe }).tap();
    await expect(toast(page, text.saved(name))).toBeVisible();

    // Saved as typed, and 150 g; opened again, the amount is as typed.
    const listed = await request.get('/api/v1/recipes/', { headers: auth(token) });
    const [saved] = (await listed.json()).data.recipes as { ingredients: { quantity: number; amount: string | null }[] }[];
    expect(saved?.ingredients).toEqual([expect.objectContaining({ quantity: 150, amount: text.threeEggs })]);
    await page.getByRole('button', { name: text.edit(name) }).tap();
    await expect(page.getByRole('dialog', { name: text.editDialog }).getByRole('textbox', { name: text.amount })).toHaveValue(text.threeEggs);
  });

  test(`the basket offers no day to come, and says when its time is later than now (${language})`, async ({ page, request }) => {
    await signIn(page, request, language, `future_${language}`);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    // "+ Add" under tomorrow's snack: a meal for tomorrow, said plainly once the basket holds a food.
    await page.goto(`/dashboard?date=${localDay(tomorrow)}`);
    await page.getByRole('link', { name: text.addToSnack }).tap();
    await searchFor(page, text.search, 'rice');
    await page.getByRole('button', { name: /^(Add|添加) / }).first().tap();
    await page.getByRole('button', { name: text.openBasket }).tap();
    const sheet = page.getByRole('dialog', { name: text.basket });
    const note = sheet.getByText(text.later);
    await expect(note).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`basket-future-${language}.png`) });
    await sheet.getByRole('button', { name: text.makeItNow }).tap();
    await expect(note).toBeHidden();
    const trigger = sheet.getByRole('button', { name: text.mealTime });
    await expect(trigger).toBeVisible();

    // The calendar: today can be picked, tomorrow and the months after cannot.
    await trigger.tap();
    const picker = sheet.getByRole('dialog', { name: text.picker });
    const locale = language === 'zh' ? 'zh-CN' : 'en-US';
    const [todayName, tomorrowName] = await page.evaluate(
      ([tag, next]) => [new Date(), new Date(next)].map((day) => new Intl.DateTimeFormat(tag, { dateStyle: 'full' }).format(day)),
      [locale, tomorrow.getTime()] as const,
    );
    await expect(picker.getByRole('button', { name: todayName, exact: true }).first()).toBeEnabled();
    await expect(picker.getByRole('button', { name: tomorrowName, exact: true }).first()).toBeDisabled();
    await expect(picker.getByRole('button', { name: text.nextMonth })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath(`basket-calendar-${language}.png`) });
  });

  test(`the first-run hint names the year of birth it asks for (${language})`, async ({ page, request }) => {
    const username = await signUp(request, `year_${language}`);
    const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
    await storeSession(page, (await login.json()).data, language);
    // As right after sign-up.
    await page.evaluate((name) => localStorage.setItem('firstRunFor', name), username);
    await page.goto('/dashboard');
    const step = page.getByRole('dialog', { name: text.firstRun });
    await expect(step.getByText(text.yearHint, { exact: true })).toBeVisible();
    await expect(step).not.toContainText(text.dateWords);
  });

  test(`a food deleted from saved meals is counted in good grammar (${language})`, async ({ page, request }) => {
    const token = await signIn(page, request, language, `kept_${language}`);
    const name = language === 'en' ? 'Granny’s flapjack' : '外婆的燕麦棒';
    const keep = async (meals: number) => {
      const created = await request.post('/api/v1/foods/create/', {
        headers: auth(token),
        data: { name, calories: 420, protein: 6, fat: 18, carbs: 58 },
      });
      expect(created.status(), await created.text()).toBe(201);
      const id = (await created.json()).data.id as number;
      for (let i = 0; i < meals; i += 1) await logMeal(request, token, id, 60);
    };
    const deleteIt = async () => {
      await page.goto('/');
      await page.getByRole('button', { name: text.mine }).tap();
      await page.getByRole('button', { name, exact: true }).tap();
      await page.getByRole('dialog').getByRole('button', { name: text.delete, exact: true }).tap();
      await page.getByRole('alertdialog', { name: text.deleteTitle }).getByRole('button', { name: text.delete, exact: true }).tap();
    };
    await keep(1);
    await deleteIt();
    await expect(toast(page, text.keptOne(name))).toBeVisible();
    await keep(2);
    await deleteIt();
    await expect(toast(page, text.keptTwo(name))).toBeVisible();
  });
}

test('no "no exact match" above the food named as typed, 切达奶酪 (zh)', async ({ page, request }) => {
  await signIn(page, request, 'zh', 'cheddar_zh');
  // The search ranks 切达奶酪 first and calls it exact today; the issue saw it answered as
  // only the closest (exact false). The real answer, marked so: the page must still know
  // the food named as typed is a match.
  await page.route('**/api/v1/foods/search/?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: { ...body.data, exact: false } } });
  });

  await page.goto('/');
  await searchFor(page, TEXT.zh.search, '切达奶酪');
  const results = page.getByRole('region', { name: '“切达奶酪”的搜索结果' });
  await expect(results.getByRole('button', { name: '添加 切达奶酪', exact: true })).toBeVisible();
  await expect(results).not.toContainText('没有完全匹配');
  await page.screenshot({ path: test.info().outputPath('cheddar-zh.png') });

  // A query no food is named by still says so, above the closest foods.
  await searchFor(page, TEXT.zh.search, '切达');
  await expect(page.getByRole('region', { name: '“切达”的搜索结果' })).toContainText('没有完全匹配“切达”的食物，最接近的是：');
});
