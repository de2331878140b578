import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepClearOfMessages, ToastProvider, useToast, type ToastType } from '@/components/ui/toast';

function Trigger({ type, message }: { type: ToastType; message: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(type, message)}>
      {`${type}: ${message}`}
    </button>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger type="error" message="Save failed" />
      <Trigger type="success" message="Save failed" />
      <Trigger type="info" message="Saved" />
    </ToastProvider>,
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces errors as alerts and others as status', () => {
    renderToasts();
    click('error: Save failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Save failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    click('info: Saved');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('says only the message: the icon and the dismiss button stay outside the live region', () => {
    renderToasts();
    click('error: Save failed');
    // Not "✕Save failed×": a text match anchored at the message's start finds the toast.
    expect(screen.getByRole('alert').textContent).toBe('Save failed');
    expect(within(screen.getByRole('alert')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  it('shows one message at a time: a newer one replaces a success or info at once', () => {
    renderToasts();
    click('success: Save failed');
    click('info: Saved');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('lets an error finish its time before the next message shows, which then has its own', () => {
    renderToasts();
    click('error: Save failed');
    act(() => vi.advanceTimersByTime(1000));
    click('info: Saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Save failed');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('disappears after 3000 ms', () => {
    renderToasts();
    click('info: Saved');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('merges identical toasts into one with a counter and restarts its timer', () => {
    renderToasts();
    click('error: Save failed');
    act(() => vi.advanceTimersByTime(2000));
    click('error: Save failed');

    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('×2');

    // 2000 ms after the repeat the first timer would have fired; the restarted one has not.
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps toasts of another type apart even with the same message', () => {
    renderToasts();
    click('error: Save failed');
    click('success: Save failed');
    expect(screen.getByRole('alert')).not.toHaveTextContent('×2');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Save failed');
  });

  it('can be dismissed by hand', () => {
    renderToasts();
    click('info: Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

/**
 * A phone's screen, 390 × 844, laid out by hand (jsdom lays nothing out): the top bar's
 * bottom at 56 px, a message 50 px high under it or above the tab bar, and each element
 * with a `data-box="top,bottom"` across the screen.
 */
function layOut() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const box = (top: number, bottom: number, left = 0, right = 390) =>
      ({ top, bottom, left, right, x: left, y: top, width: right - left, height: bottom - top, toJSON: () => ({}) }) as DOMRect;
    if (this.classList.contains('topbar')) return box(0, 56);
    if (this.classList.contains('toast-region-top')) {
      const top = 8 + Number.parseFloat((this as HTMLElement).style.getPropertyValue('--toast-top') || '0');
      return box(top, top + 50, 8, 382);
    }
    if (this.classList.contains('toast-region-bottom')) return box(720, 770, 8, 382);
    const [top, bottom] = (this.getAttribute('data-box') ?? '0,0').split(',').map(Number);
    return box(top ?? 0, bottom ?? 0);
  });
}

/** A page with its top bar, a search box under it, and a question that comes and goes. */
function Page({ questionAt }: { questionAt: string | null }) {
  const toast = useToast();
  const [asked, setAsked] = useState(false);
  return (
    <>
      <header className="topbar">
        <button type="button">中文</button>
      </header>
      <input aria-label="Search" data-box="70,110" />
      <button type="button" data-box="400,440" onClick={() => toast.warning('The values are estimates')}>
        Analyse
      </button>
      <button type="button" data-box="460,500" onClick={() => setAsked(true)}>
        Ask
      </button>
      {asked && questionAt && (
        <div role="group" aria-label="Is this Banana?" data-box={questionAt} {...keepClearOfMessages}>
          <button type="button">Yes</button>
        </div>
      )}
    </>
  );
}

describe('where a message shows', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const region = () => screen.getByRole('region', { name: 'Notifications' });

  it('shows under the top bar, never over its controls', () => {
    layOut();
    render(
      <ToastProvider>
        <Page questionAt={null} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(region()).toHaveClass('toast-region-top');
    expect(region().style.getPropertyValue('--toast-top')).toBe('56px');
  });

  it('shows at the bottom when the control in use is under the top bar', () => {
    layOut();
    render(
      <ToastProvider>
        <Page questionAt={null} />
      </ToastProvider>,
    );
    screen.getByRole('textbox', { name: 'Search' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(region()).toHaveClass('toast-region-bottom');
  });

  it('keeps clear of a question, wherever it is, and moves when one appears under it', () => {
    layOut();
    const { unmount } = render(
      <ToastProvider>
        <Page questionAt="60,300" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(region()).toHaveClass('toast-region-bottom');
    unmount();

    render(
      <ToastProvider>
        <Page questionAt="600,800" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(region()).toHaveClass('toast-region-top');
  });

  it('moves off a question that appears while it shows', async () => {
    layOut();
    render(
      <ToastProvider>
        <Page questionAt="60,300" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(region()).toHaveClass('toast-region-top');
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('group', { name: 'Is this Banana?' })).toBeInTheDocument();
    await vi.waitFor(() => expect(region()).toHaveClass('toast-region-bottom'));
  });
});
