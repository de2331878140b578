import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/** The same answer whether or not the email belongs to an account. */
export type RequestPasswordResetResponse = components['schemas']['Sent'];

export const requestPasswordResetKey = '/auth/password-reset';

export function requestPasswordReset(email: string): Promise<RequestPasswordResetResponse> {
  return api.post<RequestPasswordResetResponse>(requestPasswordResetKey, { email });
}

export function useRequestPasswordReset() {
  return useSWRMutation(requestPasswordResetKey, (_key: string, { arg }: { arg: string }) =>
    requestPasswordReset(arg),
  );
}
