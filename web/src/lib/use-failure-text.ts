import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, CLIENT_ERROR_CODES, serverMessage } from '@/lib/api-client';

/**
 * The text for a failed call: the server's message (SPEC 8; in Chinese its code's
 * message, see serverMessage), a translated connection error, else the caller's
 * translated fallback.
 */
export function useFailureText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network) return t('errors.connection');
      return serverMessage(error) ?? fallback;
    },
    [t],
  );
}
