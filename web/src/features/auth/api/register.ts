import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { markFirstRun } from '@/lib/first-run';
import { useAuth } from '@/lib/auth';
import type { components } from '@/types/api.gen';

/** SPEC 3: the "first name" field is sent as `nickname`. */
export type RegisterInput = { username: string; email: string; nickname: string; password: string };

/**
 * The server signs the new account in at once (tokens and user) and mails a verification
 * link (`verification_sent`).
 */
export type RegisterResponse = components['schemas']['Registered'];

export const registerKey = '/auth/register';

export function register(input: RegisterInput): Promise<RegisterResponse> {
  return api.post<RegisterResponse>(registerKey, input);
}

export function useRegister() {
  const { signIn } = useAuth();
  return useSWRMutation(registerKey, (_key: string, { arg }: { arg: RegisterInput }) => register(arg), {
    onSuccess: (data) => {
      if (data.access && data.user) {
        // A new account is asked its body data before the spec's defaults pass for its own.
        markFirstRun(data.user.username);
        signIn({ access: data.access, refresh: data.refresh, user: data.user });
      }
    },
  });
}
