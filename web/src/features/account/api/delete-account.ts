import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

export const deleteAccountKey = '/users/account/';

/** Removes the account and all its data; its tokens stop working. */
export function deleteAccount(password: string): Promise<unknown> {
  return api.delete<unknown>(deleteAccountKey, { body: { password } });
}

/** The caller ends the local session once this succeeds. */
export function useDeleteAccount() {
  return useSWRMutation(deleteAccountKey, (_key: string, { arg }: { arg: string }) => deleteAccount(arg));
}
