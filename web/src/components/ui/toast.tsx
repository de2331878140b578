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

type Toast = { id: number; type: ToastType; message: string; count: number };

export type ToastApi = {
  show: (type: ToastType, message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  warning: (message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/** Keeps the screen readable when something fails in a loop. */
const MAX_VISIBLE = 5;

const ICONS: Record<ToastType, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };

export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  duration?: number;
}) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The list also lives in a ref so `show` can merge duplicates without side effects
  // inside a state updater.
  const listRef = useRef<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const commit = useCallback((next: Toast[]) => {
    listRef.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      commit(listRef.current.filter((toast) => toast.id !== id));
    },
    [commit],
  );

  const schedule = useCallback(
    (id: number, ms: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      if (ms > 0) timers.current.set(id, setTimeout(() => dismiss(id), ms));
    },
    [dismiss],
  );

  const show = useCallback(
    (type: ToastType, message: string, options?: ToastOptions) => {
      const ms = options?.duration ?? duration;
      const same = listRef.current.find((toast) => toast.type === type && toast.message === message);
      if (same) {
        // Identical toasts merge: count up and start the timer again (SPEC 9).
        commit(listRef.current.map((toast) => (toast === same ? { ...toast, count: toast.count + 1 } : toast)));
        schedule(same.id, ms);
        return same.id;
      }
      const id = nextId.current++;
      const next = [...listRef.current, { id, type, message, count: 1 }];
      for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE))) {
        clearTimeout(timers.current.get(dropped.id));
        timers.current.delete(dropped.id);
      }
      commit(next.slice(-MAX_VISIBLE));
      schedule(id, ms);
      return id;
    },
    [commit, duration, schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

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
      <section className="toast-region" aria-label={t('toast.region')}>
        {toasts.map((toast) => (
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
