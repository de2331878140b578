import useSWRMutation from 'swr/mutation';
import { api, ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { components } from '@/types/api.gen';

export type ChangePasswordInput = { current_password: string; new_password: string };
/** This session goes on with new tokens; every other session of the user ends. */
export type ChangePasswordResponse = components['schemas']['SessionTokens'];

export const changePasswordKey = '/users/change-password/';

export async function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  const data = await api.post<Partial<ChangePasswordResponse> | null>(changePasswordKey, input);
  if (!data?.access || !data.refresh) {
    throw new ApiError('Invalid change-password response', { status: 200, body: data });
  }
  return { access: data.access, refresh: data.refresh };
}

export function useChangePassword() {
  const { user, signIn } = useAuth();
  return useSWRMutation(
    changePasswordKey,
    (_key: string, { arg }: { arg: ChangePasswordInput }) => changePassword(arg),
    {
      onSuccess: (data) => {
        if (user) signIn({ access: data.access, refresh: data.refresh, user });
      },
    },
  );
}
