import { useCallback, useRef, useState } from 'react';
import { operationName, type KnownIds, type Operation, type SampleContext } from '@/features/devtools/api/operations';
import { capturedIds, send, type CallInput, type CallResult } from '@/features/devtools/api/run-operation';
import { useAuth, type User } from '@/lib/auth';
import { localTokenStore } from '@/lib/storage';

function dataOf(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/** The API test page's state: the results newest first, the ids learnt so far, what runs. */
export function useApiTest() {
  const { user, signIn, logout } = useAuth();
  const [results, setResults] = useState<CallResult[]>([]);
  const [ids, setIds] = useState<KnownIds>({});
  const [running, setRunning] = useState<ReadonlySet<string>>(() => new Set());
  // One stamp per visit keeps the register sample's username unique but stable.
  const [stamp] = useState(() => Date.now().toString(36));
  const nextId = useRef(1);

  const context: SampleContext = {
    ids,
    username: user?.username ?? null,
    refreshToken: localTokenStore.getRefresh(),
    today: new Date(),
    stamp,
  };

  /** Keeps the page's own session in step with calls that start, rotate or end one. */
  const followSession = useCallback(
    (operation: Operation, payload: Record<string, unknown> | null, body: unknown) => {
      const data = dataOf(body);
      const stored = localTokenStore.getRefresh();
      switch (operation.session) {
        case 'sign-in':
          if (typeof data?.access === 'string' && data.user) {
            signIn({ access: data.access, refresh: (data.refresh as string | undefined) ?? null, user: data.user as User });
          }
          break;
        case 'rotate':
          // The stored refresh token was just used up: keep the new pair, or the app's
          // next refresh would present a reused token and end the session.
          if (typeof data?.access === 'string' && stored && payload?.refresh === stored) {
            localTokenStore.setTokens(data.access, (data.refresh as string | undefined) ?? null);
          }
          break;
        case 'sign-out':
          if (!('refresh_token' in (payload ?? {})) || payload?.refresh_token === stored) logout({ localOnly: true });
          break;
        default:
      }
    },
    [signIn, logout],
  );

  const run = useCallback(
    async (input: CallInput) => {
      const name = operationName(input.operation);
      setRunning((current) => new Set(current).add(name));
      const started = performance.now();
      const { status, body } = await send(input);
      const ms = Math.round(performance.now() - started);
      const result: CallResult = { id: nextId.current++, method: input.operation.method, path: input.path, status, ms, body };
      setResults((current) => [result, ...current]);
      if (status >= 200 && status < 300) {
        setIds((current) => ({ ...current, ...capturedIds(input.operation, body) }));
        followSession(input.operation, input.payload, body);
      }
      setRunning((current) => {
        const next = new Set(current);
        next.delete(name);
        return next;
      });
    },
    [followSession],
  );

  const clear = useCallback(() => setResults([]), []);

  return { context, results, running, run, clear };
}
