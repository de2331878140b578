import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './support/session';

// Issue 33, point 7: a new profile does not pass the spec's defaults (male, 175 cm, 70 kg,
// BMI "Normal") off as the person's own. Right after sign-up a first-run step asks for sex,
// birth year, height, weight and activity and offers the goal they suggest; until body
// data is saved the profile says "not set yet". At 390 × 844, in both languages, counting
// the taps of the step.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const TEXT = {
  en: {
    logIn: 'Log in',
    welcome: 'Welcome',
    register: 'Register',
    username: 'Username',
    email: 'Email',
    firstName: 'First name',
    password: 'Password',
    create: 'Create account',
    step: 'A few details for your goal',
    gender: 'Gender',
    female: 'female',
    year: 'Year of birth',
    height: 'Height (cm)',
    weight: 'Weight (kg)',
    active: 'Lightly active',
    suggested: 'Suggested goal',
    use: 'Use this',
    goal: 'Daily calorie goal (kcal)',
    save: 'Save',
    later: 'Later',
    saved: /^Saved\. Your daily goal is [\d,]+ kcal, worked out from your details/,
    profile: 'Profile',
    details: 'Personal details',
    bmi: 'Body mass index (BMI)',
    notSet: 'Not set yet',
    navigation: 'Main navigation',
    menu: 'Menu',
  },
  zh: {
    logIn: '登录',
    welcome: '欢迎',
    register: '注册',
    username: '用户名',
    email: '邮箱',
    firstName: '名字',
    password: '密码',
    create: '创建账户',
    step: '填写几项信息，算出你的目标',
    gender: '性别',
    female: 'female',
    year: '出生年份',
    height: '身高（厘米）',
    weight: '体重（千克）',
    active: '轻度活动',
    suggested: '建议目标',
    use: '采用',
    goal: '每日卡路里目标（千卡）',
    save: '保存',
    later: '以后再说',
    saved: /^已保存。根据你的资料，每日目标为 [\d,]+ 千卡/,
    profile: '个人资料',
    details: '个人信息',
    bmi: '身体质量指数（BMI）',
    notSet: '尚未设置',
    navigation: '主导航',
    menu: '菜单',
  },
} as const;

type Language = keyof typeof TEXT;

/** Signs up through the login dialog, in `language`; answers the username. */
async function signUpHere(page: Page, language: Language): Promise<string> {
  const text = TEXT[language];
  const username = `first_${language}_${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/');
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: text.logIn }).tap();
  const dialog = page.getByRole('dialog', { name: text.welcome });
  await dialog.getByRole('tab', { name: text.register }).tap();
  await dialog.getByLabel(text.username).fill(username);
  await dialog.getByLabel(text.email).fill(`${username}@example.com`);
  await dialog.getByLabel(text.firstName).fill('Mei');
  await dialog.getByLabel(text.password).fill(PASSWORD);
  await dialog.getByRole('button', { name: text.create }).tap();
  return username;
}

async function profileOf(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/users/profile/', {
      headers: { Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}` },
    });
    return (await response.json()).data.profile as Record<string, unknown>;
  });
}

const fact = (page: Page, language: Language, label: string): Locator =>
  page
    .getByRole('region', { name: TEXT[language].details })
    .locator('.profile-fact')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

for (const language of ['en', 'zh'] as const) {
  const text = TEXT[language];

  test(`${language}: after sign-up the first-run step asks body data, offers the goal and saves it`, async ({ page }) => {
    await signUpHere(page, language);
    const step = page.getByRole('dialog', { name: text.step });
    await expect(step).toBeVisible();
    expect((await profileOf(page)).body_data_set).toBe(false);
    await expect(step.getByLabel(text.height)).toHaveValue('');

    // The step's taps: the sex, the activity, Save (typing aside); the goal follows the details.
    let taps = 0;
    await step.getByLabel(text.gender).selectOption(text.female);
    taps += 1;
    await step.getByLabel(text.year).fill('1990');
    await step.getByLabel(text.height).fill('162');
    await step.getByLabel(text.weight).fill('55');
    await step.getByRole('radio', { name: text.active }).tap();
    taps += 1;
    const suggestion = step.getByRole('group', { name: text.suggested });
    await expect(suggestion.getByRole('button', { name: text.use })).toBeDisabled();
    const goal = Number(await step.getByLabel(text.goal).inputValue());
    const save = step.getByRole('button', { name: text.save });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await save.tap();
    taps += 1;
    await expect(step).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    console.log(`PHONE_BENCH ${JSON.stringify({ language, task: 'first-run step', taps })}`);

    const saved = await profileOf(page);
    expect(saved).toMatchObject({ body_data_set: true, gender: 'female', height: 162, weight: 55, date_of_birth: '1990-07-01' });
    expect(saved.daily_calorie_goal).not.toBe(2000);
    expect(saved.daily_calorie_goal).toBe(goal);

    await page.goto('/profile');
    await expect(fact(page, language, text.height)).toHaveText('162');
    await expect(page.getByRole('region', { name: text.bmi }).getByRole('meter')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`first-run-profile-${language}.png`), fullPage: true });

    // Asked once: a reload does not ask again.
    await page.reload();
    await expect(page.getByRole('region', { name: text.details })).toBeVisible();
    await expect(page.getByRole('dialog', { name: text.step })).toBeHidden();
  });

  test(`${language}: "later" leaves the profile saying its body data is not set yet`, async ({ page }) => {
    await signUpHere(page, language);
    const step = page.getByRole('dialog', { name: text.step });
    await expect(step).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`first-run-step-${language}.png`), fullPage: true });
    await step.getByRole('button', { name: text.later }).tap();
    await expect(step).toBeHidden();

    await page.goto('/profile');
    for (const label of [text.gender, text.height, text.weight]) {
      await expect(fact(page, language, label)).toHaveText(text.notSet);
    }
    const bmi = page.getByRole('region', { name: text.bmi });
    await expect(bmi).toContainText(text.notSet);
    await expect(bmi.getByRole('meter')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`profile-not-set-${language}.png`), fullPage: true });
    await expect(page.getByRole('dialog', { name: text.step })).toBeHidden();
  });
}
