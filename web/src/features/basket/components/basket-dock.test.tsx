import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_NOTICE_MS } from '@/config/constants';
import { egg, leaveLateLunchToOpen, openWithBasket, rice } from '@/testing/basket';
import type { MockCall, MockReply, MockRoute } from '@/testing/fetch-mock';

/** A phone-wide screen (< 900 px) for matchMedia, or a wide one. */
function screenWidth(phone: boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      matches: phone && query === '(max-width: 959px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

let restore = () => {};
afterEach(() => {
  restore();
  vi.useRealTimers();
});

function open(path: string, routes: Record<string, MockRoute> = {}, phone = true, basket: unknown[] = [
  { food: rice, quantity: 150 },
  { food: egg, quantity: 50 },
]) {
  restore = screenWidth(phone);
  return openWithBasket(path, basket, routes);
}

const created = (call: MockCall): MockReply => ({ status: 201, body: { success: true, data: { id: 1, ...(call.body as object) } } });

describe('the basket bar', () => {
  it('shows the count, kcal and Save on another page, and opens the basket as a sheet on a phone', async () => {
    const { user } = open('/statistics');
    const bar = await screen.findByRole('region', { name: 'Basket' });
    const opener = within(bar).getByRole('button', { name: 'Open the basket: 2 items, 252 kcal' });
    expect(opener).toHaveTextContent('2 items');
    expect(opener).toHaveTextContent('252 kcal');
    expect(within(bar).getByRole('button', { name: 'Save meal' })).toBeEnabled();

    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Current basket' });
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(2);
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Current basket' })).toBeNull();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close the basket' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not there with an empty basket', async () => {
    open('/statistics', {}, true, []);
    await screen.findAllByRole('navigation');
    expect(screen.queryByRole('region', { name: 'Basket' })).toBeNull();
  });

  it('leads to the search page on a wide screen, where the basket is beside the results', async () => {
    const { user } = open('/statistics', {}, false);
    const bar = await screen.findByRole('region', { name: 'Basket' });
    await user.click(within(bar).getByRole('link', { name: 'Open the basket: 2 items, 252 kcal' }));
    await screen.findByRole('complementary', { name: 'Current basket' });
    expect(screen.queryByRole('region', { name: 'Basket' })).toBeNull();
  });

  it('saves from the bar with an Idempotency-Key, then offers the day on the dashboard', async () => {
    const { user, calls } = open('/statistics', { 'POST /api/v1/meals/create/': created });
    const bar = await screen.findByRole('region', { name: 'Basket' });
    await user.click(within(bar).getByRole('button', { name: 'Save meal' }));
    const notice = await screen.findByText(/^Meal “.+” saved$/);
    const post = calls.find((call) => call.path === '/api/v1/meals/create/');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('mealCart')).toBeNull();
    const status = notice.closest('[role="status"]') as HTMLElement;
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(within(status).getByRole('link', { name: 'View today' })).toHaveAttribute('href', `/dashboard?date=${day}`);
    await user.click(within(status).getByRole('link', { name: 'View today' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard?date=${day}`));
  });
});

describe('the notice of a saved meal', () => {
  async function saveFromTheBar() {
    const opened = open('/statistics', { 'POST /api/v1/meals/create/': created });
    const bar = await screen.findByRole('region', { name: 'Basket' });
    await opened.user.click(within(bar).getByRole('button', { name: 'Save meal' }));
    const notice = (await screen.findByText(/^Meal “.+” saved$/)).closest('[role="status"]') as HTMLElement;
    return { ...opened, notice };
  }

  it('goes after a short time, but not while the pointer or the focus is on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, notice } = await saveFromTheBar();
    await user.hover(notice);
    act(() => vi.advanceTimersByTime(SAVED_NOTICE_MS + 1000));
    expect(screen.getByText(/^Meal “.+” saved$/)).toBeInTheDocument();
    await user.unhover(notice);
    act(() => within(notice).getByRole('link', { name: 'View today' }).focus());
    act(() => vi.advanceTimersByTime(SAVED_NOTICE_MS + 1000));
    expect(screen.getByText(/^Meal “.+” saved$/)).toBeInTheDocument();
    act(() => within(notice).getByRole('link', { name: 'View today' }).blur());
    act(() => vi.advanceTimersByTime(SAVED_NOTICE_MS - 100));
    expect(screen.getByText(/^Meal “.+” saved$/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(/^Meal “.+” saved$/)).not.toBeInTheDocument();
  });

  it('goes when the person leaves the page', async () => {
    const { user } = await saveFromTheBar();
    await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: /^Profile/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(screen.queryByText(/^Meal “.+” saved$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View today' })).not.toBeInTheDocument();
  });
});

describe('the meal type', () => {
  it('starts from the hour band of the meal time, and the choice wins: saved as meal_type and in the name', async () => {
    // 19:30 is dinner time; the person had breakfast late.
    localStorage.setItem('mealTime', new Date(2026, 10, 23, 19, 30).toISOString());
    const { user, calls } = open('/', { 'POST /api/v1/meals/create/': created }, false);
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    const types = within(box).getByRole('radiogroup', { name: 'Meal type' });
    expect(within(types).getByRole('radio', { name: 'Dinner' })).toBeChecked();
    expect(within(box).getByLabelText('Meal name')).toHaveAttribute('placeholder', 'Dinner 11/23');
    await user.click(within(types).getByRole('radio', { name: 'Breakfast' }));
    expect(within(types).getByRole('radio', { name: 'Breakfast' })).toBeChecked();
    expect(within(box).getByLabelText('Meal name')).toHaveAttribute('placeholder', 'Breakfast 11/23');
    await user.click(within(box).getByRole('button', { name: 'Save meal' }));
    await screen.findByText('Meal “Breakfast 11/23” saved');
    const post = calls.find((call) => call.path === '/api/v1/meals/create/');
    expect(post?.body).toMatchObject({ meal_type: 'breakfast', name: 'Breakfast 11/23' });
    // A new basket follows the clock again.
    expect(localStorage.getItem('mealType')).toBeNull();
  });

  it("takes the dashboard's meal type and day from the address", async () => {
    open('/?meal=lunch&date=2026-11-20', {}, false);
    const box = await screen.findByRole('complementary', { name: 'Current basket' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(within(box).getByRole('radio', { name: 'Lunch' })).toBeChecked();
    const time = new Date(localStorage.getItem('mealTime') ?? '');
    // Another day than today: a usual lunch time of that day.
    expect([time.getDate(), time.getHours(), time.getMinutes()]).toEqual([20, 12, 30]);
    expect(within(box).getByLabelText('Meal name')).toHaveAttribute('placeholder', 'Lunch 11/20');
  });

  describe('while the basket edits a saved meal', () => {
    /** Ann's "Late lunch" (2026-11-20, lunch) open in the basket, as tapping it leaves it. */
    function editingLateLunch() {
      leaveLateLunchToOpen();
      sessionStorage.setItem('editingMeal', sessionStorage.getItem('mealToOpen') ?? '');
      localStorage.setItem('mealType', 'lunch');
      localStorage.setItem('mealTime', '2026-11-20T06:00:00.000Z');
    }
    const today = () => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    };

    it('"+ Add" of another day and type asks, and keeping the edit leaves the saved meal where it was', async () => {
      editingLateLunch();
      const { user } = open(`/?meal=snack&date=${today()}`, {}, false, [{ food: rice, quantity: 200 }]);
      const sheet = await screen.findByRole('dialog', { name: 'You are editing “Late lunch”' });
      expect(sheet).toHaveTextContent('discard the changes and start a new Snack');
      await user.click(within(sheet).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const box = screen.getByRole('complementary', { name: 'Editing basket' });
      expect(within(box).getByRole('radio', { name: 'Lunch' })).toBeChecked();
      expect(localStorage.getItem('mealTime')).toBe('2026-11-20T06:00:00.000Z');
      expect(within(box).getByRole('button', { name: 'Update meal' })).toBeVisible();
    });

    it('discarding the changes starts the new meal on its own day and type, with an empty basket', async () => {
      editingLateLunch();
      const { user } = open(`/?meal=snack&date=${today()}`, {}, false, [{ food: rice, quantity: 200 }]);
      const sheet = await screen.findByRole('dialog', { name: 'You are editing “Late lunch”' });
      await user.click(within(sheet).getByRole('button', { name: 'Discard changes, start a new Snack' }));
      const box = await screen.findByRole('complementary', { name: 'Current basket' });
      expect(within(box).getByRole('radio', { name: 'Snack' })).toBeChecked();
      expect(sessionStorage.getItem('editingMeal')).toBeNull();
      expect(localStorage.getItem('mealCart')).toBeNull();
      expect(new Date(localStorage.getItem('mealTime') ?? '').toDateString()).toBe(new Date().toDateString());
      expect(await screen.findByText('Changes to “Late lunch” discarded')).toBeVisible();
    });

    it('the bar says which meal is being edited, and discards its changes in one tap', async () => {
      editingLateLunch();
      const { user } = open('/statistics', {}, true, [{ food: rice, quantity: 200 }]);
      const line = await screen.findByText('Editing “Late lunch”');
      expect(line).toBeVisible();
      expect(screen.getByRole('button', { name: 'Update meal' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Discard changes' }));
      await waitFor(() => expect(screen.queryByText('Editing “Late lunch”')).toBeNull());
      expect(sessionStorage.getItem('editingMeal')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Basket' })).toBeNull();
    });
  });

  it('shows the Chinese names', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('zh');
    try {
      open('/', {}, false);
      const types = await screen.findByRole('radiogroup', { name: '餐次' });
      expect(within(types).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
        '早餐', '午餐', '晚餐', '加餐',
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('a save without a connection', () => {
  it('is queued with its key, the basket cleared, and sent once when the connection comes back', async () => {
    let online = false;
    const { user, calls } = open('/statistics', {
      'POST /api/v1/meals/create/': (call) => {
        if (!online) throw new TypeError('Failed to fetch');
        return created(call);
      },
    });
    const bar = await screen.findByRole('region', { name: 'Basket' });
    await user.click(within(bar).getByRole('button', { name: 'Save meal' }));
    expect(await screen.findByText(/saved offline — will send when you’re back online$/)).toBeVisible();
    expect(localStorage.getItem('mealCart')).toBeNull();
    const queued = JSON.parse(localStorage.getItem('mealSaveQueue') ?? '[]') as { key: string }[];
    expect(queued).toHaveLength(1);
    const key = calls.find((call) => call.method === 'POST')?.headers.get('Idempotency-Key');
    expect(queued[0]?.key).toBe(key);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('1 meal saved offline has been sent')).toBeVisible();
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/meals/create/');
    // The failed try, then one send with the same key.
    expect(posts.map((call) => call.headers.get('Idempotency-Key'))).toEqual([key, key]);
    expect(localStorage.getItem('mealSaveQueue')).toBeNull();
  });

  it('is sent when the app starts', async () => {
    localStorage.setItem(
      'mealSaveQueue',
      JSON.stringify([{ key: 'key-1', owner: '1', queued_at: '2026-11-23T04:31:00.000Z', payload: { name: 'Lunch', date: '2026-11-23T04:30:00.000Z', meal_type: 'lunch', foods: [{ food_id: 7, quantity: 150 }] } }]),
    );
    const { calls } = open('/statistics', { 'POST /api/v1/meals/create/': created }, true, []);
    expect(await screen.findByText('1 meal saved offline has been sent')).toBeVisible();
    const posts = calls.filter((call) => call.path === '/api/v1/meals/create/');
    expect(posts.map((call) => call.headers.get('Idempotency-Key'))).toEqual(['key-1']);
  });

  it('of a meal being edited keeps the basket and says so', async () => {
    leaveLateLunchToOpen();
    const { user } = open('/?edit_meal=42', {
      'PUT /api/v1/meals/42/update/': () => {
        throw new TypeError('Failed to fetch');
      },
    }, false, []);
    const box = await screen.findByRole('complementary', { name: 'Editing basket' });
    await user.click(within(box).getByRole('button', { name: 'Update meal' }));
    expect(await screen.findByText('Failed to update the meal')).toBeVisible();
    expect(localStorage.getItem('mealCart')).not.toBeNull();
    expect(localStorage.getItem('mealSaveQueue')).toBeNull();
  });
});
