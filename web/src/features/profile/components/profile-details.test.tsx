import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann', email: 'ann@example.com', email_verified: true };
const thirtyYearsAgo = `${new Date().getFullYear() - 30}-01-01`;

function profileBody(profile: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  return {
    success: true,
    data: {
      user: { username: 'ann', email: 'ann@example.com', nickname: 'Ann', ...user },
      profile: {
        date_of_birth: thirtyYearsAgo,
        gender: 'female',
        height: 175,
        weight: 70,
        daily_calorie_goal: 2000,
        ...profile,
      },
    },
  };
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
    expect(fact('Age')).toBe('Not set');
    expect(fact('Nickname')).toBe('Not set');
    expect(fact('Email')).toContain('Not verified');
    expect(within(details()).getByRole('link', { name: 'Resend verification email' })).toHaveAttribute(
      'href',
      '/resend-verification',
    );
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
          error: { message: 'height must be between 50 and 272 cm', code: 'VALIDATION_ERROR' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.clear(within(details()).getByLabelText('Height (cm)'));
    await user.type(within(details()).getByLabelText('Height (cm)'), '400');
    await user.click(within(details()).getByRole('button', { name: 'Save' }));

    expect(await within(details()).findByRole('alert')).toHaveTextContent('height must be between 50 and 272 cm');
    expect(within(details()).getByLabelText('Height (cm)')).toHaveValue(400);
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

  it('does not send an empty required number', async () => {
    const { user, calls } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.clear(within(details()).getByLabelText('Weight (kg)'));
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    expect(within(details()).getByLabelText('Weight (kg)')).toBeInvalid();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
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
});
