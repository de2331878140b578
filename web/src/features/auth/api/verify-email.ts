import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/** POST /auth/verify-email answers a session under these names (SPEC 3). */
export type VerifyEmailResponse = components['schemas']['Verified'];

export const verifyEmailKey = '/auth/verify-email';

export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api.post<VerifyEmailResponse>(verifyEmailKey, { token });
}

/** The caller signs in with the answer: it also decides what to show meanwhile. */
export function useVerifyEmail() {
  return useSWRMutation(verifyEmailKey, (_key: string, { arg }: { arg: string }) => verifyEmail(arg));
}
