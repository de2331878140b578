import { vi } from 'vitest';

export type MockCall = { method: string; path: string; body: unknown; headers: Headers };
export type MockReply = {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is instead of `body` (a CSV download, an HTML error page). */
  text?: string;
  headers?: Record<string, string>;
};
type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

/**
 * Replaces `fetch` for component tests: routes are keyed `METHOD /api/v1/path`, anything
 * else answers the server's 404 envelope, as the real API does for unknown routes.
 */
export function mockFetch(routes: Record<string, Route> = {}) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: MockCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply: MockReply =
      typeof route === 'function'
        ? await route(call)
        : (route ?? {
            status: 404,
            body: { success: false, error: { message: `Not found: ${url.pathname}`, code: 'NOT_FOUND' } },
          });
    return new Response(reply.text ?? JSON.stringify(reply.body ?? null), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Puts a remembered session into local storage, as a previous visit would have. */
export function rememberSession(user: Record<string, unknown> | null = { id: 1, username: 'ann', nickname: 'Ann' }) {
  window.localStorage.setItem('auth_token', 'stored-access');
  window.localStorage.setItem('refresh_token', 'stored-refresh');
  if (user) window.localStorage.setItem('user', JSON.stringify(user));
}
