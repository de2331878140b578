import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@/config/constants';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type ToastOptions = {
  /** Milliseconds on screen; 0 keeps it until dismissed. */
  duration?: number;
};

type Toast = { id: number; type: ToastType; message: string; count: number; ms: number };

export type ToastApi = {
  show: (type: ToastType, message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  warning: (message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/** Keeps the queue short when something fails in a loop. */
const MAX_QUEUED = 5;

/**
 * On a phone a message shows at the top of the screen, where nothing is being tapped
 * after an add; when the control in use is up there, it shows at the bottom instead,
 * above the basket bar (ui.css).
 */
const TOP_ZONE_PX = 160;

const ICONS: Record<ToastType, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };

/** An error or a warning waits its turn; a newer message never sweeps it away unread. */
const isAlert = (type: ToastType) => type === 'error' || type === 'warning';

/** Where the next message goes: away from the control that has the focus. */
function placementNow(): Placement {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return 'top';
  return active.getBoundingClientRect().top < TOP_ZONE_PX ? 'bottom' : 'top';
}

type Placement = 'top' | 'bottom';

/**
 * One message at a time, so a stack of them never covers the page: the first of the
 * queue shows, and its time starts when it shows. A new message replaces a success or
 * an info still waiting or showing (it is news no more); errors and warnings stay queued.
 */
export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  duration?: number;
}) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [placement, setPlacement] = useState<Placement>('top');
  // The queue also lives in a ref so `show` can merge duplicates without side effects
  // inside a state updater.
  const listRef = useRef<Toast[]>([]);
  const nextId = useRef(1);

  const commit = useCallback((next: Toast[]) => {
    listRef.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => commit(listRef.current.filter((toast) => toast.id !== id)),
    [commit],
  );

  // The message showing has its time from when it showed; a repeat starts it again.
  const head = toasts[0];
  const [headId, headCount, headMs] = [head?.id, head?.count, head?.ms];
  useEffect(() => {
    if (headId === undefined || !headMs) return;
    const timer = setTimeout(() => dismiss(headId), headMs);
    return () => clearTimeout(timer);
  }, [headId, headCount, headMs, dismiss]);

  const show = useCallback(
    (type: ToastType, message: string, options?: ToastOptions) => {
      const ms = options?.duration ?? duration;
      const same = listRef.current.find((toast) => toast.type === type && toast.message === message);
      if (same) {
        // Identical toasts merge: count up and start the timer again (SPEC 9).
        commit(listRef.current.map((toast) => (toast === same ? { ...toast, count: toast.count + 1, ms } : toast)));
        return same.id;
      }
      const id = nextId.current++;
      if (listRef.current.length === 0) setPlacement(placementNow());
      const kept = listRef.current.filter((toast) => isAlert(toast.type));
      commit([...kept, { id, type, message, count: 1, ms }].slice(-MAX_QUEUED));
      return id;
    },
    [commit, duration],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      warning: (message, options) => show('warning', message, options),
      info: (message, options) => show('info', message, options),
      dismiss,
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className={`toast-region toast-region-${placement}`} aria-label={t('toast.region')}>
        {toasts.slice(0, 1).map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.type}`}>
            <span className="toast-icon" aria-hidden="true">
              {ICONS[toast.type]}
            </span>
            {/* The live region holds what is said, the message and its repeat count, and
                nothing else: its text is the message itself, not "✓Message×" with the
                icon glyph and the dismiss button's "×" around it. */}
            <div
              // Errors and warnings interrupt; the rest wait their turn.
              role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
              className="toast-body"
            >
              <span className="toast-message">{toast.message}</span>
              {toast.count > 1 && (
                <span className="toast-count">
                  <span aria-hidden="true">×{toast.count}</span>
                  <span className="visually-hidden">{t('toast.repeated', { count: toast.count })}</span>
                </span>
              )}
            </div>
            <button
              type="button"
              className="toast-close"
              aria-label={t('toast.dismiss')}
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
