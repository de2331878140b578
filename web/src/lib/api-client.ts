// Long on purpose: the one client every feature calls: the envelope, errors, auth refresh, idempotent retries
// and job progress over SSE are one request's life.
import { API_BASE_URL, AUTH_FAILURE_COOLDOWN_MS } from '@/config/constants';
import { localizedErrorMessage } from '@/lib/error-messages';
import { serverSentEvents, type ServerSentEvent } from '@/lib/server-sent-events';
import { localTokenStore, type TokenStore } from '@/lib/storage';

/** Codes the client itself gives to failures that carry no server code. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  authFailed: 'AUTH_FAILED',
  /** The server accepted the call (202) round after round and never answered it. */
  stillRunning: 'STILL_RUNNING',
} as const;

/** Every failed call throws this: the message is fit to show as received (SPEC 8). */
export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly code: string | undefined;
  /** The parsed response body, for callers that need more than the message. */
  readonly body: unknown;

  constructor(message: string, options: { status: number; code?: string | undefined; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: string;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  query?: Query;
  /**
   * Stops the call, or the following of a call the server accepted (202). It never
   * cancels the server's work: that takes the work's own cancel call.
   */
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key); the client's own win over them. */
  headers?: Record<string, string>;
  /**
   * How a call the server accepted (202) and finishes on its workers is getting on: the
   * accepted view first, then every event of its stream.
   */
  onProgress?: (progress: CallProgress) => void;
  /**
   * The accepted view of a call that answered 202, before the client follows it: for
   * callers that keep the job to find its answer again later (after a reload).
   */
  onAccepted?: (accepted: AcceptedCall) => void;
}

/**
 * What the server answers (202) for a call whose work goes on after the answer: where to
 * follow it and where its answer will be (contract of issue 28, "the accepted view").
 * Both links are absolute paths that include the API base; every client method takes
 * them as they are.
 */
export interface AcceptedCall {
  /** Null for a photo's analysis, which is no single job. */
  job_id: string | null;
  status: string;
  progress: number;
  message: string;
  /** Server-sent events of the work's progress, to its final event. */
  events: string;
  /** Where the call's answer is once the work is done; null: send the call again. */
  result: string | null;
}

/** One report on a call that is under way: the accepted view, or an event of its stream. */
export interface CallProgress {
  /** 0 to 100. */
  progress: number;
  /** The server's words for the step, in English. */
  message: string;
  /** The step's name (queued, label_reading, food_detection…); null when the report names none. */
  step: string | null;
  /** The report as the server sent it. */
  data: Record<string, unknown>;
}

/** One event of a server-sent event stream: its id (for Last-Event-ID) and its JSON data. */
export interface StreamEvent {
  id: string | null;
  data: unknown;
}

export interface FollowOptions {
  /** Of the first connection only (a POST that starts the work); reconnections GET. */
  method?: string;
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** Stops reading; the server's work goes on. */
  signal?: AbortSignal;
  /** The id of the last event already seen elsewhere (a stream followed before a reload). */
  lastEventId?: string | null;
  /**
   * Where to reconnect after a drop, when that is not `path` itself: a stream that a
   * POST opened resumes on the GET view of the same work, which never starts anything.
   */
  resumePath?: string;
  /** Every event, in order, the final one included. */
  onEvent?: (event: StreamEvent) => void;
  /** Whether the event is the stream's last. */
  isFinal: (data: unknown) => boolean;
}

export interface FollowResult {
  /** The final event; null when the server answered 204: there is nothing more to send. */
  final: StreamEvent | null;
  lastEventId: string | null;
}

/** What a call answered, read but not unwrapped: for tools that show the envelope itself. */
export interface RawResponse {
  status: number;
  /** The parsed JSON (or text) body; undefined when empty. */
  body: unknown;
}

/**
 * What the client does about an expired session, as it happens: for the token test page
 * and tests. Listening changes nothing about the calls.
 */
export type ApiClientEvent =
  | { type: 'unauthorized'; path: string }
  | { type: 'refresh-start' }
  | { type: 'refresh-success' }
  | { type: 'refresh-failure'; reason: string }
  | { type: 'retry'; path: string }
  | { type: 'session-failed' };

export interface Download {
  blob: Blob;
  /** From Content-Disposition; null when the server names none. */
  filename: string | null;
}

export interface ApiClientOptions {
  /** Absolute or same-origin base, e.g. `/api/v1`. */
  baseUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  now?: () => number;
  authFailureCooldownMs?: number;
  /**
   * How long to wait before each reconnection of an event stream that dropped; as many
   * tries in a row as there are delays. An event received starts the count again.
   */
  reconnectDelaysMs?: readonly number[];
}

/** A dropped event stream is opened again after these waits (a train tunnel, a flaky Wi-Fi). */
const RECONNECT_DELAYS_MS: readonly number[] = [250, 1000, 3000];

/**
 * How many times in a row one call may be accepted (202) and followed before the client
 * gives up: the server finishes the work before it answers 202 again, so more than a
 * round or two means something is wrong.
 */
const MAX_ACCEPTED_ROUNDS = 4;

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Query, options?: Omit<RequestOptions, 'method' | 'query'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  /**
   * A file the server sends as an attachment (not enveloped), with the same token and
   * refresh handling as `request`. A failure throws ApiError as any call does.
   */
  download(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Download>;
  /**
   * A streamed answer (server-sent events), with the same token and refresh handling as
   * `request`; a failure before the stream starts throws ApiError as any call does.
   */
  stream(path: string, options?: RequestOptions): Promise<ReadableStream<Uint8Array>>;
  /**
   * Reads a server-sent event stream to its final event (see FollowOptions), with the
   * same token and refresh handling as `request`. A connection that drops is opened
   * again with `Last-Event-ID`, a few times with a short backoff; a failure answer
   * throws ApiError as any call does.
   */
  follow(path: string, options: FollowOptions): Promise<FollowResult>;
  /**
   * The status and parsed body as the server sent them (the envelope, not its data), with
   * the same token and refresh handling as `request`; only a failed session or connection
   * throws.
   */
  raw(path: string, options?: RequestOptions): Promise<RawResponse>;
  /**
   * Called when the session has failed (refresh impossible or rejected). By then the
   * tokens and stored user are already gone. Calls are throttled to one per cooldown.
   */
  onSessionFailed(listener: () => void): () => void;
  /** Every refresh attempt, retry and session failure (see ApiClientEvent). */
  onEvent(listener: (event: ApiClientEvent) => void): () => void;
}

// Calls that do not run inside a session: a 401 from them is an answer (bad password,
// expired link), not an expired access token, so it never triggers a refresh.
const SESSIONLESS_AUTH_CALL =
  /^\/auth\/(login|register|refresh|logout|verify-email|resend-verification|password-reset)/;

const REFRESH_PATH = '/auth/refresh';

// A 401 with one of these codes answers the request itself (a wrong current password on
// change-password or account deletion), so the access token is fine: no refresh, no retry.
const ANSWER_401_CODES: ReadonlySet<string> = new Set(['WRONG_PASSWORD']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** SPEC 7: detail, then error.message, then message. */
function messageFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  return (
    nonEmptyString(body.detail) ??
    (isRecord(body.error) ? nonEmptyString(body.error.message) : nonEmptyString(body.error)) ??
    nonEmptyString(body.message)
  );
}

/** SPEC 7: the server's message, else the HTTP status. */
function errorMessage(body: unknown, response: Response): string {
  return messageFromBody(body) ?? (response.statusText || `HTTP ${response.status}`);
}

/**
 * The message for a failed call the server answered, in the current language: the
 * server's own text in English, its code's translated message in Chinese (see
 * localizedErrorMessage). Undefined for a connection error, a thrown non-API error, or an
 * answer with neither a message nor a known code.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status <= 0) return undefined;
  return localizedErrorMessage(error.code, messageFromBody(error.body));
}

/** `attachment; filename="export.json"` (or RFC 5987 `filename*=UTF-8''…`) to the name. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed escape: fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

function errorCode(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (isRecord(body.error)) return nonEmptyString(body.error.code);
  return nonEmptyString(body.code);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** Waits `ms`, or throws AbortError as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The accepted view of a 202 answer (`data.events` present), or null for any other answer. */
function acceptedCall({ response, body }: Parsed): AcceptedCall | null {
  if (response.status !== 202 || !isRecord(body) || body.success === false) return null;
  const data = isRecord(body.data) ? body.data : null;
  const events = nonEmptyString(data?.events);
  if (!data || !events) return null;
  return {
    job_id: nonEmptyString(data.job_id) ?? null,
    status: nonEmptyString(data.status) ?? 'queued',
    progress: typeof data.progress === 'number' ? data.progress : 0,
    message: typeof data.message === 'string' ? data.message : '',
    events,
    result: nonEmptyString(data.result) ?? null,
  };
}

function progressOf(data: Record<string, unknown>): CallProgress {
  const progress = typeof data.progress === 'number' && Number.isFinite(data.progress) ? data.progress : 0;
  return {
    progress: Math.min(100, Math.max(0, progress)),
    message: typeof data.message === 'string' ? data.message : '',
    step: nonEmptyString(data.step) ?? null,
    data,
  };
}

const JOB_FINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);
const CANCELLED_CODE = 'CANCELLED';

/**
 * Whether an event ends its stream. A job's events carry its `status` (the last is
 * completed, failed or cancelled); a photo analysis's carry only a `step` (the last is
 * complete or error).
 */
function isFinalEvent(data: unknown): boolean {
  if (!isRecord(data)) return false;
  if (typeof data.status === 'string') return JOB_FINAL_STATUSES.has(data.status);
  return data.step === 'complete' || data.step === 'error';
}

/**
 * The failure a final event reports, or null when the work ended well. A stream event
 * has no HTTP status of its own: a cancel gets 409 and any other failure 503, the
 * statuses the server gives CANCELLED and a failed job (JOB_FAILED) when it answers them.
 */
function failureOfEvent(data: unknown): ApiError | null {
  if (!isRecord(data)) return null;
  const reported = isRecord(data.error) ? data.error : {};
  const jobStatus = typeof data.status === 'string' ? data.status : null;
  if (jobStatus === 'completed' || (jobStatus === null && data.step === 'complete')) return null;
  const cancelled = jobStatus === 'cancelled' || reported.code === CANCELLED_CODE;
  const code = cancelled ? CANCELLED_CODE : (nonEmptyString(reported.code) ?? 'JOB_FAILED');
  const message =
    nonEmptyString(reported.message) ?? nonEmptyString(data.message) ?? (cancelled ? 'Cancelled' : 'The task failed');
  return new ApiError(message, {
    status: cancelled ? 409 : 503,
    code,
    body: { success: false, error: { message, code } },
  });
}

/** An event whose data is JSON, parsed; null for any other (the server sends only JSON). */
function jsonEvent({ id, data }: ServerSentEvent): StreamEvent | null {
  try {
    return { id, data: JSON.parse(data) as unknown };
  } catch {
    return null;
  }
}

/**
 * Reads events until `onEvent` says one is the last, the stream ends or the connection
 * drops. Aborting `signal` stops reading and throws AbortError.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
  onEvent: (event: StreamEvent) => boolean,
): Promise<{ final: StreamEvent | null; received: number }> {
  let received = 0;
  for await (const sent of serverSentEvents(body, signal)) {
    const event = jsonEvent(sent);
    if (!event) continue;
    received += 1;
    if (onEvent(event)) return { final: event, received };
  }
  return { final: null, received };
}

function connectionError(): ApiError {
  return new ApiError('Connection error', { status: 0, code: CLIENT_ERROR_CODES.network });
}

/** The path part of the API base (`/api/v1` of `http://host/api/v1`), without a trailing slash. */
function basePathOf(baseUrl: string): string {
  return new URL(baseUrl, 'http://localhost').pathname.replace(/\/$/, '');
}

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const relative = path.startsWith('/') ? path : `/${path}`;
  // A link the server handed out (an accepted view's `events` and `result`) names the
  // API base already.
  const basePath = basePathOf(baseUrl);
  const inApi = basePath !== '' && relative.startsWith(`${basePath}/`) ? relative.slice(basePath.length) : relative;
  const url = `${baseUrl.replace(/\/$/, '')}${inApi}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** The browser's IANA time zone (e.g. Asia/Shanghai), or null where Intl cannot say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

type Parsed = { response: Response; body: unknown };

/** How a successful answer is read: JSON (or text) for calls, a Blob for downloads. */
type ReadAs = 'json' | 'blob' | 'stream';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, tokens } = options;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const cooldown = options.authFailureCooldownMs ?? AUTH_FAILURE_COOLDOWN_MS;
  const reconnectDelays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;

  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: ApiClientEvent) => void>();
  function emit(event: ApiClientEvent): void {
    for (const listener of [...eventListeners]) listener(event);
  }
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;

  async function send(
    path: string,
    init: RequestOptions,
    token: string | null,
    readAs: ReadAs = 'json',
  ): Promise<Parsed> {
    const headers: Record<string, string> = {
      ...init.headers,
      Accept: readAs === 'blob' ? '*/*' : readAs === 'stream' ? 'text/event-stream' : 'application/json',
    };
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) {
      body = init.body;
    } else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    // The user's local day is the unit of meal statistics: the server reads the zone here.
    const timeZone = browserTimeZone();
    if (timeZone) headers['X-Time-Zone'] = timeZone;

    try {
      const response = await fetchImpl(buildUrl(baseUrl, path, init.query), {
        method: init.method ?? 'GET',
        headers,
        body,
        signal: init.signal,
      });
      if (readAs === 'blob' && response.ok) return { response, body: await response.blob() };
      if (readAs === 'stream' && response.ok) return { response, body: response.body };
      const text = response.status === 204 ? '' : await response.text();
      let parsed: unknown;
      if (text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text; // Not JSON (an HTML error page from a proxy, plain text).
        }
      }
      return { response, body: parsed };
    } catch (error) {
      if (isAbort(error)) throw error;
      throw connectionError();
    }
  }

  function unwrap<T>({ response, body }: Parsed): T {
    const envelopeFailed = isRecord(body) && body.success === false;
    if (!response.ok || envelopeFailed) {
      throw new ApiError(errorMessage(body, response), {
        status: response.status,
        code: errorCode(body),
        body,
      });
    }
    if (isRecord(body) && 'success' in body) return body.data as T;
    return body as T;
  }

  async function refreshTokens(): Promise<void> {
    const refresh = tokens.getRefresh();
    if (!refresh) throw new Error('No refresh token available');
    const parsed = await send(REFRESH_PATH, { method: 'POST', body: { refresh } }, null);
    let data: unknown;
    try {
      data = unwrap<unknown>(parsed);
    } catch {
      throw new Error('Token refresh failed');
    }
    const access = isRecord(data) ? nonEmptyString(data.access) : undefined;
    if (!access) throw new Error('Invalid refresh response');
    tokens.setTokens(access, isRecord(data) ? nonEmptyString(data.refresh) : undefined);
  }

  async function reportedRefresh(): Promise<void> {
    emit({ type: 'refresh-start' });
    try {
      await refreshTokens();
    } catch (error) {
      emit({ type: 'refresh-failure', reason: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    emit({ type: 'refresh-success' });
  }

  /** One refresh at a time: concurrent 401s wait for the same attempt. */
  function refreshOnce(): Promise<void> {
    refreshing ??= reportedRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function failSession(): ApiError {
    tokens.clear();
    emit({ type: 'session-failed' });
    const at = now();
    if (at - lastFailureAt >= cooldown) {
      lastFailureAt = at;
      for (const listener of [...listeners]) listener();
    }
    return new ApiError('Authentication failed', { status: 401, code: CLIENT_ERROR_CODES.authFailed });
  }

  /** Sends once; on a 401 from an expired session, refreshes once and sends again. */
  async function execute(path: string, init: RequestOptions, readAs: ReadAs = 'json'): Promise<Parsed> {
    const token = tokens.getAccess();
    const first = await send(path, init, token, readAs);
    if (
      first.response.status !== 401 ||
      SESSIONLESS_AUTH_CALL.test(path) ||
      ANSWER_401_CODES.has(errorCode(first.body) ?? '')
    ) {
      return first;
    }
    emit({ type: 'unauthorized', path });

    // Another call may have refreshed while this one was in flight.
    const current = tokens.getAccess();
    if (!current || current === token) {
      try {
        await refreshOnce();
      } catch (error) {
        if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network) throw error;
        if (isAbort(error)) throw error;
        throw failSession();
      }
    }

    emit({ type: 'retry', path });
    const retried = await send(path, init, tokens.getAccess(), readAs);
    if (retried.response.status === 401 && !ANSWER_401_CODES.has(errorCode(retried.body) ?? '')) {
      throw failSession();
    }
    return retried;
  }

  /** A connection that may come back: none made, a proxy or server away for a moment. */
  function isPassing(error: unknown): boolean {
    return error instanceof ApiError && (error.status === 0 || error.status >= 500);
  }

  async function follow(path: string, options: FollowOptions): Promise<FollowResult> {
    const { signal } = options;
    let lastEventId = options.lastEventId ?? null;
    let target = path;
    let first: RequestOptions = {
      method: options.method ?? 'GET',
      body: options.body,
      query: options.query,
      headers: options.headers,
      signal,
    };
    let opened = false;
    let tries = 0;
    for (;;) {
      let failure: unknown;
      try {
        const headers: Record<string, string> = { ...first.headers };
        if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
        const parsed = await execute(target, { ...first, headers }, 'stream');
        // 204: the last event was already seen, or the stream has nothing to send.
        if (parsed.response.status === 204) return { final: null, lastEventId };
        if (!parsed.response.ok) unwrap<unknown>(parsed);
        if (!parsed.body) throw new ApiError('Unable to read response stream', { status: parsed.response.status });
        opened = true;
        const read = await readEvents(parsed.body as ReadableStream<Uint8Array>, signal, (event) => {
          if (event.id !== null) lastEventId = event.id;
          options.onEvent?.(event);
          return options.isFinal(event.data);
        });
        if (read.final) return { final: read.final, lastEventId };
        // Ended before its final event: the connection dropped.
        if (read.received > 0) tries = 0;
        failure = connectionError();
      } catch (error) {
        if (isAbort(error) || !isPassing(error)) throw error;
        failure = error;
      }
      // A POST that never got through is the caller's to send again, not this loop's.
      const delay = reconnectDelays[tries];
      if ((!opened && first.method !== 'GET') || delay === undefined) throw failure;
      tries += 1;
      await pause(delay, signal);
      target = options.resumePath ?? path;
      first = { method: 'GET', signal };
    }
  }

  /**
   * Follows an accepted call's events to their end, reporting each. Throws the failure
   * the final event reports; a 204 (already over) is left to the next request to tell.
   */
  async function followAccepted(accepted: AcceptedCall, init: RequestOptions): Promise<void> {
    const { final } = await follow(accepted.events, {
      signal: init.signal,
      isFinal: isFinalEvent,
      onEvent: (event) => {
        if (isRecord(event.data)) init.onProgress?.(progressOf(event.data));
      },
    });
    const failure = final ? failureOfEvent(final.data) : null;
    if (failure) throw failure;
  }

  /**
   * Sends the call; an answer of 202 (its work goes on on the workers) is followed to
   * its end, then its answer is read from `result`, or the call is sent again.
   */
  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    let target = path;
    let current = init;
    for (let round = 0; ; round += 1) {
      const parsed = await execute(target, current);
      const accepted = acceptedCall(parsed);
      if (!accepted) return unwrap<T>(parsed);
      if (round >= MAX_ACCEPTED_ROUNDS) {
        throw new ApiError('The server is still working on this; please try again later', {
          status: 202,
          code: CLIENT_ERROR_CODES.stillRunning,
          body: parsed.body,
        });
      }
      init.onAccepted?.(accepted);
      init.onProgress?.(progressOf({ ...accepted, step: accepted.status }));
      await followAccepted(accepted, init);
      if (accepted.result !== null) {
        target = accepted.result;
        current = { method: 'GET', signal: init.signal };
      } else {
        // The work is done: the same call now answers at once.
        target = path;
        current = init;
      }
    }
  }

  async function download(path: string, init: Omit<RequestOptions, 'body'> = {}): Promise<Download> {
    const parsed = await execute(path, init, 'blob');
    // A failure was read as JSON or text: unwrap throws the server's error.
    if (!parsed.response.ok) unwrap<unknown>(parsed);
    return {
      // `send` read a successful download as a Blob (not `instanceof Blob` here: the
      // fetch implementation may bring its own Blob class).
      blob: parsed.body as Blob,
      filename: filenameFromDisposition(parsed.response.headers.get('Content-Disposition')),
    };
  }

  async function stream(path: string, init: RequestOptions = {}): Promise<ReadableStream<Uint8Array>> {
    const parsed = await execute(path, init, 'stream');
    if (!parsed.response.ok) unwrap<unknown>(parsed);
    if (!parsed.body) {
      throw new ApiError('Unable to read response stream', { status: parsed.response.status });
    }
    return parsed.body as ReadableStream<Uint8Array>;
  }

  async function raw(path: string, init: RequestOptions = {}): Promise<RawResponse> {
    const { response, body } = await execute(path, init);
    return { status: response.status, body };
  }

  return {
    request,
    raw,
    get: (path, query, rest) => request(path, { ...rest, method: 'GET', query }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    put: (path, body, rest) => request(path, { ...rest, method: 'PUT', body }),
    patch: (path, body, rest) => request(path, { ...rest, method: 'PATCH', body }),
    delete: (path, rest) => request(path, { ...rest, method: 'DELETE' }),
    download,
    stream,
    follow,
    onSessionFailed(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => {
        eventListeners.delete(listener);
      };
    },
  };
}

/** The app's one client: same-origin API, tokens in local storage. */
export const api = createApiClient({ baseUrl: API_BASE_URL, tokens: localTokenStore });

/** SWR keys are a path, or a path plus its query. */
export type SwrKey = string | readonly [path: string, query: Query];

export function swrFetcher<T>(key: SwrKey): Promise<T> {
  return typeof key === 'string' ? api.get<T>(key) : api.get<T>(key[0], key[1]);
}
