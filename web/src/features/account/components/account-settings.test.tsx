import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { profileBody } from '@/testing/profile';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann', email: 'ann@example.com', email_verified: true };
const profile = profileBody({ body_data_set: true });

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

async function openProfile(routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': { body: { success: true, data: ann } },
    'GET /api/v1/users/profile/': { body: profile },
    'GET /api/v1/meals/weight-history/': {
      body: { success: true, data: { start_date: '', end_date: '', records: [], latest: null, change: null } },
    },
    ...routes,
  });
  rememberSession(ann);
  const rendered = renderApp('/profile');
  const settings = await screen.findByRole('region', { name: 'Account settings' });
  return { ...mock, ...rendered, settings };
}

const location = () => screen.getByTestId('location');

describe('change password', () => {
  async function openDialog(routes: Record<string, Route> = {}) {
    const opened = await openProfile(routes);
    await opened.user.click(within(opened.settings).getByRole('button', { name: 'Change password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    return { ...opened, dialog };
  }

  async function fill(
    user: Awaited<ReturnType<typeof openDialog>>['user'],
    dialog: HTMLElement,
    values: { current: string; next: string; confirm?: string },
  ) {
    if (values.current) await user.type(within(dialog).getByLabelText('Current password'), values.current);
    if (values.next) await user.type(within(dialog).getByLabelText('New password'), values.next);
    const confirm = values.confirm ?? values.next;
    if (confirm) await user.type(within(dialog).getByLabelText('Confirm new password'), confirm);
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
  }

  const checks: Array<[string, { current: string; next: string; confirm?: string }, string]> = [
    ['an empty field', { current: '', next: 'NewPassw0rd' }, 'Please fill in all fields'],
    ['a mismatch', { current: 'OldPassw0rd', next: 'NewPassw0rd', confirm: 'NewPassw0rd!' }, 'Passwords do not match'],
    ['a short password', { current: 'OldPassw0rd', next: 'Ab1' }, 'Password must be at least 8 characters long'],
    ['no number', { current: 'OldPassw0rd', next: 'NewPassword' }, 'Password must contain at least one number'],
  ];
  for (const [name, values, message] of checks) {
    it(`refuses ${name} before calling`, async () => {
      const { user, dialog, calls } = await openDialog();
      await fill(user, dialog, values);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
      expect(calls.some((call) => call.path === '/api/v1/users/change-password/')).toBe(false);
    });
  }

  it('changes the password and keeps the session with the new tokens', async () => {
    const { user, dialog, calls } = await openDialog({
      'POST /api/v1/users/change-password/': { body: { success: true, data: { access: 'access-new', refresh: 'refresh-new' } } },
    });
    await fill(user, dialog, { current: 'OldPassw0rd', next: 'NewPassw0rd' });

    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/users/change-password/')).toMatchObject({
      method: 'POST',
      body: { current_password: 'OldPassw0rd', new_password: 'NewPassw0rd' },
    });
    expect(localStorage.getItem('auth_token')).toBe('access-new');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-new');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows a wrong current password in the dialog without ending the session', async () => {
    const { user, dialog, calls } = await openDialog({
      'POST /api/v1/users/change-password/': {
        status: 401,
        body: { success: false, error: { message: 'Current password is incorrect', code: 'WRONG_PASSWORD' } },
      },
    });
    await fill(user, dialog, { current: 'WrongPassw0rd', next: 'NewPassw0rd' });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(calls.some((call) => call.path === '/api/v1/auth/refresh')).toBe(false);
    expect(localStorage.getItem('auth_token')).toBe('stored-access');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('starts empty every time it opens', async () => {
    const { user, dialog, settings } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password'), 'abc');
    await user.keyboard('{Escape}');
    await user.click(within(settings).getByRole('button', { name: 'Change password' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Current password')).toHaveValue('');
  });
});

describe('export data', () => {
  function captureDownloads() {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs and cannot download; record what would be saved instead.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ name: this.download, blob });
    });
    return saved;
  }

  // jsdom lacks these statics entirely; give spyOn something to replace.
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => undefined;

  it('downloads the JSON export with the bearer token', async () => {
    const saved = captureDownloads();
    const { user, settings, calls } = await openProfile({
      'GET /api/v1/users/export/': {
        text: '{"exported_at":"2026-01-01T00:00:00Z","user":{"username":"ann"},"meals":[]}',
        headers: { 'Content-Disposition': 'attachment; filename="calorie-tracker-export.json"' },
      },
    });
    await user.click(within(settings).getByRole('button', { name: 'All data (JSON)' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('calorie-tracker-export.json');
    expect(JSON.parse(await (saved[0]?.blob.text() ?? Promise.resolve('null')))).toMatchObject({
      user: { username: 'ann' },
    });
    const call = calls.find((c) => c.path === '/api/v1/users/export/');
    expect(call?.headers.get('Authorization')).toBe('Bearer stored-access');
  });

  it('downloads the meals CSV, naming it when the server does not', async () => {
    const saved = captureDownloads();
    const { user, settings } = await openProfile({
      'GET /api/v1/users/export/meals.csv': { text: 'date,meal_type,food\n', headers: { 'Content-Type': 'text/csv' } },
    });
    await user.click(within(settings).getByRole('button', { name: 'Meals (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('calorie-tracker-meals.csv');
    expect(await saved[0]?.blob.text()).toBe('date,meal_type,food\n');
  });

  it('reports a failed export', async () => {
    const saved = captureDownloads();
    const { user, settings } = await openProfile({
      'GET /api/v1/users/export/': { status: 500, body: { success: false } },
    });
    await user.click(within(settings).getByRole('button', { name: 'All data (JSON)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to export your data');
    expect(saved).toEqual([]);
  });
});

describe('import data', () => {
  const IMPORT = 'POST /api/v1/users/import/';
  const exported = {
    exported_at: '2026-11-30T08:00:00Z',
    user: { username: 'ann' },
    meals: [{ meal_type: 'lunch', eaten_at: '2026-11-30T04:30:00Z', foods: [] }],
    weights: [{ date: '2026-11-30', weight: 62.5, notes: null }],
  };

  async function chooseFile(routes: Record<string, Route>, file: File, button = 'Import data') {
    const opened = await openProfile(routes);
    if (button === '导入数据') await i18n.changeLanguage('zh');
    const picker = opened.settings.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('file input expected');
    // The button opens the browser's file picker; the test hands the picker its file.
    const clicked = vi.fn();
    picker.addEventListener('click', clicked);
    await opened.user.click(within(opened.settings).getByRole('button', { name: button }));
    expect(clicked).toHaveBeenCalledTimes(1);
    await opened.user.upload(picker, file);
    return opened;
  }

  const jsonFile = (text: string) => new File([text], 'calorie-tracker-export.json', { type: 'application/json' });

  it('posts the file as read and says what was imported, then refreshes the meals', async () => {
    const { calls } = await chooseFile(
      { [IMPORT]: { body: { success: true, data: { custom_foods: 1, recipes: 2, meals: 3, weights: 1, favorites: 2 } } } },
      jsonFile(JSON.stringify(exported)),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported 3 meals, 1 custom food, 2 recipes, 1 weight, and 2 stars',
    );
    const posted = calls.find((call) => call.path === '/api/v1/users/import/');
    expect(posted).toMatchObject({ method: 'POST', body: exported });
    // The profile's weight history is a meals key: it is asked again with what was imported.
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/v1/meals/weight-history/')).length).toBeGreaterThan(1),
    );
  });

  it('says the same in Chinese, leaving out the parts that had nothing', async () => {
    await chooseFile(
      { [IMPORT]: { body: { success: true, data: { custom_foods: 0, recipes: 0, meals: 1, weights: 2, favorites: 0 } } } },
      jsonFile(JSON.stringify(exported)),
      '导入数据',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('已导入1 餐和2 条体重记录');
  });

  it('explains that an account with meals already cannot take an import', async () => {
    const { settings } = await chooseFile(
      {
        [IMPORT]: {
          status: 409,
          body: { success: false, error: { code: 'CONFLICT', message: 'An export can be imported only into an account that has no meals, foods, recipes or weights yet' } },
        },
      },
      jsonFile(JSON.stringify(exported)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Import works only into an account with nothing logged yet. This account already has meals, foods, recipes or weights.',
    );
    expect(within(settings).getByRole('button', { name: 'Import data' })).toBeEnabled();
  });

  it('names the part of the file the server refused', async () => {
    await chooseFile(
      {
        [IMPORT]: {
          status: 422,
          body: { success: false, error: { code: 'VALIDATION_ERROR', message: 'meals[0].meal_type: unknown meal type "brunch".' } },
        },
      },
      jsonFile(JSON.stringify(exported)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file could not be imported: meals[0].meal_type: unknown meal type "brunch". Nothing was written.',
    );
  });

  it('refuses a file that is not JSON without calling', async () => {
    const { calls } = await chooseFile({}, jsonFile('date,meal_type,food\n2026-11-30,lunch,rice\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a JSON export.');
    expect(calls.some((call) => call.path === '/api/v1/users/import/')).toBe(false);
  });
});

describe('delete account', () => {
  const DELETE = 'DELETE /api/v1/users/account/';

  it('asks to confirm; cancelling changes nothing', async () => {
    const { user, settings, calls } = await openProfile();
    await user.click(within(settings).getByRole('button', { name: 'Delete account' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(confirm).toHaveAccessibleDescription(/This cannot be undone/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  async function reachPasswordStep(routes: Record<string, Route>) {
    const opened = await openProfile(routes);
    await opened.user.click(within(opened.settings).getByRole('button', { name: 'Delete account' }));
    await opened.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    return { ...opened, dialog };
  }

  it('shows a wrong password and keeps the account and session', async () => {
    const { user, dialog } = await reachPasswordStep({
      [DELETE]: {
        status: 401,
        body: { success: false, error: { message: 'Password is incorrect', code: 'WRONG_PASSWORD' } },
      },
    });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(localStorage.getItem('auth_token')).toBe('stored-access');
    expect(location()).toHaveTextContent('/profile');
  });

  it('deletes with the password, then logs out locally and goes home', async () => {
    const { user, dialog, calls } = await reachPasswordStep({
      [DELETE]: { body: { success: true, data: { deleted: true } } },
    });
    localStorage.setItem('mealCart', '[]');
    await user.type(within(dialog).getByLabelText('Password'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      path: '/api/v1/users/account/',
      body: { password: 'Passw0rd!' },
    });
    // The move home renders in a transition, which may commit after the toast.
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const key of ['auth_token', 'refresh_token', 'user', 'mealCart']) expect(localStorage.getItem(key)).toBeNull();
    // The server ended the sessions with the account: no logout call for a dead token.
    expect(calls.some((call) => call.path === '/api/v1/auth/logout')).toBe(false);
  });

  it('asks for the password before calling', async () => {
    const { user, dialog, calls } = await reachPasswordStep({});
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});
