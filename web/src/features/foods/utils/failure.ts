import { ApiError, serverMessage } from '@/lib/api-client';

/**
 * SPEC 8 for food calls: an answered failure shows the server's message as received,
 * else `failed`; a call that never got an answer (connection lost, a thrown error) shows
 * `error`.
 */
export function foodFailureText(caught: unknown, texts: { failed: string; error: string }): string {
  if (caught instanceof ApiError && caught.status > 0) return serverMessage(caught) ?? texts.failed;
  return texts.error;
}
