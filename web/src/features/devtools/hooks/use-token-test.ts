import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import { expiredJwt, jwtExpiresAt } from '@/features/devtools/utils/jwt';
import { api, ApiError, type ApiClientEvent } from '@/lib/api-client';
import { useLoginDialog } from '@/lib/auth';
import { readItem, removeItem, writeItem } from '@/lib/storage';

/** The call the page makes: it needs a session, and answers who is signed in. */
export const TOKEN_TEST_CALL = '/auth/user/';

export type LogKind =
  | 'expiredAccess'
  | 'removedRefresh'
  | 'calling'
  | 'unauthorized'
  | 'refreshStart'
  | 'refreshSuccess'
  | 'refreshFailure'
  | 'retry'
  | 'sessionFailed'
  | 'callSucceeded'
  | 'callFailed'
  | 'dialogOpened';

export type LogTone = 'info' | 'success' | 'failure';

export type LogEntry = {
  id: number;
  at: number;
  kind: LogKind;
  tone: LogTone;
  values: Record<string, string | number>;
};

const EVENT_KINDS: Record<ApiClientEvent['type'], [LogKind, LogTone]> = {
  unauthorized: ['unauthorized', 'failure'],
  'refresh-start': ['refreshStart', 'info'],
  'refresh-success': ['refreshSuccess', 'success'],
  'refresh-failure': ['refreshFailure', 'failure'],
  retry: ['retry', 'info'],
  'session-failed': ['sessionFailed', 'failure'],
};

export type TokenState = {
  access: string | null;
  refresh: string | null;
  /** From the access token's exp claim; null when it has none (or is not a JWT). */
  expiresAt: number | null;
};

function readTokens(): TokenState {
  const access = readItem(STORAGE_KEYS.authToken);
  return { access, refresh: readItem(STORAGE_KEYS.refreshToken), expiresAt: jwtExpiresAt(access) };
}

/** The time, read every `intervalMs` (and whenever set): what a countdown renders against. */
function useClock(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return [now, setNow] as const;
}

/**
 * The token test page: breaks the stored tokens on request, makes a call, and logs what
 * the API client does about it (its events) and whether the login dialog opened.
 */
export function useTokenTest() {
  // Storage is read on every render; each entry logged also reads the clock again, so a
  // change made here shows with the time it was made.
  const [now, setNow] = useClock(1000);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [calling, setCalling] = useState(false);
  const nextId = useRef(1);
  const { isOpen: dialogOpen } = useLoginDialog();
  const dialogWasOpen = useRef(dialogOpen);

  const add = useCallback((kind: LogKind, tone: LogTone, values: LogEntry['values'] = {}) => {
    const entry: LogEntry = { id: nextId.current++, at: Date.now(), kind, tone, values };
    setLog((current) => [...current, entry]);
    setNow(entry.at);
  }, [setNow]);

  useEffect(
    () =>
      api.onEvent((event) => {
        const [kind, tone] = EVENT_KINDS[event.type];
        add(kind, tone, {
          ...('path' in event ? { path: event.path } : {}),
          ...('reason' in event ? { reason: event.reason } : {}),
        });
      }),
    [add],
  );

  useEffect(() => {
    if (dialogOpen && !dialogWasOpen.current) add('dialogOpened', 'info');
    dialogWasOpen.current = dialogOpen;
  }, [dialogOpen, add]);

  const expireAccess = useCallback(() => {
    writeItem(STORAGE_KEYS.authToken, expiredJwt(readItem(STORAGE_KEYS.authToken), Date.now()));
    add('expiredAccess', 'info');
  }, [add]);

  const removeRefresh = useCallback(() => {
    removeItem(STORAGE_KEYS.refreshToken);
    add('removedRefresh', 'info');
  }, [add]);

  const expireBoth = useCallback(() => {
    expireAccess();
    removeRefresh();
  }, [expireAccess, removeRefresh]);

  const call = useCallback(async () => {
    setCalling(true);
    add('calling', 'info', { path: TOKEN_TEST_CALL });
    try {
      const { status, body } = await api.raw(TOKEN_TEST_CALL);
      const data = (body as { data?: { username?: unknown } } | undefined)?.data;
      if (status >= 200 && status < 300) {
        add('callSucceeded', 'success', { status, username: String(data?.username ?? '') });
      } else {
        const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
        add('callFailed', 'failure', { status, message: String(message ?? '') });
      }
    } catch (error) {
      add('callFailed', 'failure', {
        status: error instanceof ApiError ? error.status : 0,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setCalling(false);
    }
  }, [add]);

  const clearLog = useCallback(() => setLog([]), []);

  return { tokens: readTokens(), now, log, calling, expireAccess, removeRefresh, expireBoth, call, clearLog };
}
