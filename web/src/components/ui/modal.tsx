import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open modals, innermost last: only the top one answers Escape and keeps focus.
const openModals: string[] = [];

/** What an open modal adds to the history entry it pushes (beside the router's own state). */
type ModalEntry = { modalId: string; modalDepth: number };

function currentEntry(): Partial<ModalEntry> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Partial<ModalEntry>) : {};
}

// A closed modal's entry being taken back: Back is asynchronous, so a modal that opens
// meanwhile pushes its entry after it, and no modal takes that step for a Back of its own.
let leaving: Promise<void> | null = null;

/**
 * Takes a closed modal's entry back, once whatever closed it is done: a navigation that
 * followed (a link in the dialog, a login that goes on to its page) has put its own entry
 * on top, and Back would undo it, so the entry then stays below.
 */
function leaveEntry(id: string) {
  leaving = new Promise((resolve) => {
    const done = () => {
      leaving = null;
      resolve();
    };
    window.setTimeout(() => {
      if (currentEntry().modalId !== id) {
        done();
        return;
      }
      window.addEventListener('popstate', done, { once: true });
      window.history.back();
    }, 0);
  });
}

/** Resolves once a closed modal's history entry is gone, so a navigation after it is not undone by it. */
export function modalEntriesSettled(): Promise<void> {
  return leaving ?? Promise.resolve();
}

type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children: ReactNode;
};

/** A modal dialog: closes on Escape and on a click outside its panel, traps focus. */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  children,
}: ModalProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    openModals.push(id);
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openModals[openModals.length - 1] !== id || !panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        if (!firstItem || !lastItem) return;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    }
    document.addEventListener('keydown', onKeyDown);

    // Each open modal holds a history entry (same address, the router's state kept), so
    // the phone's Back closes the topmost one and leaves the page as it was.
    const depth = openModals.length;
    let closed = false;
    const pushEntry = () => {
      if (closed) return;
      window.history.pushState({ ...currentEntry(), modalId: id, modalDepth: depth } satisfies ModalEntry, '');
      window.addEventListener('popstate', onPopState);
    };
    function onPopState() {
      if (!leaving && (currentEntry().modalDepth ?? 0) < depth) onCloseRef.current();
    }
    // After this commit's other effects: a page that opens a modal from its address and
    // then replaces that address (the barcode link) replaces its own entry, not this one.
    void (leaving ?? Promise.resolve()).then(pushEntry);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('popstate', onPopState);
      openModals.splice(openModals.indexOf(id), 1);
      // Closed by its own button (or Escape): its entry goes too, so Back then does what
      // it did before. Not when Back closed it, nor after a navigation left its entry below.
      closed = true;
      if (currentEntry().modalId === id) leaveEntry(id);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [open, id]);

  if (!open) return null;
  return createPortal(
    // A click beside the panel is a pointer shortcut for closing; the keyboard has Escape
    // (above), so the backdrop is no control and takes no role or focus.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className ? `modal-panel ${className}` : 'modal-panel'}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** A dialog's title beside its close button (×); `titleId` is the id the modal is `labelledBy`. */
export function ModalHeader({ titleId, onClose, children }: { titleId: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="modal-header">
      <h2 id={titleId} className="modal-title">
        {children}
      </h2>
      <button type="button" className="icon-button" aria-label={t('actions.close')} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
