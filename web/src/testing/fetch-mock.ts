import { vi } from 'vitest';

export type MockCall = { method: string; path: string; body: unknown; headers: Headers };
export type MockReply = {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is instead of `body` (a CSV download, an HTML error page). */
  text?: string;
  /** Sent instead of `body`, as the test writes it (an event stream that stays open). */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
};
/** A fixed reply, or one made from the call. */
export type MockRoute = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

/**
 * Replaces `fetch` for component tests: routes are keyed `METHOD /api/v1/path`, anything
 * else answers the server's 404 envelope, as the real API does for unknown routes.
 */
export function mockFetch(routes: Record<string, MockRoute> = {}) {
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
    const status = reply.status ?? 200;
    // A 204 has no body at all.
    const body = status === 204 ? null : (reply.stream ?? reply.text ?? JSON.stringify(reply.body ?? null));
    return new Response(body, {
      status,
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

/**
 * A server-sent event stream the test writes to while the app reads it: events with
 * their ids, then its end, or a drop.
 */
export function liveEventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let readerLeft = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      readerLeft = true;
    },
  });
  return {
    reply: { stream, headers: { 'Content-Type': 'text/event-stream' } } satisfies MockReply,
    send(id: number, data: object) {
      controller?.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end() {
      controller?.close();
    },
    /** Whether the app stopped reading (it cancelled the stream). */
    get readerLeft() {
      return readerLeft;
    },
  };
}

/**
 * The server's 202 for work that goes on on its workers (issue 28's accepted view):
 * events at /api/v1/jobs/{jobId}/events/, the answer at `result` (null: call again).
 */
export function acceptedReply(jobId: string, result: string | null = `/api/v1/jobs/${jobId}/result/`): MockReply {
  return {
    status: 202,
    body: {
      success: true,
      data: {
        job_id: jobId,
        status: 'queued',
        progress: 0,
        message: 'Waiting for a worker',
        events: `/api/v1/jobs/${jobId}/events/`,
        result,
      },
    },
  };
}

/** One progress event of a job, as its event stream sends it. */
export function jobEvent(
  jobId: string,
  seq: number,
  status: 'running' | 'completed' | 'failed' | 'cancelled',
  fields: { step?: string; progress?: number; message?: string; error?: { message: string; code: string } } = {},
) {
  return { job_id: jobId, seq, status, step: status, progress: status === 'running' ? 10 : 100, message: '', ...fields };
}

/** A whole event stream: each event with the id its `seq` gives, then the end. */
export function eventStreamReply(events: Array<{ seq: number }>): MockReply {
  return {
    text: events.map((event) => `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
    headers: { 'Content-Type': 'text/event-stream' },
  };
}
