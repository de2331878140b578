import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';

export type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` styles the confirm button for destructive actions. */
  tone?: 'default' | 'danger';
};

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

type Pending = { options: ConfirmOptions; resolve: (answer: boolean) => void };

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const settle = useCallback((answer: boolean) => {
    pendingRef.current?.resolve(answer);
    pendingRef.current = null;
    setPending(null);
  }, []);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A newer question replaces an unanswered one, which counts as cancelled.
        pendingRef.current?.resolve(false);
        pendingRef.current = { options, resolve };
        setPending(pendingRef.current);
      }),
    [],
  );

  // Nobody is left to answer once the provider goes away.
  useEffect(() => () => pendingRef.current?.resolve(false), []);

  const options = pending?.options;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={pending !== null}
        onClose={() => settle(false)}
        role="alertdialog"
        labelledBy={titleId}
        describedBy={messageId}
        className="confirm-panel"
      >
        <h2 id={titleId} className="modal-title">
          {options?.title}
        </h2>
        <p id={messageId}>{options?.message}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" data-autofocus onClick={() => settle(false)}>
            {options?.cancelLabel ?? t('actions.cancel')}
          </button>
          <button
            type="button"
            className={options?.tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={() => settle(true)}
          >
            {options?.confirmLabel ?? t('actions.confirm')}
          </button>
        </div>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** `await confirm({ title, message })` is true only when the person confirms. */
export function useConfirm(): Confirm {
  const value = useContext(ConfirmContext);
  if (!value) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return value;
}
