import { useSyncExternalStore } from 'react';

/** Whether the media query matches now, following changes (false where there is no matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * Below 960 px the search page has no room for the basket beside the results (foods.css),
 * so the basket is a bottom sheet there; below 900 px the app is laid out for a phone.
 */
export const PHONE_QUERY = '(max-width: 959px)';
