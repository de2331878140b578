import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/** The same answer whether or not the email belongs to an account. */
export type ResendVerificationResponse = components['schemas']['Sent'];

export const resendVerificationKey = '/auth/resend-verification';

export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return api.post<ResendVerificationResponse>(resendVerificationKey, { email });
}

export function useResendVerification() {
  return useSWRMutation(resendVerificationKey, (_key: string, { arg }: { arg: string }) =>
    resendVerification(arg),
  );
}
