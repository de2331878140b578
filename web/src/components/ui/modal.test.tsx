import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '@/components/ui/modal';

/** A sheet with a typed quantity, and a dialog that may open over it. */
function Page() {
  const [sheet, setSheet] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <>
      <input aria-label="Page notes" />
      <button type="button" onClick={() => setSheet(true)}>
        Open sheet
      </button>
      <Modal open={sheet} onClose={() => setSheet(false)} labelledBy="sheet-title">
        <h2 id="sheet-title">Sheet</h2>
        <input aria-label="Quantity" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <button type="button" onClick={() => setDialog(true)}>
          Ask
        </button>
        <button type="button" onClick={() => setSheet(false)}>
          Close sheet
        </button>
      </Modal>
      <Modal open={dialog} onClose={() => setDialog(false)} labelledBy="dialog-title">
        <h2 id="dialog-title">Question</h2>
      </Modal>
    </>
  );
}

const entry = () => (window.history.state ?? {}) as { modalDepth?: number };
const back = async () => {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await popped;
};

describe('modal and the Back button', () => {
  it('Back closes the topmost sheet or dialog only, and keeps the page and what was typed', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.type(screen.getByLabelText('Page notes'), 'lunch');
    await user.click(screen.getByRole('button', { name: 'Open sheet' }));
    await waitFor(() => expect(entry().modalDepth).toBe(1));
    await user.type(screen.getByLabelText('Quantity'), '150');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(entry().modalDepth).toBe(2));

    await back();
    expect(screen.queryByRole('dialog', { name: 'Question' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Sheet' })).toBeVisible();
    expect(screen.getByLabelText('Quantity')).toHaveValue('150');

    await back();
    expect(screen.queryByRole('dialog', { name: 'Sheet' })).toBeNull();
    expect(screen.getByLabelText('Page notes')).toHaveValue('lunch');
    expect(entry().modalDepth).toBeUndefined();
  });

  it('closing by its own button takes its history entry back, so Back then does what it did before', async () => {
    const user = userEvent.setup();
    window.history.replaceState({ page: 'search' }, '');
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open sheet' }));
    await waitFor(() => expect(entry().modalDepth).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Close sheet' }));
    expect(screen.queryByRole('dialog', { name: 'Sheet' })).toBeNull();
    await waitFor(() => expect(window.history.state).toEqual({ page: 'search' }));

    // Opened again at once: its entry comes after the old one has gone.
    await user.click(screen.getByRole('button', { name: 'Open sheet' }));
    await waitFor(() => expect(entry().modalDepth).toBe(1));
    await back();
    expect(screen.queryByRole('dialog', { name: 'Sheet' })).toBeNull();
    expect(window.history.state).toEqual({ page: 'search' });
  });
});
