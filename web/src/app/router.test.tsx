import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });

  it('has the five app pages, marking those that need login while logged out', () => {
    renderApp('/');
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/dashboard',
      '/statistics',
      '/recipes',
      '/profile',
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Food search' })).toBeInTheDocument();
    for (const name of ['Dashboard', 'Statistics', 'Recipes', 'Profile']) {
      const link = within(mainNav()).getByRole('link', { name: new RegExp(name) });
      expect(within(link).getByRole('img', { name: 'Login required' })).toBeInTheDocument();
    }
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('button', { name: 'Log in' }));
  });

  it('shows no developer links until the developer switch is on, then keeps them in the footer', async () => {
    const { unmount } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Food search' });
    expect(screen.queryByRole('link', { name: 'API test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Developer tools' })).not.toBeInTheDocument();
    unmount();

    // The developer pages stay reachable by address; their switch turns the links on.
    const { user: person } = renderApp('/api-test');
    await person.click(await screen.findByRole('checkbox', { name: /developer pages' links/ }));
    expect(localStorage.getItem('developerTools')).toBe('on');
    await person.click(within(mainNav()).getByRole('link', { name: 'Food search' }));
    await screen.findByRole('heading', { level: 1, name: 'Food search' });
    expect(within(mainNav()).queryByRole('link', { name: 'API test' })).not.toBeInTheDocument();
    const devTools = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Developer tools' });
    expect(within(devTools).getByRole('link', { name: 'API test' })).toHaveAttribute('href', '/api-test');
    await person.click(within(devTools).getByRole('link', { name: 'Token test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Token test' })).toBeInTheDocument();

    await person.click(screen.getByRole('checkbox', { name: /developer pages' links/ }));
    expect(screen.queryByRole('navigation', { name: 'Developer tools' })).not.toBeInTheDocument();
  });

  it('opens the login dialog instead of following a locked entry', async () => {
    const { user: person } = renderApp('/api-test');
    await screen.findByRole('heading', { level: 1, name: 'API test' });
    await person.click(within(mainNav()).getByRole('link', { name: /Dashboard/ }));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/api-test');
  });

  it('follows entries without a lock', async () => {
    const { user: person } = renderApp('/token-test');
    await screen.findByRole('heading', { level: 1, name: 'Token test' });
    await person.click(within(mainNav()).getByRole('link', { name: 'Food search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Food search' })).toBeInTheDocument();
  });

  it('drops the locks and puts the account and Log out in the top bar when logged in', async () => {
    mockFetch({ 'GET /api/v1/auth/user/': { body: { success: true, data: user } } });
    rememberSession(user);
    const { user: person } = renderApp('/');
    expect(screen.queryByRole('img', { name: 'Login required' })).not.toBeInTheDocument();
    const banner = screen.getByRole('banner');
    const account = within(banner).getByRole('button', { name: 'Account' });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await person.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(within(banner).getByText('Ann')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await person.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await person.click(within(mainNav()).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('logout', () => {
  const basket = [
    { id: 'q1', quick_add: { name: 'Tea', calories: 40 } },
    { id: 'q2', quick_add: { name: 'Cake', calories: 300 } },
  ];

  function signedInWithBasket(lines: unknown[]) {
    const { calls } = mockFetch({
      'GET /api/v1/auth/user/': { body: { success: true, data: user } },
      'POST /api/v1/auth/logout/': { body: { success: true, data: null } },
    });
    rememberSession(user);
    localStorage.setItem('mealCart', JSON.stringify(lines));
    return calls;
  }

  const logOutButton = () => within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' });

  it('logs out at once when the basket is empty', async () => {
    signedInWithBasket([]);
    const { user: person } = renderApp('/statistics');
    await screen.findByRole('heading', { level: 1, name: 'Statistics' });
    await person.click(logOutButton());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('You have logged out')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('asks before throwing away foods in the basket, and staying keeps them', async () => {
    signedInWithBasket(basket);
    const { user: person } = renderApp('/statistics');
    await screen.findByRole('heading', { level: 1, name: 'Statistics' });
    await person.click(logOutButton());
    const question = screen.getByRole('alertdialog', { name: 'Discard the basket?' });
    expect(question).toHaveAccessibleDescription(
      'You have 2 foods in your basket that are not saved. Log out and discard them?',
    );
    await person.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(logOutButton()).toBeInTheDocument();
    expect(location()).toHaveTextContent('/statistics');
    expect(JSON.parse(localStorage.getItem('mealCart') ?? '[]')).toHaveLength(2);
  });

  it('logs out and empties the basket once the person agrees', async () => {
    signedInWithBasket(basket);
    const { user: person } = renderApp('/statistics');
    await screen.findByRole('heading', { level: 1, name: 'Statistics' });
    await person.click(logOutButton());
    const question = screen.getByRole('alertdialog', { name: 'Discard the basket?' });
    await person.click(within(question).getByRole('button', { name: 'Log out and discard' }));
    expect(await screen.findByText('You have logged out')).toBeInTheDocument();
    // The toast may show a moment before the router has moved to the home page.
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('mealCart')).toBeNull();
  });

  it('tells the service worker to forget the foods it kept for offline search', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: () => Promise.resolve({ active: { postMessage } }) },
    });
    signedInWithBasket([]);
    const { user: person } = renderApp('/');
    await person.click(logOutButton());
    await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'forget-personal-data' }));
    expect(postMessage).toHaveBeenCalledTimes(1);
  });
});
