import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

async function openDialog() {
  const rendered = renderApp('/');
  await rendered.user.click(screen.getByRole('button', { name: 'Log in' }));
  const dialog = screen.getByRole('dialog', { name: 'Welcome' });
  return { ...rendered, dialog };
}

describe('login dialog', () => {
  it('has login and register tabs with labelled, required fields', async () => {
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByLabelText('Username')).toBeRequired();
    expect(within(dialog).getByLabelText('Password')).toBeRequired();
    expect(within(dialog).getByLabelText('Username')).toHaveFocus();

    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'Register' });
    for (const label of ['Username', 'Email', 'First name', 'Password']) {
      expect(within(panel).getByLabelText(label)).toBeRequired();
    }
  });

  it('closes on a click outside and on Escape', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a click inside', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('heading', { name: 'Welcome' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('links to the forgot-password page', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not call the server while a field is empty', async () => {
    const { calls } = mockFetch();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Username'), 'ann');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(calls).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('logs in, stores the session and closes', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/auth/login': {
        body: { success: true, data: { access: 'a1', refresh: 'r1', user: { id: 1, username: 'ann', nickname: 'Ann' } } },
      },
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Username'), ' ann ');
    await user.type(within(dialog).getByLabelText('Password'), 's3cret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Welcome back, Ann!');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { username: 'ann', password: 's3cret-pass' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Login required' })).not.toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ username: 'ann' });
  });

  it('shows the server message as an error toast when login fails', async () => {
    mockFetch(); // Every route answers the API's 404 envelope.
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Username'), 'ann');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Not found: /api/v1/auth/login');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('shows a connection error when the server cannot be reached', async () => {
    mockFetch({ 'POST /api/v1/auth/login': () => Promise.reject(new TypeError('fetch failed')) });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Username'), 'ann');
    await user.type(within(dialog).getByLabelText('Password'), 'pass');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection error');
  });

  it('registers with the first name sent as nickname', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/auth/register': { status: 201, body: { success: true, data: { user: { id: 2, username: 'bo' } } } },
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    await user.type(within(dialog).getByLabelText('Username'), 'bo');
    await user.type(within(dialog).getByLabelText('Email'), 'bo@example.com');
    await user.type(within(dialog).getByLabelText('First name'), 'Bo');
    await user.type(within(dialog).getByLabelText('Password'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(calls[0]).toMatchObject({
        path: '/api/v1/auth/register',
        body: { username: 'bo', email: 'bo@example.com', nickname: 'Bo', password: 'Passw0rd!' },
      }),
    );
    // No tokens yet (email verification first): back to the login tab, name filled in.
    expect(await screen.findByRole('tab', { name: 'Log in', selected: true })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveValue('bo');
  });
  it('registers, logs in at once and asks to verify the email', async () => {
    mockFetch({
      'POST /api/v1/auth/register': {
        status: 201,
        body: {
          success: true,
          data: {
            access: 'a1',
            refresh: 'r1',
            user: { id: 2, username: 'bo', nickname: 'Bo', email_verified: false },
            verification_sent: true,
          },
        },
      },
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    await user.type(within(dialog).getByLabelText('Username'), 'bo');
    await user.type(within(dialog).getByLabelText('Email'), 'bo@example.com');
    await user.type(within(dialog).getByLabelText('First name'), 'Bo');
    await user.type(within(dialog).getByLabelText('Password'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    // One message, not "Welcome" and "verify" stacked over the page.
    const message = await screen.findByText('Welcome, Bo! We have sent you an email: open its link to verify your email address.');
    expect(message).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
  });
});
