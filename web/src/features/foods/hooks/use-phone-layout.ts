import { useSyncExternalStore } from 'react';

/** Below 720 px foods show as compact rows; the full card opens in a sheet (foods.css agrees). */
export const PHONE_ROWS_QUERY = '(max-width: 719px)';

/** Whether the screen is phone-narrow, following changes (false where there is no matchMedia). */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(PHONE_ROWS_QUERY);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_ROWS_QUERY).matches,
    () => false,
  );
}
