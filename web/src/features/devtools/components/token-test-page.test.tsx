import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockCall } from '@/testing/fetch-mock';
import { mockFetch } from '@/testing/fetch-mock';
import { failure, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A session's access token, valid for ten more minutes. */
const access = `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment({ sub: '1', exp: Math.floor(Date.now() / 1000) + 600 })}.signature`;

/** The server: accepts only the current access token, and refreshes into a new one. */
async function openTokenTest() {
  window.localStorage.setItem('auth_token', access);
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('user', JSON.stringify(ann));
  const accepted = new Set([`Bearer ${access}`, 'Bearer fresh-access']);
  const mock = mockFetch({
    'GET /api/v1/auth/user/': (call: MockCall) =>
      accepted.has(call.headers.get('Authorization') ?? '') ? ok(ann) : failure(401, 'Token expired', 'TOKEN_EXPIRED'),
    'POST /api/v1/auth/refresh': (call: MockCall) =>
      (call.body as { refresh?: string }).refresh === 'refresh-1'
        ? ok({ access: 'fresh-access', refresh: 'refresh-2' })
        : failure(401, 'Invalid refresh token', 'INVALID_TOKEN'),
  });
  const rendered = renderApp('/token-test');
  await screen.findByRole('heading', { name: 'Token test', level: 1 });
  return { ...mock, ...rendered };
}

const facts = () => within(screen.getByRole('region', { name: 'Stored tokens' }));
const logLines = () =>
  within(screen.getByRole('log', { name: 'What the client did' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^\S+(\s[AP]M)?\s/, ''));

describe('token test page', () => {
  it('shows the stored tokens and the access token’s time left', async () => {
    await openTokenTest();
    expect(facts().getByText('Access token').nextElementSibling).toHaveTextContent('Present');
    expect(facts().getByText('Refresh token').nextElementSibling).toHaveTextContent('Present');
    expect(facts().getByText('Time left').nextElementSibling).toHaveTextContent(/^(5\d\d|600) s left$/);
  });

  it('refreshes and retries after the access token expires', async () => {
    const { user, calls } = await openTokenTest();
    await user.click(screen.getByRole('button', { name: 'Expire the access token' }));
    expect(facts().getByText('Time left').nextElementSibling).toHaveTextContent(/^Expired 6\d s ago$/);

    await user.click(screen.getByRole('button', { name: 'Make a call (GET /auth/user/)' }));
    await waitFor(() => expect(logLines()).toContain('Call succeeded (200), signed in as ann.'));
    expect(logLines()).toEqual([
      'The access token was replaced with an expired one.',
      'Calling GET /auth/user/…',
      '401 from /auth/user/: the access token was refused.',
      'Refreshing the access token (POST /auth/refresh).',
      'Refresh succeeded: new tokens stored.',
      'Retrying /auth/user/ with the new access token.',
      'Call succeeded (200), signed in as ann.',
    ]);
    expect(calls.filter((call) => call.path === '/api/v1/auth/user/').at(-1)?.headers.get('Authorization')).toBe('Bearer fresh-access');
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear the log' }));
    expect(screen.getByText('Nothing yet: break a token, then make a call.')).toBeInTheDocument();
  });

  it('ends the session and opens the login dialog when no refresh token is left', async () => {
    const { user, calls } = await openTokenTest();
    await user.click(screen.getByRole('button', { name: 'Expire the access token and remove the refresh token' }));
    expect(facts().getByText('Refresh token').nextElementSibling).toHaveTextContent('None');

    await user.click(screen.getByRole('button', { name: 'Make a call (GET /auth/user/)' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    await waitFor(() => expect(logLines()).toContain('The login dialog opened.'));
    expect(logLines()).toEqual(
      expect.arrayContaining([
        '401 from /auth/user/: the access token was refused.',
        'Refresh failed: No refresh token available.',
        'Session ended: tokens and stored user cleared.',
        'Call failed (401): Authentication failed',
      ]),
    );
    expect(calls.some((call) => call.path === '/api/v1/auth/refresh')).toBe(false);
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(facts().getByText('Access token').nextElementSibling).toHaveTextContent('None');
  });
});
