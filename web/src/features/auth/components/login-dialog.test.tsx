import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch } from '@/testing/fetch-mock';
import { failure } from '@/testing/foods';
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
      'POST /api/v1/auth/register': { status: 201, body: { success: true, data: { user: { id: 2, username: 'bob' } } } },
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    await user.type(within(dialog).getByLabelText('Username'), 'bob');
    await user.type(within(dialog).getByLabelText('Email'), 'bo@example.com');
    await user.type(within(dialog).getByLabelText('First name'), 'Bo');
    await user.type(within(dialog).getByLabelText('Password'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(calls[0]).toMatchObject({
        path: '/api/v1/auth/register',
        body: { username: 'bob', email: 'bo@example.com', nickname: 'Bo', password: 'Passw0rd!' },
      }),
    );
    // No tokens yet (email verification first): back to the login tab, name filled in.
    expect(await screen.findByRole('tab', { name: 'Log in', selected: true })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveValue('bob');
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
    await user.type(within(dialog).getByLabelText('Username'), 'bob');
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

/** The register tab, its fields filled with `values` over a valid sign-up. */
async function fillRegister(values: Partial<Record<'Username' | 'Email' | 'First name' | 'Password', string>>, language: 'en' | 'zh' = 'en') {
  const words =
    language === 'en'
      ? { open: 'Log in', dialog: 'Welcome', tab: 'Register', submit: 'Create account', labels: { Username: 'Username', Email: 'Email', 'First name': 'First name', Password: 'Password' } }
      : { open: '登录', dialog: '欢迎', tab: '注册', submit: '创建账户', labels: { Username: '用户名', Email: '邮箱', 'First name': '名字', Password: '密码' } };
  const rendered = renderApp('/');
  await rendered.user.click(screen.getByRole('button', { name: words.open }));
  const dialog = screen.getByRole('dialog', { name: words.dialog });
  await rendered.user.click(within(dialog).getByRole('tab', { name: words.tab }));
  const filled = { Username: 'bob_li', Email: 'bob@example.com', 'First name': 'Bob', Password: 'Passw0rd1', ...values };
  for (const [label, value] of Object.entries(filled) as Array<[keyof typeof words.labels, string]>) {
    if (value !== '') await rendered.user.type(within(dialog).getByLabelText(words.labels[label]), value);
  }
  await rendered.user.click(within(dialog).getByRole('button', { name: words.submit }));
  const field = (label: keyof typeof words.labels) => within(dialog).getByLabelText(words.labels[label]);
  return { ...rendered, dialog, field };
}

/** What is said under a field (its description). */
const saidUnder = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('sign-up problems', () => {
  it('says under the password, in Chinese, that it is too short, and does not call the server', async () => {
    await i18n.changeLanguage('zh');
    const { calls } = mockFetch();
    const { field } = await fillRegister({ Password: 'Ab1' }, 'zh');
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveFocus();
    expect(saidUnder(field('Password'))).toBe('密码长度至少为 8 个字符');
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((call) => call.path.includes('/auth/register'))).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks every field that breaks a rule, the first one focused, and clears a mark once the field changes', async () => {
    mockFetch();
    const { user, field } = await fillRegister({ Username: 'b', Email: 'bob@example', 'First name': '', Password: 'password1' });
    expect(field('Username')).toHaveFocus();
    expect(saidUnder(field('Username'))).toBe('Username must be 3 to 30 characters long');
    expect(saidUnder(field('Email'))).toBe('Please enter a valid email address, such as name@example.com');
    expect(saidUnder(field('First name'))).toBe('Please enter your first name');
    expect(saidUnder(field('Password'))).toBe('Password must contain at least one uppercase letter');
    await user.type(field('Username'), 'ob');
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
    expect(saidUnder(field('Username'))).toBe('');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the password rules under the field before anything is wrong', async () => {
    mockFetch();
    const { user } = await openDialog();
    await user.click(within(screen.getByRole('dialog')).getByRole('tab', { name: 'Register' }));
    expect(saidUnder(within(screen.getByRole('dialog')).getByLabelText('Password'))).toBe(
      'At least 8 characters, with a lowercase letter, an uppercase letter and a number.',
    );
  });

  it("says the server's refusal under the field it is about, in Chinese", async () => {
    await i18n.changeLanguage('zh');
    mockFetch({
      'POST /api/v1/auth/register': failure(409, 'This username, or one that looks like it, is already taken', 'USERNAME_TAKEN'),
    });
    const { field } = await fillRegister({}, 'zh');
    await waitFor(() => expect(field('Username')).toHaveAttribute('aria-invalid', 'true'));
    expect(saidUnder(field('Username'))).toBe('该用户名已被使用，或与已有的用户名形似');
    expect(field('Username')).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/taken|有些数值无效/);
  });

  /** A sign-up refused for a rule of a field, as the envelope names them. */
  const refusedRule = (message: string, field: string, rule: string) => ({
    status: 422,
    body: { success: false, error: { message, code: 'VALIDATION_ERROR', field, rule } },
  });

  it("translates a rule only the server checks, and shows an unknown one in the server's words in English", async () => {
    await i18n.changeLanguage('zh');
    mockFetch({
      'POST /api/v1/auth/register': refusedRule('Username may not mix Latin, Cyrillic and Greek letters', 'username', 'mixed_alphabets'),
    });
    const zh = await fillRegister({}, 'zh');
    await waitFor(() => expect(saidUnder(zh.field('Username'))).toBe('用户名不能混用拉丁、西里尔和希腊字母'));
    zh.unmount();

    await i18n.changeLanguage('en');
    mockFetch({ 'POST /api/v1/auth/register': refusedRule('Password may not be one of the most common passwords', 'password', 'common') });
    const en = await fillRegister({});
    await waitFor(() => expect(saidUnder(en.field('Password'))).toBe('Password may not be one of the most common passwords'));
  });

  it('says a refusal about no field as a message', async () => {
    mockFetch({ 'POST /api/v1/auth/register': failure(429, 'Too many sign-ups from this address; try again in 60 s', 'RATE_LIMITED') });
    const { field } = await fillRegister({});
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-ups from this address; try again in 60 s');
    for (const label of ['Username', 'Email', 'First name', 'Password'] as const) expect(field(label)).not.toHaveAttribute('aria-invalid');
  });
});
