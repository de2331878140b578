import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastType } from '@/components/ui/toast';

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

  it('shows at the top, and at the bottom when the control in use is at the top', () => {
    renderToasts();
    click('info: Saved');
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveClass('toast-region-top');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    // jsdom lays nothing out: every box is at the top, as a control up there would be.
    screen.getByRole('button', { name: 'info: Saved' }).focus();
    click('info: Saved');
    expect(region).toHaveClass('toast-region-bottom');
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
