import { useCallback, useMemo, useRef, useState } from 'react';
import { useOpenApiDocument } from '@/features/devtools/api/get-openapi-document';
import { send, type CallInput, type CallResult } from '@/features/devtools/api/run-operation';
import { capturedIds, slotsOf, type KnownIds, type SampleContext } from '@/features/devtools/utils/known-ids';
import { groupByTag, readOperations, type Operation } from '@/features/devtools/utils/openapi';
import { useAuth, type User } from '@/lib/auth';
import { localTokenStore } from '@/lib/storage';

function dataOf(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/**
 * Calls that end the session they are sent with: what a call means for this page's own
 * session is not in the document. Starting one (an answer with `access` and `user`) and
 * rotating one (`access` for the stored refresh token) show in the answer itself.
 */
const SESSION_ENDING: ReadonlySet<string> = new Set(['POST /auth/logout', 'DELETE /users/account']);

function endsSession(operation: Operation): boolean {
  return SESSION_ENDING.has(`${operation.method} ${operation.path.replace(/\/+$/, '')}`);
}

/**
 * The API test page's state: the calls of the server's OpenAPI document by tag, the
 * results newest first, the ids learnt so far, what runs.
 */
export function useApiTest() {
  const { user, signIn, logout } = useAuth();
  const document = useOpenApiDocument();
  const [results, setResults] = useState<CallResult[]>([]);
  const [ids, setIds] = useState<KnownIds>({});
  const [running, setRunning] = useState<ReadonlySet<string>>(() => new Set());
  const nextId = useRef(1);

  const { groups, slots } = useMemo(() => {
    if (!document.data) return { groups: [], slots: [] };
    const operations = readOperations(document.data, new Date());
    return { groups: groupByTag(document.data, operations), slots: slotsOf(operations) };
  }, [document.data]);

  const context: SampleContext = { ids, slots, refreshToken: localTokenStore.getRefresh() };

  /** Keeps the page's own session in step with calls that start, rotate or end one. */
  const followSession = useCallback(
    (operation: Operation, payload: Record<string, unknown> | null, body: unknown) => {
      const data = dataOf(body);
      const stored = localTokenStore.getRefresh();
      if (typeof data?.access === 'string' && data.user) {
        signIn({ access: data.access, refresh: (data.refresh as string | undefined) ?? null, user: data.user as User });
      } else if (typeof data?.access === 'string') {
        // The stored refresh token was just used up: keep the new pair, or the app's
        // next refresh would present a reused token and end the session.
        if (stored && payload?.refresh === stored) {
          localTokenStore.setTokens(data.access, (data.refresh as string | undefined) ?? null);
        }
      } else if (endsSession(operation)) {
        if (!('refresh_token' in (payload ?? {})) || payload?.refresh_token === stored) logout({ localOnly: true });
      }
    },
    [signIn, logout],
  );

  const run = useCallback(
    async (input: CallInput) => {
      const { name } = input.operation;
      setRunning((current) => new Set(current).add(name));
      const started = performance.now();
      const { status, body } = await send(input);
      const ms = Math.round(performance.now() - started);
      const result: CallResult = { id: nextId.current++, method: input.operation.method, path: input.path, status, ms, body };
      setResults((current) => [result, ...current]);
      if (status >= 200 && status < 300) {
        const learnt = capturedIds(slots, { operation: input.operation, pathValues: input.pathValues, status, body });
        setIds((current) => ({ ...current, ...learnt }));
        followSession(input.operation, input.payload, body);
      }
      setRunning((current) => {
        const next = new Set(current);
        next.delete(name);
        return next;
      });
    },
    [followSession, slots],
  );

  const clear = useCallback(() => setResults([]), []);

  return {
    username: user?.username ?? null,
    groups,
    loading: document.isLoading,
    failed: document.error !== undefined && !document.data,
    reload: () => void document.mutate(),
    context,
    results,
    running,
    run,
    clear,
  };
}
