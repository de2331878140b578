import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { foodId, signIn } from './support/session';

// Issue 53 on a phone (390 × 844), in English and in Chinese: three weeks of meals and
// weights through the API, then the profile says the need it learned and how sure it is,
// the dashboard's weekly check-in asks once, and the suggested goal is taken in one tap.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'UTC' });

const TEXT = {
  en: {
    locale: 'en-US',
    card: 'Your daily energy need',
    need: (kcal: string) => `Your need looks like ${kcal} kcal a day`,
    confidence: { high: 'quite sure', medium: 'fairly sure', low: 'not sure yet' },
    based: '21 days logged in full and 21 days weighed, in the last 4 weeks.',
    aim: 'Goal for your aim (lose 0.5 kg a week)',
    take: (kcal: string) => `Set my goal to ${kcal} kcal`,
    goalNow: (kcal: string) => `Your goal now: ${kcal} kcal`,
    taken: (kcal: string) => `Your daily goal is now ${kcal} kcal`,
    checkIn: 'Weekly check-in',
    question: (need: string, difference: string, goal: string) =>
      `Your need looks like ${need} kcal a day, so your goal could be ${difference} kcal higher: ${goal} kcal. Update?`,
    notNow: 'Not now',
    details: 'Personal details',
    goalFact: 'Daily calorie goal (kcal)',
    chart: /^Weight from .* trend .* kg$/,
  },
  zh: {
    locale: 'zh-CN',
    card: '每日能量需求',
    need: (kcal: string) => `你每天大约需要 ${kcal} 千卡`,
    confidence: { high: '很有把握', medium: '比较有把握', low: '还不太确定' },
    based: '过去 4 周中有 21 天完整记录了饮食，21 天称了体重。',
    aim: '按你的计划（每周减 0.5 千克）的目标',
    take: (kcal: string) => `把目标设为 ${kcal} 千卡`,
    goalNow: (kcal: string) => `你现在的目标：${kcal} 千卡`,
    taken: (kcal: string) => `你的每日目标已设为 ${kcal} 千卡`,
    checkIn: '每周回顾',
    question: (need: string, difference: string, goal: string) =>
      `你每天的需求看起来约为 ${need} 千卡，目标可以提高 ${difference} 千卡，设为 ${goal} 千卡。要更新吗？`,
    notNow: '以后再说',
    details: '个人信息',
    goalFact: '每日卡路里目标（千卡）',
    chart: /^.* 的体重：称重 .* 千克，趋势 .* 千克$/,
  },
} as const;

const DAYS = 21;
/** The goal before: well under what three weeks of about 2,200 kcal and a loss of 0.5 kg a week give. */
const GOAL = 1600;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

type Estimate = {
  estimated_kcal_per_day: number;
  confidence: 'low' | 'medium' | 'high';
  suggested_goal_kcal: number;
  current_goal_kcal: number;
  days_used: number;
  days_weighed: number;
};

/**
 * Body data, a plan to lose 0.5 kg a week and a goal of 1,600 kcal, then 21 days up to
 * yesterday of about 2,200 kcal in three meals and a weight falling 0.5 kg a week with
 * water swings. Answers the server's estimate.
 */
async function threeWeeksLogged(request: APIRequestContext, token: string): Promise<Estimate> {
  const headers = { Authorization: `Bearer ${token}`, 'X-Time-Zone': 'UTC' };
  const profile = await request.put('/api/v1/users/profile/', {
    headers,
    data: {
      gender: 'male',
      date_of_birth: '1990-01-01',
      height: 180,
      weight: 82,
      activity_level: 'lightly_active',
      daily_calorie_goal: GOAL,
      weight_aim_kg_per_week: -0.5,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const rice = await foodId(request, token, 'rice');
  for (let daysAgo = DAYS; daysAgo >= 1; daysAgo -= 1) {
    const date = day(daysAgo);
    for (const [mealType, hour] of [['breakfast', 8], ['lunch', 12], ['dinner', 18]] as const) {
      date.setUTCHours(hour, 0, 0, 0);
      const meal = await request.post('/api/v1/meals/create/', {
        headers,
        data: { date: date.toISOString(), meal_type: mealType, foods: [{ food_id: rice, quantity: 560 }] },
      });
      expect(meal.status(), await meal.text()).toBe(201);
    }
    const swing = daysAgo % 2 === 0 ? 0.3 : -0.3;
    const weight = await request.post('/api/v1/meals/record-weight/', {
      headers,
      data: { date: dayKey(date), weight: Math.round((82 - ((DAYS - daysAgo) * 0.5) / 7 + swing) * 10) / 10 },
    });
    expect(weight.status(), await weight.text()).toBe(201);
  }
  const answer = await request.get('/api/v1/users/energy-expenditure/', { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as Estimate;
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const language of ['en', 'zh'] as const) {
  const text = TEXT[language];

  test(`three weeks logged: the need learned, how sure, the check-in, and the goal in one tap (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await signIn(page, request, language, `energy_${language}`);
    const estimate = await threeWeeksLogged(request, token);
    // The data carries it: the formula is not what is shown, and the goal is 100 kcal or more off.
    expect(estimate.confidence).not.toBe('low');
    expect(estimate.days_used).toBe(DAYS);
    expect(estimate.days_weighed).toBe(DAYS);
    const whole = new Intl.NumberFormat(text.locale, { maximumFractionDigits: 0 });
    const need = whole.format(estimate.estimated_kcal_per_day);
    const goal = Math.round(estimate.suggested_goal_kcal);
    const difference = goal - estimate.current_goal_kcal;
    expect(difference).toBeGreaterThanOrEqual(100);

    // The dashboard asks once a week; Not now keeps it away.
    await page.goto('/dashboard');
    const checkIn = page.getByRole('region', { name: text.checkIn });
    await expect(checkIn).toContainText(text.question(need, whole.format(difference), whole.format(goal)));
    await fitsThePhone(page);
    await checkIn.getByRole('button', { name: text.notNow }).tap();
    await expect(checkIn).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: text.checkIn })).toHaveCount(0);

    await page.goto('/profile');
    const card = page.getByRole('region', { name: text.card });
    await expect(card.getByText(text.need(need), { exact: true })).toBeVisible();
    await expect(card.getByText(text.confidence[estimate.confidence], { exact: true })).toBeVisible();
    await expect(card.getByText(text.based, { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: text.chart })).toBeVisible();
    await expect(card.locator('circle')).toHaveCount(DAYS);
    await expect(card.getByText(text.aim, { exact: true })).toBeVisible();
    await expect(card.getByText(text.goalNow(whole.format(GOAL)), { exact: true })).toBeVisible();
    await fitsThePhone(page);

    const take = card.getByRole('button', { name: text.take(whole.format(goal)) });
    await take.scrollIntoViewIfNeeded();
    await take.tap();
    await expect(page.getByRole('status').filter({ hasText: text.taken(whole.format(goal)) })).toBeVisible();
    await expect(card.getByText(text.goalNow(whole.format(goal)), { exact: true })).toBeVisible();
    await expect(take).toBeHidden();
    const goalFact = page
      .getByRole('region', { name: text.details })
      .locator('.profile-fact')
      .filter({ has: page.getByText(text.goalFact, { exact: true }) })
      .locator('dd');
    await expect(goalFact).toHaveText(whole.format(goal));
    await fitsThePhone(page);
  });
}
