import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession } from '@/testing/fetch-mock';
import { profileBody } from '@/testing/profile';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann', email: 'ann@example.com', email_verified: true };

function justSignedUp(routes: Parameters<typeof mockFetch>[0] = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': { body: { success: true, data: ann } },
    'GET /api/v1/users/profile/': { body: profileBody({}) },
    ...routes,
  });
  rememberSession(ann);
  localStorage.setItem('firstRunFor', 'ann');
  return { ...mock, ...renderApp('/dashboard') };
}

describe('the first-run step after sign-up', () => {
  it('asks sex, birth year, height, weight and activity, offers the goal they suggest and saves them', async () => {
    const { user, calls } = justSignedUp({
      'PUT /api/v1/users/profile/': {
        body: profileBody({
          date_of_birth: '1990-07-01',
          gender: 'female',
          height: 162,
          weight: 55,
          activity_level: 'lightly_active',
          daily_calorie_goal: 1720,
          body_data_set: true,
        }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'A few details for your goal' });
    // The defaults are hints, not answers.
    expect(within(dialog).getByLabelText('Height (cm)')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Weight (kg)')).toHaveValue(null);
    expect(within(dialog).queryByLabelText('Nickname')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Macro goals' })).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Gender'), 'female');
    await user.type(within(dialog).getByLabelText('Year of birth'), '1990');
    await user.type(within(dialog).getByLabelText('Height (cm)'), '162');
    await user.type(within(dialog).getByLabelText('Weight (kg)'), '55');
    await user.click(within(dialog).getByRole('radio', { name: 'Lightly active' }));
    // The goal follows the details without a tap: the suggestion is already in the field.
    const suggestion = within(dialog).getByRole('group', { name: 'Suggested goal' });
    expect(within(suggestion).getByRole('button', { name: 'Use this' })).toBeDisabled();
    const goal = Number((within(dialog).getByLabelText('Daily calorie goal (kcal)') as HTMLInputElement).value);
    expect(goal).not.toBe(2000);
    expect(suggestion).toHaveTextContent(new Intl.NumberFormat('en').format(goal));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      date_of_birth: '1990-07-01',
      gender: 'female',
      height: 162,
      weight: 55,
      activity_level: 'lightly_active',
      daily_calorie_goal: goal,
    });
    expect(put?.body).not.toHaveProperty('nickname');
    expect(localStorage.getItem('firstRunFor')).toBeNull();
    expect(
      await screen.findByText(
        `Saved. Your daily goal is ${new Intl.NumberFormat('en').format(goal)} kcal, worked out from your details; change it any time in your profile.`,
      ),
    ).toBeInTheDocument();
  });

  it('keeps a goal the person typed, whatever the details say after it', async () => {
    const { user, calls } = justSignedUp({ 'PUT /api/v1/users/profile/': { body: profileBody({ body_data_set: true }) } });
    const dialog = await screen.findByRole('dialog', { name: 'A few details for your goal' });
    await user.type(within(dialog).getByLabelText('Year of birth'), '1990');
    await user.type(within(dialog).getByLabelText('Height (cm)'), '162');
    await user.click(within(dialog).getByRole('radio', { name: 'Lightly active' }));
    const field = within(dialog).getByLabelText('Daily calorie goal (kcal)');
    await user.clear(field);
    await user.type(field, '1800');
    await user.type(within(dialog).getByLabelText('Weight (kg)'), '55');
    expect(field).toHaveValue(1800);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ daily_calorie_goal: 1800 }));
    expect(await screen.findByText('Saved. Your daily goal is 1,800 kcal.')).toBeInTheDocument();
  });

  it('says what is wrong with a birth year that is no year', async () => {
    const { user, calls } = justSignedUp();
    const dialog = await screen.findByRole('dialog', { name: 'A few details for your goal' });
    await user.type(within(dialog).getByLabelText('Year of birth'), '199');
    await user.type(within(dialog).getByLabelText('Height (cm)'), '162');
    await user.type(within(dialog).getByLabelText('Weight (kg)'), '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Year of birth')).toHaveAccessibleDescription(
      'Enter the year you were born, such as 1990',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('names the year of birth, the field it asks for, in its hint and in its problem', async () => {
    const { user, calls } = justSignedUp();
    const dialog = await screen.findByRole('dialog', { name: 'A few details for your goal' });
    expect(dialog).toHaveTextContent('Fill in your year of birth, height, weight and activity level to see a suggested goal.');
    expect(dialog).not.toHaveTextContent(/date of birth/i);
    await user.type(within(dialog).getByLabelText('Year of birth'), String(new Date().getFullYear() + 1));
    await user.type(within(dialog).getByLabelText('Height (cm)'), '162');
    await user.type(within(dialog).getByLabelText('Weight (kg)'), '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Year of birth')).toHaveAccessibleDescription('The year of birth must be in the past');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('names the year of birth in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    justSignedUp();
    const dialog = await screen.findByRole('dialog', { name: '填写几项信息，算出你的目标' });
    expect(dialog).toHaveTextContent('填写出生年份、身高、体重和活动水平后，即可看到建议目标。');
    expect(dialog).not.toHaveTextContent('出生日期');
  });

  it('goes on "Later" and does not ask again', async () => {
    const { user } = justSignedUp();
    const dialog = await screen.findByRole('dialog', { name: 'A few details for your goal' });
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('firstRunFor')).toBeNull();
  });

  it('does not ask an account whose body data is set, nor one that did not just sign up', async () => {
    justSignedUp({ 'GET /api/v1/users/profile/': { body: profileBody({ body_data_set: true }) } });
    await waitFor(() => expect(localStorage.getItem('firstRunFor')).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks in Chinese', async () => {
    await i18n.changeLanguage('zh');
    justSignedUp();
    const dialog = await screen.findByRole('dialog', { name: '填写几项信息，算出你的目标' });
    expect(within(dialog).getByLabelText('出生年份')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '以后再说' })).toBeInTheDocument();
  });
});
