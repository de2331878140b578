import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';

/**
 * The text to show for a failed auth call: the server's message as received (SPEC 8),
 * a translated connection error, or the form's own fallback.
 */
export function useFailureMessage(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof ApiError) {
        if (error.code === CLIENT_ERROR_CODES.network) return t('errors.connection');
        return error.message || fallback;
      }
      return fallback;
    },
    [t],
  );
}
