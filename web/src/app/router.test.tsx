import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, rememberSession } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

const location = () => screen.getByTestId('location');
const user = { id: 1, username: 'ann', nickname: 'Ann' };

describe('routes', () => {
  const pages: Array<[string, string]> = [
    ['/', 'Food search'],
    ['/api-test', 'API test'],
    ['/token-test', 'Token test'],
    ['/verify-email/abc123', 'Email verification'],
    ['/resend-verification', 'Resend verification email'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password/abc123', 'Reset password'],
  ];
  for (const [path, heading] of pages) {
    it(`renders ${path}`, async () => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(location()).toHaveTextContent(path);
    });
  }

  it('redirects an unknown path to /', async () => {
    renderApp('/no/such/page?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Food search' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('takes the card pages back home', async () => {
    const { user: person } = renderApp('/reset-password/abc');
    await person.click(await screen.findByRole('button', { name: 'Back to Home' }));
    expect(location()).toHaveTextContent(/^\/$/);
  });
});

describe('protected routes', () => {
  for (const path of ['/dashboard', '/statistics', '/profile']) {
    it(`${path} while logged out opens the login dialog and lands on /`, async () => {
      renderApp(path);
      expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
      expect(location()).toHaveTextContent(/^\/$/);
      expect(screen.getByRole('heading', { level: 1, name: 'Food search' })).toBeInTheDocument();
    });
  }

  it('shows the page at once for a remembered user', async () => {
    mockFetch({ 'GET /api/v1/auth/user/': { body: { success: true, data: user } } });
    rememberSession(user);
    renderApp('/statistics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a loading indicator while the session is checked', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockFetch({ 'GET /api/v1/auth/user/': () => new Promise((resolve) => (answer = resolve)) });
    rememberSession(null);
    renderApp('/profile');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    answer({ body: { success: true, data: user } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('marks entries that need login while logged out', () => {
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Dashboard', 'Statistics', 'Profile']) {
      const link = within(nav).getByRole('link', { name: new RegExp(name) });
      expect(within(link).getByRole('img', { name: 'Login required' })).toBeInTheDocument();
    }
    for (const name of ['Food search', 'API test', 'Token test']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('opens the login dialog instead of following a locked entry', async () => {
    const { user: person } = renderApp('/api-test');
    await screen.findByRole('heading', { level: 1, name: 'API test' });
    await person.click(screen.getByRole('link', { name: /Dashboard/ }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/api-test');
  });

  it('follows entries without a lock', async () => {
    const { user: person } = renderApp('/');
    await person.click(screen.getByRole('link', { name: 'Token test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Token test' })).toBeInTheDocument();
  });

  it('drops the locks and offers logout when logged in', async () => {
    mockFetch({ 'GET /api/v1/auth/user/': { body: { success: true, data: user } } });
    rememberSession(user);
    const { user: person } = renderApp('/');
    expect(screen.queryByRole('img', { name: 'Login required' })).not.toBeInTheDocument();
    await person.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument());
  });
});
