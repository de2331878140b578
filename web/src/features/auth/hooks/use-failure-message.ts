import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, CLIENT_ERROR_CODES, serverMessage } from '@/lib/api-client';

/**
 * The text to show for a failed auth call: the server's message (SPEC 8; its code's
 * translated message in Chinese),
 * a translated connection error, or the form's own fallback.
 */
export function useFailureMessage(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof ApiError) {
        if (error.code === CLIENT_ERROR_CODES.network) return t('errors.connection');
        return serverMessage(error) ?? fallback;
      }
      return fallback;
    },
    [t],
  );
}
