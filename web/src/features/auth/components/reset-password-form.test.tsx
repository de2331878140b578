import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { i18n } from '@/lib/i18n';
import { mockFetch, type MockReply } from '@/testing/fetch-mock';
import { fakeTimerUserEvent, renderApp, renderWithProviders } from '@/testing/render';

const CALL = 'POST /api/v1/auth/password-reset-confirm';
const location = () => screen.getByTestId('location');
const submitButton = () => screen.getByRole('button', { name: 'Reset password' });

// The router moves inside a transition: the old page stays until the lazily loaded next
// one is ready. Loading it once here keeps the timing tests about the 2 s delay.
beforeAll(async () => {
  await import('@/app/routes/forgot-password');
});

afterEach(() => {
  vi.useRealTimers();
});

async function open(reply?: MockReply | (() => Promise<MockReply>), options: { fakeTimers?: boolean } = {}) {
  const mock = mockFetch(reply ? { [CALL]: reply } : {});
  const rendered = renderApp('/reset-password/reset-tok', options.fakeTimers ? { userEvent: fakeTimerUserEvent } : {});
  await screen.findByRole('heading', { level: 1, name: 'Reset password' });
  return { ...mock, ...rendered };
}

async function fill(user: Awaited<ReturnType<typeof open>>['user'], password: string, confirm = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('reset password page', () => {
  it('enables submit only when both fields are filled and equal', async () => {
    const { user } = await open();
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'Abcdefg1');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm new password'), 'Abcdefg2');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Abcdefg1');
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  const rules: Array<[string, string]> = [
    ['Ab1', 'Password must be at least 8 characters long'],
    ['ABCDEFG1', 'Password must contain at least one lowercase letter'],
    ['abcdefg1', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh', 'Password must contain at least one number'],
  ];
  for (const [password, message] of rules) {
    it(`checks the rules before calling: ${message}`, async () => {
      const { user, calls } = await open();
      await fill(user, password);
      await user.click(submitButton());
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(calls).toEqual([]);
    });
  }

  it('sends the token and password, then shows success with a way to log in', async () => {
    const { user, calls } = await open({
      body: { success: true, data: { message: 'Your password has been reset. Please log in.' } },
    });
    await fill(user, 'NewPassw0rd');
    await user.click(submitButton());

    expect(await screen.findByText('Your password has been reset. Please log in.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'reset-tok', password: 'NewPassw0rd' });
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();

    const card = screen.getByRole('heading', { level: 1, name: 'Reset password' }).closest('.card');
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    await user.click(within(card).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  const linkErrors: Array<[string, string]> = [
    ['TOKEN_EXPIRED', 'This password reset link has expired'],
    ['INVALID_TOKEN', 'Invalid password reset link'],
  ];
  for (const [code, message] of linkErrors) {
    it(`on ${code} shows the message and goes to /forgot-password after 2 s`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { user } = await open(
        { status: 400, body: { success: false, error: { message, code } } },
        { fakeTimers: true },
      );
      await fill(user, 'NewPassw0rd');
      await user.click(submitButton());

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      act(() => vi.advanceTimersByTime(1000));
      expect(location()).toHaveTextContent('/reset-password/reset-tok');
      act(() => vi.advanceTimersByTime(1100));
      await waitFor(() => expect(location()).toHaveTextContent(/^\/forgot-password$/), { timeout: 4000 });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Forgot password' }, { timeout: 4000 }),
      ).toBeInTheDocument();
    });
  }

  it('shows any other server message as received, and stays', async () => {
    const { user } = await open({
      status: 422,
      body: {
        success: false,
        error: { message: 'Password must contain at least one number', code: 'VALIDATION_ERROR' },
      },
    });
    await fill(user, 'NewPassw0rd');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must contain at least one number');
    expect(location()).toHaveTextContent('/reset-password/reset-tok');
    expect(screen.getByLabelText('New password')).toHaveValue('NewPassw0rd');
  });

  it("falls back to 'Failed to reset password' without a server message", async () => {
    const { user } = await open({ status: 500, body: { success: false } });
    await fill(user, 'NewPassw0rd');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });

  it("says 'An unexpected error occurred' when no answer comes", async () => {
    const { user } = await open(() => Promise.reject(new TypeError('fetch failed')));
    await fill(user, 'NewPassw0rd');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });

  it("without a token says 'Invalid password reset link' and goes to /forgot-password", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch();
    renderWithProviders(<ResetPasswordForm token="" />, '/reset-password/');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid password reset link');
    act(() => vi.advanceTimersByTime(1000));
    expect(location()).toHaveTextContent('/reset-password/');
    act(() => vi.advanceTimersByTime(1100));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/forgot-password$/));
    expect(calls).toEqual([]);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    mockFetch();
    const { user } = renderApp('/reset-password/reset-tok');
    const form = (await screen.findByRole('heading', { level: 1, name: '重置密码' })).closest('.card');
    if (!(form instanceof HTMLElement)) throw new Error('no card');
    await user.type(within(form).getByLabelText('新密码'), 'abc');
    await user.type(within(form).getByLabelText('确认新密码'), 'abc');
    await user.click(within(form).getByRole('button', { name: '重置密码' }));
    expect(screen.getByRole('alert')).toHaveTextContent('密码长度至少为 8 个字符');
  });
});
