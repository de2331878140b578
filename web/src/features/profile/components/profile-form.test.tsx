import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '@/features/profile/api/get-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall } from '@/testing/fetch-mock';
import { profileBody } from '@/testing/profile';
import { renderWithProviders } from '@/testing/render';

/** A profile from a server that keeps the weight plan, `fields` over it. */
const withAim = (fields: Record<string, unknown> = {}) =>
  profileBody({ body_data_set: true, weight_aim_kg_per_week: null, ...fields }).data as ProfileResponse;

function serve() {
  return mockFetch({
    'PUT /api/v1/users/profile/': (call: MockCall) => ({
      body: profileBody({ body_data_set: true, ...(call.body as object) }),
    }),
  });
}

const putBodies = (calls: MockCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('profile form: the weight plan', () => {
  it('offers lose, keep and gain at the safe rates, and saves the one chosen', async () => {
    const { calls } = serve();
    rememberSession();
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<ProfileForm profile={withAim()} onCancel={() => undefined} onSaved={onSaved} />);
    const plan = screen.getByRole('combobox', { name: 'Weight plan' });
    expect(plan).toHaveValue('');
    expect([...(plan as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Not chosen',
      'Lose 1 kg a week',
      'Lose 0.75 kg a week',
      'Lose 0.5 kg a week',
      'Lose 0.25 kg a week',
      'Keep my weight',
      'Gain 0.25 kg a week',
      'Gain 0.5 kg a week',
    ]);
    await user.selectOptions(plan, 'Lose 0.5 kg a week');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(putBodies(calls)).toEqual([expect.objectContaining({ weight_aim_kg_per_week: -0.5 })]);
  });

  it('shows the plan saved, and clears it with Not chosen', async () => {
    const { calls } = serve();
    rememberSession();
    const onSaved = vi.fn();
    const { user } = renderWithProviders(
      <ProfileForm profile={withAim({ weight_aim_kg_per_week: 0.25 })} onCancel={() => undefined} onSaved={onSaved} />,
    );
    const plan = screen.getByRole('combobox', { name: 'Weight plan' });
    expect(plan).toHaveDisplayValue('Gain 0.25 kg a week');
    await user.selectOptions(plan, 'Not chosen');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(putBodies(calls)).toEqual([expect.objectContaining({ weight_aim_kg_per_week: null })]);
  });

  it('is not offered, nor sent, to a server without it', async () => {
    const { calls } = serve();
    rememberSession();
    const onSaved = vi.fn();
    const profile = profileBody({ body_data_set: true }).data as ProfileResponse;
    const { user } = renderWithProviders(<ProfileForm profile={profile} onCancel={() => undefined} onSaved={onSaved} />);
    expect(screen.queryByRole('combobox', { name: 'Weight plan' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(putBodies(calls)[0]).not.toHaveProperty('weight_aim_kg_per_week');
  });

  it('says the plans in Chinese', async () => {
    await i18n.changeLanguage('zh');
    serve();
    rememberSession();
    renderWithProviders(<ProfileForm profile={withAim({ weight_aim_kg_per_week: -1 })} onCancel={() => undefined} onSaved={() => undefined} />);
    const plan = screen.getByRole('combobox', { name: '体重计划' });
    expect(plan).toHaveDisplayValue('每周减 1 千克');
    expect(screen.getByRole('option', { name: '保持体重' })).toBeInTheDocument();
  });
});
