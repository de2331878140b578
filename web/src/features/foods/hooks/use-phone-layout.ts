import { useMediaQuery } from '@/lib/use-media-query';

/** Below 720 px foods show as compact rows; the full card opens in a sheet (foods.css agrees). */
export const PHONE_ROWS_QUERY = '(max-width: 719px)';

/** Whether the screen is phone-narrow, following changes. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_ROWS_QUERY);
}
