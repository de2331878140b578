import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export type ConfirmPasswordResetInput = { token: string; password: string };
export type ConfirmPasswordResetResponse = components['schemas']['Sent'];

export const confirmPasswordResetKey = '/auth/password-reset-confirm';

/** Every session of that user ends on the server; the person logs in again. */
export function confirmPasswordReset(input: ConfirmPasswordResetInput): Promise<ConfirmPasswordResetResponse> {
  return api.post<ConfirmPasswordResetResponse>(confirmPasswordResetKey, input);
}

export function useConfirmPasswordReset() {
  return useSWRMutation(
    confirmPasswordResetKey,
    (_key: string, { arg }: { arg: ConfirmPasswordResetInput }) => confirmPasswordReset(arg),
  );
}
