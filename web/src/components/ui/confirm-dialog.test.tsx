import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider, useConfirm, type Confirm } from '@/components/ui/confirm-dialog';

function renderConfirm() {
  let confirm: Confirm | undefined;
  function Capture() {
    confirm = useConfirm();
    return null;
  }
  render(
    <ConfirmProvider>
      <Capture />
    </ConfirmProvider>,
  );
  const ask = () => {
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm?.({ title: 'Clear basket?', message: 'All foods will be removed.' });
    });
    if (!answer) throw new Error('confirm was not provided');
    return answer;
  };
  return { ask, user: userEvent.setup() };
}

describe('confirm dialog', () => {
  it('is an accessible dialog with the title and message', async () => {
    const { ask } = renderConfirm();
    void ask();
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear basket?' });
    expect(dialog).toHaveAccessibleDescription('All foods will be removed.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('resolves true on Confirm', async () => {
    const { ask, user } = renderConfirm();
    const answer = ask();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('resolves false on Cancel', async () => {
    const { ask, user } = renderConfirm();
    const answer = ask();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on Escape', async () => {
    const { ask, user } = renderConfirm();
    const answer = ask();
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
