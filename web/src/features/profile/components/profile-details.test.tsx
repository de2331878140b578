import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { profileBody as answeredProfile } from '@/testing/profile';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann', email: 'ann@example.com', email_verified: true };
const thirtyYearsAgo = `${new Date().getFullYear() - 30}-01-01`;

/** Ann's profile once her body data is set (30 years old, female), `profile` and `user` over it. */
function profileBody(profile: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  return answeredProfile({ date_of_birth: thirtyYearsAgo, gender: 'female', body_data_set: true, ...profile }, user);
}

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

async function openProfile(routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': { body: { success: true, data: ann } },
    'GET /api/v1/users/profile/': { body: profileBody() },
    ...routes,
  });
  rememberSession(ann);
  const rendered = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return { ...mock, ...rendered };
}

const details = () => screen.getByRole('region', { name: 'Personal details' });
const bmi = () => screen.getByRole('region', { name: 'Body mass index (BMI)' });
function fact(label: string): string {
  const term = within(details()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('profile page', () => {
  it('shows a loading state, then the profile with age and BMI', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    await openProfile({ 'GET /api/v1/users/profile/': () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading your profile…')).toBeInTheDocument();
    answer({ body: profileBody() });

    await screen.findByRole('region', { name: 'Personal details' });
    expect(fact('Username')).toBe('ann');
    expect(fact('Nickname')).toBe('Ann');
    expect(fact('Email')).toContain('ann@example.com');
    expect(fact('Email')).toContain('Verified');
    expect(fact('Age')).toBe('30 years');
    expect(fact('Gender')).toBe('Female');
    expect(fact('Height (cm)')).toBe('175');
    expect(fact('Weight (kg)')).toBe('70');
    expect(fact('Daily calorie goal (kcal)')).toBe('2,000');
    expect(fact('Activity level')).toBe('Not set yet');
    expect(fact('Macro goals')).toBe('Default: 20% protein, 30% fat, 50% carbs');

    expect(within(bmi()).getByTestId('bmi-value')).toHaveTextContent('22.9');
    expect(within(bmi()).getByText('Normal', { selector: '.bmi-category' })).toBeInTheDocument();
    const meter = within(bmi()).getByRole('meter', { name: 'BMI scale' });
    expect(meter).toHaveAttribute('aria-valuetext', 'BMI 22.9, Normal');
    expect(meter).toHaveAttribute('aria-valuenow', '22.9');
  });

  it('says what is not set and offers to resend an unverified email', async () => {
    mockFetch({
      'GET /api/v1/auth/user/': { body: { success: true, data: { ...ann, email_verified: false } } },
      'GET /api/v1/users/profile/': { body: profileBody({ date_of_birth: null }, { nickname: '' }) },
    });
    rememberSession({ ...ann, email_verified: false });
    renderApp('/profile');
    await screen.findByRole('region', { name: 'Personal details' });
    expect(fact('Age')).toBe('Not set yet');
    expect(fact('Nickname')).toBe('Not set yet');
    expect(fact('Email')).toContain('Not verified');
    expect(within(details()).getByRole('link', { name: 'Resend verification email' })).toHaveAttribute(
      'href',
      '/resend-verification',
    );
  });

  it('shows the defaults of a profile without body data as not set yet, not as the person’s', async () => {
    const { user } = await openProfile({
      'GET /api/v1/users/profile/': {
        body: profileBody({ date_of_birth: null, gender: 'male', body_data_set: false }),
      },
    });
    await screen.findByRole('region', { name: 'Personal details' });
    for (const label of ['Age', 'Gender', 'Height (cm)', 'Weight (kg)']) expect(fact(label)).toBe('Not set yet');
    expect(within(bmi()).queryByRole('meter')).not.toBeInTheDocument();
    expect(within(bmi()).queryByText('Normal')).not.toBeInTheDocument();
    expect(bmi()).toHaveTextContent('Not set yet: enter your height and weight to see your BMI.');
    await user.click(within(bmi()).getByRole('button', { name: 'Add height and weight' }));
    expect(within(details()).getByLabelText('Height (cm)')).toBeInTheDocument();
  });

  for (const [weight, value, category] of [
    [50, '16.3', 'Underweight'],
    [80, '26.1', 'Overweight'],
    [100, '32.7', 'Obese'],
  ] as const) {
    it(`shows BMI ${value} as ${category}`, async () => {
      await openProfile({ 'GET /api/v1/users/profile/': { body: profileBody({ weight }) } });
      await screen.findByRole('region', { name: 'Personal details' });
      expect(within(bmi()).getByTestId('bmi-value')).toHaveTextContent(value);
      expect(within(bmi()).getByRole('meter')).toHaveAttribute('aria-valuetext', `BMI ${value}, ${category}`);
    });
  }

  it('on a failed load shows the error with a retry, and no made-up data', async () => {
    let fail = true;
    const { user, calls } = await openProfile({
      'GET /api/v1/users/profile/': () =>
        fail
          ? { status: 404, body: { success: false, error: { message: 'Profile not found', code: 'NOT_FOUND' } } }
          : { body: profileBody() },
    });
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Body mass index (BMI)' })).not.toBeInTheDocument();
    expect(screen.queryByText('175')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Body mass index (BMI)' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load profile')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/users/profile/')).toHaveLength(2);
  });

  it('edits and saves, then shows what the server saved with the new BMI', async () => {
    const { user, calls } = await openProfile({
      'PUT /api/v1/users/profile/': (call) => {
        const body = call.body as Record<string, unknown>;
        return { body: profileBody({ ...body, nickname: undefined }, { nickname: body.nickname }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = details();
    expect(within(form).getByLabelText('Nickname')).toHaveValue('Ann');
    expect(within(form).getByLabelText('Date of birth')).toHaveValue(thirtyYearsAgo);
    expect(within(form).getByLabelText('Gender')).toHaveValue('female');
    expect(within(form).getByLabelText('Weight (kg)')).toHaveAttribute('step', '0.1');

    await user.clear(within(form).getByLabelText('Nickname'));
    await user.type(within(form).getByLabelText('Nickname'), 'Annie');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'other');
    await user.clear(within(form).getByLabelText('Height (cm)'));
    await user.type(within(form).getByLabelText('Height (cm)'), '180');
    await user.clear(within(form).getByLabelText('Weight (kg)'));
    await user.type(within(form).getByLabelText('Weight (kg)'), '81.5');
    await user.clear(within(form).getByLabelText('Daily calorie goal (kcal)'));
    await user.type(within(form).getByLabelText('Daily calorie goal (kcal)'), '2200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/v1/users/profile/');
    expect(put?.body).toEqual({
      nickname: 'Annie',
      date_of_birth: thirtyYearsAgo,
      gender: 'other',
      height: 180,
      weight: 81.5,
      daily_calorie_goal: 2200,
      activity_level: null,
      macro_goal_unit: null,
      protein_goal: null,
      fat_goal: null,
      carbs_goal: null,
    });
    expect(fact('Height (cm)')).toBe('180');
    expect(fact('Weight (kg)')).toBe('81.5');
    expect(fact('Gender')).toBe('Other');
    expect(fact('Daily calorie goal (kcal)')).toBe('2,200');
    expect(within(bmi()).getByTestId('bmi-value')).toHaveTextContent('25.2');
    expect(within(bmi()).getByRole('meter')).toHaveAttribute('aria-valuetext', 'BMI 25.2, Overweight');
    // The navigation shows the new nickname.
    expect(screen.getByRole('banner')).toHaveTextContent('Annie');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ nickname: 'Annie' });
    // Saved values are not fetched again: the answer is the new state.
    expect(calls.filter((call) => call.path === '/api/v1/users/profile/' && call.method === 'GET')).toHaveLength(1);
  });

  it('sends an empty date of birth as null', async () => {
    const { user, calls } = await openProfile({ 'PUT /api/v1/users/profile/': { body: profileBody() } });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.clear(within(details()).getByLabelText('Date of birth'));
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ date_of_birth: null }));
  });

  it('cancel restores the previous values without a call', async () => {
    const { user, calls } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.clear(within(details()).getByLabelText('Weight (kg)'));
    await user.type(within(details()).getByLabelText('Weight (kg)'), '95');
    await user.click(within(details()).getByRole('button', { name: 'Cancel' }));

    expect(fact('Weight (kg)')).toBe('70');
    expect(within(bmi()).getByTestId('bmi-value')).toHaveTextContent('22.9');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(within(details()).getByLabelText('Weight (kg)')).toHaveValue(70);
  });

  it('on a refused save shows the server message, keeps the edits and claims no success', async () => {
    const { user } = await openProfile({
      'PUT /api/v1/users/profile/': {
        status: 422,
        body: {
          success: false,
          error: { message: 'Percent macro goals must add up to 100', code: 'VALIDATION_ERROR' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.clear(within(details()).getByLabelText('Height (cm)'));
    await user.type(within(details()).getByLabelText('Height (cm)'), '190');
    await user.click(within(details()).getByRole('button', { name: 'Save' }));

    expect(await within(details()).findByRole('alert')).toHaveTextContent('Percent macro goals must add up to 100');
    expect(within(details()).getByLabelText('Height (cm)')).toHaveValue(190);
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
    // The BMI still reflects what the server holds.
    expect(within(bmi()).getByTestId('bmi-value')).toHaveTextContent('22.9');
  });

  it("falls back to 'Failed to update profile'", async () => {
    const { user } = await openProfile({ 'PUT /api/v1/users/profile/': { status: 500, body: { success: false } } });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    expect(await within(details()).findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it('checks the values before sending, with each message by its field', async () => {
    const { user, calls } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = details();
    const set = async (label: string, value: string) => {
      await user.clear(within(form).getByLabelText(label));
      if (value) await user.type(within(form).getByLabelText(label), value);
    };
    await set('Height (cm)', '400');
    await set('Weight (kg)', '');
    await set('Daily calorie goal (kcal)', '200');
    await set('Date of birth', `${new Date().getFullYear() + 1}-01-01`);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(within(form).getByLabelText('Height (cm)')).toHaveAccessibleDescription('Enter a height from 50 to 272 cm');
    expect(within(form).getByLabelText('Height (cm)')).toBeInvalid();
    expect(within(form).getByLabelText('Weight (kg)')).toHaveAccessibleDescription('Enter a weight from 2 to 650 kg');
    expect(within(form).getByLabelText('Daily calorie goal (kcal)')).toHaveAccessibleDescription(
      'Enter a goal from 500 to 10,000 kcal',
    );
    expect(within(form).getByLabelText('Date of birth')).toHaveAccessibleDescription('The date of birth must be in the past');
    // The first field with a problem takes the focus.
    expect(within(form).getByLabelText('Date of birth')).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // A field's message goes as it is corrected.
    await set('Height (cm)', '180');
    expect(within(form).getByLabelText('Height (cm)')).not.toHaveAccessibleDescription();
    expect(within(form).getByLabelText('Height (cm)')).toBeValid();
  });

  it('refuses percent goals that do not add up to 100, and half-filled goals', async () => {
    const { user, calls } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = details();
    await user.click(within(form).getByRole('button', { name: '% of calories' }));
    await user.type(within(form).getByLabelText('Protein (%)'), '30');
    await user.type(within(form).getByLabelText('Fat (%)'), '30');
    expect(form).toHaveTextContent('Total 60%');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('group', { name: 'Macro goals' })).toHaveAccessibleDescription(
      'Fill in all three, or leave all three empty',
    );
    expect(within(form).getByLabelText('Carbs (%)')).toBeInvalid();
    expect(within(form).getByLabelText('Protein (%)')).toBeValid();

    await user.type(within(form).getByLabelText('Carbs (%)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('group', { name: 'Macro goals' })).toHaveAccessibleDescription(
      'The percentages add up to 90%; they must add up to 100%',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('sends the activity level and percent macro goals, and shows them', async () => {
    const { user, calls } = await openProfile({
      'PUT /api/v1/users/profile/': (call) => ({ body: profileBody(call.body as Record<string, unknown>) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = details();
    await user.click(within(form).getByRole('radio', { name: 'Very active' }));
    expect(within(form).getByRole('radio', { name: 'Very active' })).toHaveAccessibleDescription(
      'Hard exercise 6–7 days a week',
    );
    await user.click(within(form).getByRole('button', { name: '% of calories' }));
    await user.type(within(form).getByLabelText('Protein (%)'), '25');
    await user.type(within(form).getByLabelText('Fat (%)'), '25');
    await user.type(within(form).getByLabelText('Carbs (%)'), '50');
    expect(form).toHaveTextContent('Total 100%');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      activity_level: 'very_active',
      macro_goal_unit: 'percent',
      protein_goal: 25,
      fat_goal: 25,
      carbs_goal: 50,
    });
    expect(fact('Activity level')).toBe('Very active');
    expect(fact('Macro goals')).toBe('Protein 25% · Fat 25% · Carbs 50%');
  });

  it('turns gram goals into percent of the calorie goal when the unit changes', async () => {
    const { user } = await openProfile({
      'GET /api/v1/users/profile/': {
        body: profileBody({ macro_goal_unit: 'g', protein_goal: 100, fat_goal: 67, carbs_goal: 250 }),
      },
    });
    expect(fact('Macro goals')).toBe('Protein 100 g · Fat 67 g · Carbs 250 g');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = details();
    expect(within(form).getByLabelText('Protein (g)')).toHaveValue(100);
    await user.click(within(form).getByRole('button', { name: '% of calories' }));
    expect(within(form).getByLabelText('Protein (%)')).toHaveValue(20);
    expect(within(form).getByLabelText('Fat (%)')).toHaveValue(30);
    expect(within(form).getByLabelText('Carbs (%)')).toHaveValue(50);
  });

  it('suggests a goal from Mifflin-St Jeor with the sum shown, and uses it on request', async () => {
    const { user, calls } = await openProfile({ 'PUT /api/v1/users/profile/': { body: profileBody() } });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = details();
    expect(form).toHaveTextContent('Fill in your date of birth, height, weight and activity level to see a suggested goal.');
    await user.click(within(form).getByRole('radio', { name: 'Moderately active' }));
    // A woman of 30, 70 kg, 175 cm: 700 + 1093.75 − 150 − 161 = 1,483 (rounded).
    const suggestion = within(form).getByRole('group', { name: 'Suggested goal' });
    expect(suggestion).toHaveTextContent('BMR 1,483 kcal × 1.55 moderately active = 2,299 kcal');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'male');
    expect(suggestion).toHaveTextContent('BMR 1,649 kcal × 1.55 moderately active = 2,556 kcal');

    await user.click(within(suggestion).getByRole('button', { name: 'Use this' }));
    expect(within(form).getByLabelText('Daily calorie goal (kcal)')).toHaveValue(2556);
    expect(within(suggestion).getByRole('button', { name: 'Use this' })).toBeDisabled();
    // The person may still type their own.
    await user.clear(within(form).getByLabelText('Daily calorie goal (kcal)'));
    await user.type(within(form).getByLabelText('Daily calorie goal (kcal)'), '2400');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        daily_calorie_goal: 2400,
        activity_level: 'moderately_active',
        gender: 'male',
      }),
    );
  });

  it('neither offers nor sends goals to a server that does not keep them', async () => {
    const { date_of_birth, gender, height, weight, daily_calorie_goal, body_data_set } = profileBody().data.profile;
    const older = {
      user: profileBody().data.user,
      profile: { date_of_birth, gender, height, weight, daily_calorie_goal, body_data_set },
    };
    const { user, calls } = await openProfile({
      'GET /api/v1/users/profile/': { body: { success: true, data: older } },
      'PUT /api/v1/users/profile/': { body: { success: true, data: older } },
    });
    await screen.findByRole('region', { name: 'Personal details' });
    expect(within(details()).queryByText('Activity level')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(within(details()).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(details()).queryByRole('group', { name: 'Macro goals' })).not.toBeInTheDocument();
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(Object.keys(calls.find((call) => call.method === 'PUT')?.body as object)).toEqual([
      'nickname',
      'date_of_birth',
      'gender',
      'height',
      'weight',
      'daily_calorie_goal',
    ]);
  });

  it('opens at the goals from the dashboard link', async () => {
    // jsdom does not lay out, so it has no scrolling.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    mockFetch({
      'GET /api/v1/auth/user/': { body: { success: true, data: ann } },
      'GET /api/v1/users/profile/': { body: profileBody() },
    });
    rememberSession(ann);
    renderApp('/profile?edit=goals');
    const sedentary = await screen.findByRole('radio', { name: 'Sedentary' });
    expect(sedentary).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Macro goals' })).toBeVisible();
  });

  it('opens the form from the vitamin targets\' link, the birth date and sex at its top', async () => {
    mockFetch({
      'GET /api/v1/auth/user/': { body: { success: true, data: ann } },
      'GET /api/v1/users/profile/': { body: profileBody() },
    });
    rememberSession(ann);
    renderApp('/profile?edit=body');
    expect(await screen.findByLabelText('Date of birth')).toBeInTheDocument();
    expect(screen.getByLabelText('Gender')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    mockFetch({
      'GET /api/v1/auth/user/': { body: { success: true, data: ann } },
      'GET /api/v1/users/profile/': { body: profileBody() },
    });
    rememberSession(ann);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: '个人资料' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: '身体质量指数（BMI）' });
    expect(within(panel).getByRole('meter')).toHaveAttribute('aria-valuetext', 'BMI 22.9，正常');
    expect(screen.getByText('30 岁')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '账户设置' })).toBeInTheDocument();
  });

  it('suggests a goal and checks values in Chinese', async () => {
    await i18n.changeLanguage('zh');
    mockFetch({
      'GET /api/v1/auth/user/': { body: { success: true, data: ann } },
      'GET /api/v1/users/profile/': { body: profileBody({ activity_level: 'sedentary' }) },
    });
    rememberSession(ann);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '编辑资料' }));
    const form = screen.getByRole('region', { name: '个人信息' });
    expect(within(form).getByRole('group', { name: '建议目标' })).toHaveTextContent(
      '基础代谢 1,483 千卡 × 1.2（久坐）= 1,780 千卡',
    );
    await user.clear(within(form).getByLabelText('身高（厘米）'));
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByLabelText('身高（厘米）')).toHaveAccessibleDescription('请输入 50 到 272 厘米之间的身高');
  });
});
