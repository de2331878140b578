import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, rememberSession } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann' };

describe('auth state', () => {
  it('shows the stored user at once, then verifies it with the server', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/auth/user/': { body: { success: true, data: { ...ann, nickname: 'Annie' } } },
    });
    rememberSession(ann);
    renderApp('/');
    expect(screen.getByText('Ann')).toBeInTheDocument();
    expect(await screen.findByText('Annie')).toBeInTheDocument();
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer stored-access');
  });

  it('a sign-in while the remembered session is checked is not undone by the check', async () => {
    let answerCheck!: () => void;
    mockFetch({
      // The check of the stored session answers late, with the user as they were.
      'GET /api/v1/auth/user/': () =>
        new Promise((resolve) => {
          answerCheck = () => resolve({ body: { success: true, data: { ...ann, email_verified: false } } });
        }),
      'POST /api/v1/auth/verify-email': {
        body: { success: true, data: { token: 'access-2', refresh_token: 'refresh-2', user: { ...ann, email_verified: true } } },
      },
    });
    rememberSession(ann);
    renderApp('/verify-email/tok-1');
    expect(await screen.findByText(/Your email address has been verified/)).toBeInTheDocument();
    answerCheck();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ email_verified: true }));
    // Still so after the late answer has come and gone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ email_verified: true });
    expect(localStorage.getItem('auth_token')).toBe('access-2');
  });

  it('drops the token when the server does not confirm the user', async () => {
    mockFetch(); // 404 envelope
    rememberSession(ann);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('ends the session and asks to log in when the refresh fails', async () => {
    mockFetch({
      'GET /api/v1/auth/user/': { status: 401, body: { success: false, error: { message: 'Token expired' } } },
      'POST /api/v1/auth/refresh': { status: 401, body: { success: false, error: { message: 'Refresh expired' } } },
    });
    rememberSession(ann);
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logs out: clears tokens, user, basket and dashboard data', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/auth/user/': { body: { success: true, data: ann } } });
    rememberSession(ann);
    const kept = { language: 'en' };
    const personal = {
      mealCart: '[{"food":{"id":1},"quantity":100}]',
      mealName: 'Lunch',
      mealTime: '2025-01-01T12:00',
      dashboardEstimatedPortions: '[]',
      dashboardImagePreview: 'data:,',
      dashboardImageId: '5',
      dashboardNutritionData: '{}',
    };
    for (const [key, value] of Object.entries({ ...kept, ...personal })) localStorage.setItem(key, value);
    sessionStorage.setItem('editingMeal', '{"id":3}');
    sessionStorage.setItem('mealToOpen', '{"id":4}');

    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('status')).toHaveTextContent('You have logged out');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const key of ['auth_token', 'refresh_token', 'user', ...Object.keys(personal)]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(localStorage.getItem('language')).toBe('en');
    expect(sessionStorage.getItem('editingMeal')).toBeNull();
    expect(sessionStorage.getItem('mealToOpen')).toBeNull();
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/auth/logout')?.body).toEqual({
        refresh_token: 'stored-refresh',
      }),
    );
  });
});
