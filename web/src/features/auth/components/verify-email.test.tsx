import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import { i18n } from '@/lib/i18n';
import { mockFetch } from '@/testing/fetch-mock';
import { renderApp, renderWithProviders } from '@/testing/render';

const location = () => screen.getByTestId('location');
const li = { id: 5, username: 'li_hua', nickname: 'Hua', email: 'li@example.com', email_verified: true };

// The router moves inside a transition: the old page stays until the lazily loaded next
// one is ready. Loading it once here keeps the timing tests about the 2 s delay.
beforeAll(async () => {
  await import('@/app/routes/dashboard');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('verify email page', () => {
  it('shows a pending state while the link is checked', async () => {
    mockFetch({ 'POST /api/v1/auth/verify-email': () => new Promise(() => undefined) });
    renderApp('/verify-email/tok-1');
    expect(await screen.findByText('Verifying your email address…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Email verification' })).toBeInTheDocument();
  });

  it('logs in with the answered tokens, then goes to the dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({
      'POST /api/v1/auth/verify-email': {
        body: { success: true, data: { token: 'access-2', refresh_token: 'refresh-2', user: li } },
      },
    });
    renderApp('/verify-email/tok-1');

    expect(await screen.findByText(/Your email address has been verified/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/auth/verify-email', body: { token: 'tok-1' } });
    expect(localStorage.getItem('auth_token')).toBe('access-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ username: 'li_hua' });
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');

    act(() => vi.advanceTimersByTime(1000));
    expect(location()).toHaveTextContent('/verify-email/tok-1');
    act(() => vi.advanceTimersByTime(1100));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/), { timeout: 4000 });
    // Signed in: the protected page shows (its code loads lazily, give it time).
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('sends a link once, even when effects run twice (StrictMode)', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/auth/verify-email': {
        body: { success: true, data: { token: 'access-2', refresh_token: 'refresh-2', user: li } },
      },
    });
    renderApp('/verify-email/tok-1', { strict: true });
    expect(await screen.findByText(/Your email address has been verified/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/auth/verify-email')).toHaveLength(1);
  });

  it('shows the server message when the link is refused, and offers a new one', async () => {
    mockFetch({
      'POST /api/v1/auth/verify-email': {
        status: 400,
        body: { success: false, error: { message: 'This verification link has expired', code: 'TOKEN_EXPIRED' } },
      },
    });
    renderApp('/verify-email/old-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has expired');
    expect(screen.getByRole('link', { name: 'Send a new verification link' })).toHaveAttribute(
      'href',
      '/resend-verification',
    );
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says a link opened again belongs to an address already verified, not an invalid link', async () => {
    mockFetch({
      'POST /api/v1/auth/verify-email': {
        status: 409,
        body: {
          success: false,
          error: { message: 'This email address is already verified', code: 'EMAIL_ALREADY_VERIFIED' },
        },
      },
    });
    renderApp('/verify-email/used-token');
    expect(await screen.findByText('Your email address is already verified.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid verification link/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send a new verification link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it("falls back to 'Email verification failed' when the server gives no message", async () => {
    mockFetch({ 'POST /api/v1/auth/verify-email': { status: 500, body: { success: false } } });
    renderApp('/verify-email/tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email verification failed');
  });

  it('says so in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    mockFetch({ 'POST /api/v1/auth/verify-email': { status: 500, body: { success: false } } });
    renderApp('/verify-email/tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('邮箱验证失败');
    expect(screen.getByRole('heading', { level: 1, name: '邮箱验证' })).toBeInTheDocument();
  });

  it("without a token says 'Invalid verification link' and calls nothing", async () => {
    const { calls } = mockFetch();
    renderWithProviders(<VerifyEmail token={undefined} />, '/verify-email/');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification link');
    await waitFor(() => expect(calls).toEqual([]));
  });
});
