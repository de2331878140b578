import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
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

const ICONS: Record<ToastType, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };

/** An error or a warning waits its turn; a newer message never sweeps it away unread. */
const isAlert = (type: ToastType) => type === 'error' || type === 'warning';

type Placement = 'top' | 'bottom';

/**
 * Marks what a message must never cover while it shows (a question waiting for its
 * answer): spread on the element, `<div {...keepClearOfMessages}>`.
 */
export const keepClearOfMessages = { 'data-keep-clear': '' } as const;

/** The top bar, whose language switch and account stay in reach: a message shows below it. */
const TOP_BAR = '.topbar';

type Box = { top: number; bottom: number; left: number; right: number };

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** What the message would cover at each place: the control in use, and whatever is marked to keep clear. */
function coveredAt(region: HTMLElement, placement: Placement): number {
  const shown = region.className;
  region.className = `toast-region toast-region-${placement}`;
  const box = region.getBoundingClientRect();
  region.className = shown;
  const active = document.activeElement;
  const kept = [...document.querySelectorAll<HTMLElement>('[data-keep-clear]')];
  if (active instanceof HTMLElement && active !== document.body && !region.contains(active)) kept.push(active);
  return kept.reduce((covered, element) => covered + overlap(box, element.getBoundingClientRect()), 0);
}

/**
 * Where the message goes: at the top, under the top bar (or in the room an open sheet
 * leaves above itself), unless it would cover something in use there; then at the bottom,
 * above the tab bar and the basket bar (ui.css, basket.css). Where it is stays while it
 * covers nothing, so it does not jump about; where both would cover, the one covering less.
 */
function placementFor(region: HTMLElement, current: Placement): Placement {
  const other: Placement = current === 'top' ? 'bottom' : 'top';
  const here = coveredAt(region, current);
  if (here === 0) return current;
  return coveredAt(region, other) < here ? other : current;
}

/** How far down the top bar reaches on screen (it scrolls away on a phone); none under an open dialog. */
function topBarBottom(): number {
  if (document.querySelector('.modal-backdrop')) return 0;
  const bar = document.querySelector(TOP_BAR);
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

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
  const regionRef = useRef<HTMLElement>(null);

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

  // Each message is placed as it shows, and again while it shows as the page under it
  // changes (a question appears, a sheet opens, the page scrolls, the focus moves).
  useLayoutEffect(() => {
    const region = regionRef.current;
    if (headId === undefined || !region) return;
    // A new message starts from the top.
    let current: Placement = 'top';
    let frame = 0;
    const settle = () => {
      frame = 0;
      region.style.setProperty('--toast-top', `${topBarBottom()}px`);
      current = placementFor(region, current);
      setPlacement(current);
    };
    const later = () => {
      if (frame === 0) frame = requestAnimationFrame(settle);
    };
    settle();
    const changes = new MutationObserver(later);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    document.addEventListener('focusin', later);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
      document.removeEventListener('focusin', later);
    };
  }, [headId]);

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
      <section ref={regionRef} className={`toast-region toast-region-${placement}`} aria-label={t('toast.region')}>
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
