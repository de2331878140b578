import { API_BASE_URL, AUTH_FAILURE_COOLDOWN_MS } from '@/config/constants';
import { localizedErrorMessage } from '@/lib/error-messages';
import { localTokenStore, type TokenStore } from '@/lib/storage';

/** Codes the client itself gives to failures that carry no server code. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  authFailed: 'AUTH_FAILED',
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
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key); the client's own win over them. */
  headers?: Record<string, string>;
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
}

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
const ANSWER_401_CODES: ReadonlySet<string> = new Set(['INVALID_CREDENTIALS']);

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

function connectionError(): ApiError {
  return new ApiError('Connection error', { status: 0, code: CLIENT_ERROR_CODES.network });
}

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
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
      Accept: readAs === 'blob' ? '*/*' : 'application/json',
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

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    return unwrap<T>(await execute(path, init));
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
