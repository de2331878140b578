import useSWRMutation from 'swr/mutation';
import { api, ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { components } from '@/types/api.gen';

export type LoginInput = { username: string; password: string };

/** POST /auth/login answers the tokens and the user (SPEC 7). */
export type LoginResponse = components['schemas']['LoggedIn'];

export const loginKey = '/auth/login';

export async function login(input: LoginInput): Promise<LoginResponse> {
  const data = await api.post<Partial<LoginResponse> | null>(loginKey, input);
  if (!data?.access || !data.refresh || !data.user) {
    throw new ApiError('Invalid login response', { status: 200, body: data });
  }
  return { access: data.access, refresh: data.refresh, user: data.user };
}

/** Logs in and starts the session; errors reach the caller of `trigger`. */
export function useLogin() {
  const { signIn } = useAuth();
  return useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg), {
    onSuccess: (data) => signIn({ access: data.access, refresh: data.refresh, user: data.user }),
  });
}
