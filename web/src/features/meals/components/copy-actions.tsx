import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';

/** A copy under way and its refusal, for the copy dialogs: one copy at a time. */
export function useCopying() {
  const { t } = useTranslation('meals');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(copy: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await copy();
    } catch (failure) {
      setError(serverMessage(failure) ?? t('copy.failed'));
    } finally {
      setBusy(false);
    }
  }

  return { error, busy, run, clearError: () => setError(null) };
}

type Copying = ReturnType<typeof useCopying>;

/** The end of a copy dialog: the refusal, if any, then Cancel and the button that copies. */
export function CopyActions({
  copying,
  confirmLabel,
  onCancel,
  onCopy,
}: {
  copying: Copying;
  confirmLabel: string;
  onCancel: () => void;
  onCopy: () => void;
}) {
  const { t } = useTranslation('meals');
  return (
    <>
      {copying.error && <FormMessage tone="error">{copying.error}</FormMessage>}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('copy.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={copying.busy} onClick={onCopy}>
          {copying.busy ? t('copy.copying') : confirmLabel}
        </button>
      </div>
    </>
  );
}
