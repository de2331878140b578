// Long on purpose: the tests of the one API client, one group per part of a request's life.
// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClientEvent, filenameFromDisposition, serverMessage } from '@/lib/api-client';
import type { TokenStore } from '@/lib/storage';
import { sendJson, startServer, type Handler } from '@/testing/http-server';

function memoryTokens(access: string | null = null, refresh: string | null = null) {
  const state = { access, refresh, clears: 0 };
  const store: TokenStore = {
    getAccess: () => state.access,
    getRefresh: () => state.refresh,
    setTokens(nextAccess, nextRefresh) {
      state.access = nextAccess;
      if (nextRefresh) state.refresh = nextRefresh;
    },
    clear() {
      state.access = null;
      state.refresh = null;
      state.clears += 1;
    },
  };
  return { store, state };
}

let server: Awaited<ReturnType<typeof startServer>> | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler, tokens = memoryTokens(), clock = { now: 0 }) {
  server = await startServer(handler);
  const client = createApiClient({
    baseUrl: `${server.origin}/api/v1`,
    tokens: tokens.store,
    now: () => clock.now,
  });
  const failures: number[] = [];
  client.onSessionFailed(() => failures.push(clock.now));
  return { client, tokens, failures, clock, requests: server.requests };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client: envelope', () => {
  it('returns the data of a successful envelope', async () => {
    const { client } = await setup((_req, res) => sendJson(res, 200, { success: true, data: { id: 7, name: 'Rice' } }));
    await expect(client.get('/foods/7/')).resolves.toEqual({ id: 7, name: 'Rice' });
  });

  it('sends JSON bodies with the bearer token under the API base', async () => {
    const { client, requests } = await setup(
      (req, res) => sendJson(res, 201, { success: true, data: req.body }),
      memoryTokens('access-1', 'refresh-1'),
    );
    await expect(client.post('/foods/create/', { name: '米饭', calories: 116 })).resolves.toEqual({
      name: '米饭',
      calories: 116,
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v1/foods/create/');
    expect(request?.headers.authorization).toBe('Bearer access-1');
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('sends no Authorization header without a token, and skips empty query values', async () => {
    const { client, requests } = await setup((_req, res) => sendJson(res, 200, { success: true, data: [] }));
    await client.get('/foods/search/', { query: 'rice bowl', page_size: 20, page: undefined, brand: null });
    expect(requests[0]?.path).toBe('/api/v1/foods/search/?query=rice+bowl&page_size=20');
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('fails on an envelope with success false even under HTTP 200', async () => {
    const { client } = await setup((_req, res) =>
      sendJson(res, 200, { success: false, error: { message: 'Meal not found', code: 'NOT_FOUND' } }),
    );
    const error = await caught(client.get('/meals/1/'));
    expect(error.message).toBe('Meal not found');
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('api client: time zone', () => {
  /** Makes the browser report `zone`, as a visitor in that zone would see it. */
  function browserIn(zone: string | undefined) {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: zone as string };
    });
  }

  it("names the browser's zone on every request, the refresh and the retry included", async () => {
    browserIn('Asia/Shanghai');
    const { client, requests } = await setup((req, res) => {
      if (req.path === '/api/v1/auth/refresh') {
        return sendJson(res, 200, { success: true, data: { access: 'fresh-access' } });
      }
      if (req.headers.authorization !== 'Bearer fresh-access') {
        return sendJson(res, 401, { success: false, error: { message: 'Token expired', code: 'TOKEN_EXPIRED' } });
      }
      return sendJson(res, 200, { success: true, data: { meals: [] } });
    }, memoryTokens('stale-access', 'refresh-1'));
    await client.get('/meals/statistics/', { date: '2026-11-23' });
    await client.post('/meals/create/', { foods: [] });
    expect(requests).toHaveLength(4);
    expect(requests.map((r) => r.headers['x-time-zone'])).toEqual(Array(4).fill('Asia/Shanghai'));
  });

  it('leaves the header out where the browser names no zone (the server then counts in UTC)', async () => {
    browserIn(undefined);
    const { client, requests } = await setup((_req, res) => sendJson(res, 200, { success: true, data: {} }));
    await client.get('/meals/recent/');
    expect(requests[0]?.headers).not.toHaveProperty('x-time-zone');
  });
});

describe('api client: error messages', () => {
  const cases: Array<[string, number, unknown, string]> = [
    ['detail first', 400, { detail: 'Detail text', error: { message: 'Error text' }, message: 'Message text' }, 'Detail text'],
    ['then error.message', 422, { success: false, error: { message: 'Error text', code: 'VALIDATION' }, message: 'Message text' }, 'Error text'],
    ['then message', 409, { message: 'Message text' }, 'Message text'],
    ['else the HTTP status text', 503, { success: false }, 'Service Unavailable'],
  ];

  for (const [name, status, body, message] of cases) {
    it(`takes ${name}`, async () => {
      const { client } = await setup((_req, res) => sendJson(res, status, body));
      const error = await caught(client.get('/meals/list/'));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toBe(message);
      expect(error.status).toBe(status);
    });
  }

  it('carries the server code', async () => {
    const { client } = await setup((_req, res) =>
      sendJson(res, 404, { success: false, error: { message: 'Not found: /api/v1/nope', code: 'NOT_FOUND' } }),
    );
    const error = await caught(client.get('/nope'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Not found: /api/v1/nope');
  });

  it('handles a body that is not JSON', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html><body>upstream down</body></html>');
    });
    const error = await caught(client.get('/foods/search/'));
    expect(error.message).toBe('Bad Gateway');
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
  });

  it('reports a network failure as a connection error', async () => {
    const { client } = await setup((_req, res) => sendJson(res, 200, {}));
    await server?.close();
    server = undefined;
    const error = await caught(client.get('/foods/search/'));
    expect(error.message).toBe('Connection error');
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });
});

describe('api client: expired sessions', () => {
  /** Accepts only `fresh-access`; refreshes with `refresh-1` into it. */
  const sessionServer =
    (refresh: (res: Parameters<Handler>[1]) => void): Handler =>
    (req, res) => {
      if (req.path === '/api/v1/auth/refresh') return refresh(res);
      if (req.path === '/api/v1/auth/login')
        return sendJson(res, 401, { success: false, error: { message: 'Invalid credentials', code: 'UNAUTHORIZED' } });
      if (req.headers.authorization !== 'Bearer fresh-access')
        return sendJson(res, 401, { success: false, error: { message: 'Token expired', code: 'UNAUTHORIZED' } });
      return sendJson(res, 200, { success: true, data: { meals: [] } });
    };

  const refreshSucceeds = sessionServer((res) =>
    sendJson(res, 200, { success: true, data: { access: 'fresh-access', refresh: 'refresh-2' } }),
  );
  const refreshRejected = sessionServer((res) =>
    sendJson(res, 401, { success: false, error: { message: 'Refresh token expired', code: 'UNAUTHORIZED' } }),
  );

  it('refreshes once on a 401 and retries the call', async () => {
    const { client, tokens, requests, failures } = await setup(
      refreshSucceeds,
      memoryTokens('stale-access', 'refresh-1'),
    );
    await expect(client.get('/meals/list/')).resolves.toEqual({ meals: [] });

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/meals/list/',
      'POST /api/v1/auth/refresh',
      'GET /api/v1/meals/list/',
    ]);
    expect(requests[1]?.body).toEqual({ refresh: 'refresh-1' });
    expect(requests[2]?.headers.authorization).toBe('Bearer fresh-access');
    expect(tokens.state).toMatchObject({ access: 'fresh-access', refresh: 'refresh-2' });
    expect(failures).toEqual([]);
  });

  it('shares one refresh between calls that fail together', async () => {
    const { client, requests } = await setup(refreshSucceeds, memoryTokens('stale-access', 'refresh-1'));
    await Promise.all([client.get('/meals/list/'), client.get('/foods/user/'), client.get('/users/profile/')]);
    expect(requests.filter((r) => r.path === '/api/v1/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh is rejected', async () => {
    const { client, tokens, failures } = await setup(refreshRejected, memoryTokens('stale-access', 'refresh-1'));
    const error = await caught(client.get('/meals/list/'));
    expect(error.message).toBe('Authentication failed');
    expect(error.status).toBe(401);
    expect(tokens.state).toMatchObject({ access: null, refresh: null });
    expect(tokens.state.clears).toBeGreaterThan(0);
    expect(failures).toEqual([0]);
  });

  it('ends the session without a refresh call when no refresh token is stored', async () => {
    const { client, requests, failures } = await setup(refreshSucceeds, memoryTokens('stale-access', null));
    await caught(client.get('/meals/list/'));
    expect(requests.map((r) => r.path)).toEqual(['/api/v1/meals/list/']);
    expect(failures).toHaveLength(1);
  });

  it('ends the session when the retry is refused too', async () => {
    const { client, failures } = await setup(
      sessionServer((res) => sendJson(res, 200, { success: true, data: { access: 'still-wrong' } })),
      memoryTokens('stale-access', 'refresh-1'),
    );
    const error = await caught(client.get('/meals/list/'));
    expect(error.message).toBe('Authentication failed');
    expect(failures).toHaveLength(1);
  });

  it('treats a refresh answer without an access token as a failure', async () => {
    const { client, failures } = await setup(
      sessionServer((res) => sendJson(res, 200, { success: true, data: { token: 'wrong-field' } })),
      memoryTokens('stale-access', 'refresh-1'),
    );
    await caught(client.get('/meals/list/'));
    expect(failures).toHaveLength(1);
  });

  it('reports session failures at most once per 5 s', async () => {
    const clock = { now: 1_000 };
    const { client, tokens, failures } = await setup(refreshRejected, memoryTokens('a', 'r'), clock);
    await caught(client.get('/meals/list/'));
    tokens.store.setTokens('b', 'r');
    clock.now = 5_999;
    await caught(client.get('/meals/list/'));
    expect(failures).toEqual([1_000]);

    tokens.store.setTokens('c', 'r');
    clock.now = 6_000;
    await caught(client.get('/meals/list/'));
    expect(failures).toEqual([1_000, 6_000]);
  });

  it('reports the 401, the refresh and the retry to event listeners', async () => {
    const { client } = await setup(refreshSucceeds, memoryTokens('stale-access', 'refresh-1'));
    const events: ApiClientEvent[] = [];
    client.onEvent((event) => events.push(event));
    await client.get('/meals/list/');
    expect(events).toEqual([
      { type: 'unauthorized', path: '/meals/list/' },
      { type: 'refresh-start' },
      { type: 'refresh-success' },
      { type: 'retry', path: '/meals/list/' },
    ]);
  });

  it('reports a refresh that cannot start and the failed session', async () => {
    const { client } = await setup(refreshSucceeds, memoryTokens('stale-access', null));
    const events: ApiClientEvent[] = [];
    const stop = client.onEvent((event) => events.push(event));
    await caught(client.get('/meals/list/'));
    expect(events).toEqual([
      { type: 'unauthorized', path: '/meals/list/' },
      { type: 'refresh-start' },
      { type: 'refresh-failure', reason: 'No refresh token available' },
      { type: 'session-failed' },
    ]);
    stop();
    await caught(client.get('/meals/list/'));
    expect(events).toHaveLength(4);
  });

  it('answers the status and envelope itself from raw, after a refresh', async () => {
    const { client } = await setup(refreshSucceeds, memoryTokens('stale-access', 'refresh-1'));
    await expect(client.raw('/meals/list/')).resolves.toEqual({
      status: 200,
      body: { success: true, data: { meals: [] } },
    });
    await expect(client.raw('/auth/login', { method: 'POST', body: {} })).resolves.toMatchObject({
      status: 401,
      body: { success: false, error: { message: 'Invalid credentials' } },
    });
  });

  it('does not refresh on a 401 from the login call', async () => {
    const { client, requests, failures, tokens } = await setup(refreshSucceeds, memoryTokens('kept', 'kept-refresh'));
    const error = await caught(client.post('/auth/login', { username: 'ann', password: 'wrong' }));
    expect(error.message).toBe('Invalid credentials');
    expect(error.status).toBe(401);
    expect(requests.map((r) => r.path)).toEqual(['/api/v1/auth/login']);
    expect(failures).toEqual([]);
    expect(tokens.state.access).toBe('kept');
  });
});

describe('api client: answers that are not an expired session', () => {
  it('does not refresh on a 401 WRONG_PASSWORD (wrong current password)', async () => {
    const { client, requests, failures, tokens } = await setup(
      (_req, res) =>
        sendJson(res, 401, {
          success: false,
          error: { message: 'Current password is incorrect', code: 'WRONG_PASSWORD' },
        }),
      memoryTokens('kept', 'kept-refresh'),
    );
    const error = await caught(client.post('/users/change-password/', { current_password: 'x', new_password: 'y' }));
    expect(error.message).toBe('Current password is incorrect');
    expect(error.code).toBe('WRONG_PASSWORD');
    expect(requests.map((r) => r.path)).toEqual(['/api/v1/users/change-password/']);
    expect(failures).toEqual([]);
    expect(tokens.state).toMatchObject({ access: 'kept', refresh: 'kept-refresh' });
  });

  it('sends a DELETE body', async () => {
    const { client, requests } = await setup(
      (_req, res) => sendJson(res, 200, { success: true, data: { deleted: true } }),
      memoryTokens('a1', 'r1'),
    );
    await expect(client.delete('/users/account/', { body: { password: 'Secret123' } })).resolves.toEqual({
      deleted: true,
    });
    expect(requests[0]).toMatchObject({ method: 'DELETE', body: { password: 'Secret123' } });
  });
});

describe('api client: server messages', () => {
  it('gives the message the server wrote, and nothing for a bare status or a connection error', async () => {
    const { client } = await setup((req, res) => {
      if (req.path.endsWith('/with-message')) {
        sendJson(res, 400, { success: false, error: { message: 'This link has expired', code: 'TOKEN_EXPIRED' } });
      } else {
        sendJson(res, 500, { success: false });
      }
    });
    expect(serverMessage(await caught(client.get('/with-message')))).toBe('This link has expired');
    expect(serverMessage(await caught(client.get('/bare')))).toBeUndefined();
    expect(serverMessage(new ApiError('Connection error', { status: 0 }))).toBeUndefined();
    expect(serverMessage(new Error('boom'))).toBeUndefined();
  });
});

describe('api client: downloads', () => {
  it('reads an attachment as a blob with its file name, sending the bearer token', async () => {
    const { client, requests } = await setup((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="calorie-tracker-meals.csv"',
      });
      res.end('date,meal_type,food\n2026-01-01,lunch,Rice\n');
    }, memoryTokens('access-1', 'refresh-1'));
    const file = await client.download('/users/export/meals.csv');
    expect(file.filename).toBe('calorie-tracker-meals.csv');
    expect(await file.blob.text()).toBe('date,meal_type,food\n2026-01-01,lunch,Rice\n');
    expect(requests[0]?.headers.authorization).toBe('Bearer access-1');
  });

  it('refreshes once on a 401 and retries the download', async () => {
    const { client, requests, tokens } = await setup((req, res) => {
      if (req.path === '/api/v1/auth/refresh') {
        return sendJson(res, 200, { success: true, data: { access: 'fresh-access', refresh: 'refresh-2' } });
      }
      if (req.headers.authorization !== 'Bearer fresh-access') {
        return sendJson(res, 401, { success: false, error: { message: 'Token expired', code: 'TOKEN_EXPIRED' } });
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"meals":[]}');
    }, memoryTokens('stale-access', 'refresh-1'));
    const file = await client.download('/users/export/');
    expect(file.filename).toBeNull();
    expect(JSON.parse(await file.blob.text())).toEqual({ meals: [] });
    expect(tokens.state).toMatchObject({ access: 'fresh-access', refresh: 'refresh-2' });
    expect(requests.map((r) => r.path)).toEqual([
      '/api/v1/users/export/',
      '/api/v1/auth/refresh',
      '/api/v1/users/export/',
    ]);
  });

  it('throws the server error of a failed download', async () => {
    const { client } = await setup((_req, res) =>
      sendJson(res, 404, { success: false, error: { message: 'Not found', code: 'NOT_FOUND' } }),
    );
    const error = await caught(client.download('/users/export/'));
    expect(error.message).toBe('Not found');
    expect(error.status).toBe(404);
  });

  it('parses Content-Disposition file names', () => {
    expect(filenameFromDisposition('attachment; filename="a b.json"')).toBe('a b.json');
    expect(filenameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E9%A4%90.csv")).toBe('餐.csv');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('api client: calls the server accepts (202) and finishes on its workers', () => {
  type Reply = Parameters<Handler>[1];

  /** A client whose dropped streams reconnect at once. */
  async function following(handler: Handler, tokens = memoryTokens('access-1', 'refresh-1')) {
    server = await startServer(handler);
    const client = createApiClient({
      baseUrl: `${server.origin}/api/v1`,
      tokens: tokens.store,
      reconnectDelaysMs: [1, 1, 1],
    });
    return { client, tokens, requests: server.requests };
  }

  const accepted = (id: string, result: string | null) => ({
    success: true,
    data: {
      job_id: id,
      status: 'queued',
      progress: 0,
      message: 'Waiting for a worker',
      events: `/api/v1/jobs/${id}/events/`,
      result,
    },
  });

  /** Writes events (`id:` and `data:` lines); the stream stays open unless `end`. */
  function sse(res: Reply, events: Array<[id: number, data: object]>, end = true) {
    if (!res.headersSent) res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (const [id, data] of events) res.write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
    if (end) res.end();
  }

  const job = (seq: number, status: string, progress: number, message: string, extra: object = {}) =>
    [seq, { job_id: 'j1', seq, status, step: status === 'running' ? 'label_reading' : status, progress, message, ...extra }] as [number, object];

  const paths = (requests: Array<{ method: string; path: string }>) => requests.map((r) => `${r.method} ${r.path}`);

  it('follows the events, reports each, and reads the answer from result', async () => {
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/labels/read/') return sendJson(res, 202, accepted('j1', '/api/v1/jobs/j1/result/'));
      if (req.path === '/api/v1/jobs/j1/events/') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(': keep-alive\n\n');
        return sse(res, [job(1, 'running', 10, 'Reading the label'), job(2, 'completed', 100, 'Done')]);
      }
      if (req.path === '/api/v1/jobs/j1/result/') return sendJson(res, 200, { success: true, data: { found: true } });
      sendJson(res, 404, { success: false });
    });
    const progress: Array<[number, string, string | null]> = [];
    const acceptedViews: unknown[] = [];
    await expect(
      client.post('/labels/read/', { photo: 'x' }, {
        onProgress: (report) => progress.push([report.progress, report.message, report.step]),
        onAccepted: (view) => acceptedViews.push(view),
      }),
    ).resolves.toEqual({ found: true });

    expect(progress).toEqual([
      [0, 'Waiting for a worker', 'queued'],
      [10, 'Reading the label', 'label_reading'],
      [100, 'Done', 'completed'],
    ]);
    expect(acceptedViews).toEqual([expect.objectContaining({ job_id: 'j1', result: '/api/v1/jobs/j1/result/' })]);
    expect(paths(requests)).toEqual([
      'POST /api/v1/labels/read/',
      'GET /api/v1/jobs/j1/events/',
      'GET /api/v1/jobs/j1/result/',
    ]);
    // The links name the API base already: it is not added twice. The token goes along.
    expect(requests[1]?.headers.authorization).toBe('Bearer access-1');
    expect(requests[2]?.headers.authorization).toBe('Bearer access-1');
  });

  it('sends the same call again when the accepted view names no result', async () => {
    let calls = 0;
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/foods/usda/create/') {
        calls += 1;
        if (calls === 1) return sendJson(res, 202, accepted('j2', null));
        return sendJson(res, 200, { success: true, data: { id: 77, fdc_id: 173944 } });
      }
      if (req.path === '/api/v1/jobs/j2/events/') return sse(res, [job(3, 'completed', 100, 'Fetched')]);
      sendJson(res, 404, { success: false });
    });
    await expect(client.post('/foods/usda/create/', { fdc_id: 173944 })).resolves.toEqual({ id: 77, fdc_id: 173944 });
    expect(paths(requests)).toEqual([
      'POST /api/v1/foods/usda/create/',
      'GET /api/v1/jobs/j2/events/',
      'POST /api/v1/foods/usda/create/',
    ]);
    expect(requests[2]?.body).toEqual({ fdc_id: 173944 });
  });

  it("throws the failure the job's last event reports, and asks nothing more", async () => {
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/foods/usda/nutrition/5/') return sendJson(res, 202, accepted('j3', null));
      sse(res, [
        job(1, 'running', 10, 'Asking USDA FoodData Central'),
        job(2, 'failed', 10, 'USDA FoodData Central cannot be reached now', {
          error: { message: 'USDA FoodData Central cannot be reached now', code: 'USDA_UNAVAILABLE' },
        }),
      ]);
    });
    const error = await caught(client.get('/foods/usda/nutrition/5/'));
    expect(error.code).toBe('USDA_UNAVAILABLE');
    expect(error.message).toBe('USDA FoodData Central cannot be reached now');
    expect(error.status).toBe(503);
    expect(serverMessage(error)).toBe('USDA FoodData Central cannot be reached now');
    expect(requests).toHaveLength(2);
  });

  it('throws CANCELLED for a cancelled job', async () => {
    const { client } = await following((req, res) => {
      if (req.path === '/api/v1/images/detect-barcodes/') return sendJson(res, 202, accepted('j4', '/api/v1/jobs/j4/result/'));
      sse(res, [job(1, 'cancelled', 30, 'Cancelled')]);
    });
    const error = await caught(client.post('/images/detect-barcodes/', { image_id: 9 }));
    expect(error.code).toBe('CANCELLED');
    expect(error.status).toBe(409);
  });

  it("ends a photo analysis's stream at its complete or error step", async () => {
    const analysisAccepted = {
      success: true,
      data: {
        job_id: null,
        status: 'processing',
        progress: 0,
        message: 'Analysis started',
        events: '/api/v1/images/5/events/',
        result: '/api/v1/images/5/results/',
      },
    };
    let ending: object = { step: 'complete', progress: 100, message: 'Analysis complete', foods: [] };
    const { client } = await following((req, res) => {
      if (req.path === '/api/v1/images/analyze/') return sendJson(res, 202, analysisAccepted);
      if (req.path === '/api/v1/images/5/events/') {
        return sse(res, [
          [7, { step: 'food_detection', progress: 40, message: 'Detecting foods' }],
          [8, ending],
        ]);
      }
      if (req.path === '/api/v1/images/5/results/') {
        return sendJson(res, 200, { success: true, data: { image_id: 5, processing_status: 'completed' } });
      }
      sendJson(res, 404, { success: false });
    });
    const steps: Array<string | null> = [];
    await expect(
      client.post('/images/analyze/', { image_id: 5 }, { onProgress: (report) => steps.push(report.step) }),
    ).resolves.toEqual({ image_id: 5, processing_status: 'completed' });
    expect(steps).toEqual(['processing', 'food_detection', 'complete']);

    ending = {
      step: 'error',
      progress: 100,
      message: 'Analysis cancelled by user',
      error: { message: 'Analysis cancelled by user', code: 'CANCELLED' },
    };
    const error = await caught(client.post('/images/analyze/', { image_id: 5 }));
    expect(error.code).toBe('CANCELLED');
    expect(error.message).toBe('Analysis cancelled by user');
  });

  it('reconnects with Last-Event-ID when the stream drops, and takes a 204 as over', async () => {
    let connections = 0;
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/images/create-food-from-barcode/') {
        return sendJson(res, 202, accepted('j5', '/api/v1/jobs/j5/result/'));
      }
      if (req.path === '/api/v1/jobs/j5/events/') {
        connections += 1;
        // First a drop in the middle (a train tunnel), then one that ends cleanly too early.
        if (connections === 1) {
          sse(res, [job(1, 'running', 10, 'Reading barcodes')], false);
          setTimeout(() => res.destroy(), 5);
          return;
        }
        if (connections === 2) return sse(res, [job(2, 'running', 30, 'Asking OpenFoodFacts')]);
        res.writeHead(204);
        return res.end();
      }
      if (req.path === '/api/v1/jobs/j5/result/') {
        return sendJson(res, 200, { success: true, data: { food: { id: 3 }, is_existing: false } });
      }
      sendJson(res, 404, { success: false });
    });
    const progress: number[] = [];
    await expect(
      client.post('/images/create-food-from-barcode/', { barcode: '0070097025088' }, {
        onProgress: (report) => progress.push(report.progress),
      }),
    ).resolves.toEqual({ food: { id: 3 }, is_existing: false });
    expect(progress).toEqual([0, 10, 30]);
    const streams = requests.filter((r) => r.path === '/api/v1/jobs/j5/events/');
    expect(streams.map((r) => r.headers['last-event-id'])).toEqual([undefined, '1', '2']);
  });

  it('gives up with a connection error after a few reconnections that bring nothing', async () => {
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/images/detect-barcodes/') return sendJson(res, 202, accepted('j6', '/api/v1/jobs/j6/result/'));
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end();
    });
    const error = await caught(client.post('/images/detect-barcodes/', { image_id: 9 }));
    expect(error.code).toBe('NETWORK_ERROR');
    // The first connection and three more.
    expect(requests.filter((r) => r.path === '/api/v1/jobs/j6/events/')).toHaveLength(4);
  });

  it('refreshes an expired token once for the stream too', async () => {
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/auth/refresh') return sendJson(res, 200, { success: true, data: { access: 'fresh-access' } });
      if (req.path === '/api/v1/labels/read/') return sendJson(res, 202, accepted('j7', '/api/v1/jobs/j7/result/'));
      if (req.headers.authorization !== 'Bearer fresh-access') {
        return sendJson(res, 401, { success: false, error: { message: 'Token expired', code: 'TOKEN_EXPIRED' } });
      }
      if (req.path === '/api/v1/jobs/j7/events/') return sse(res, [job(1, 'completed', 100, 'Done')]);
      sendJson(res, 200, { success: true, data: { found: false } });
    });
    await expect(client.post('/labels/read/', {})).resolves.toEqual({ found: false });
    expect(paths(requests)).toEqual([
      'POST /api/v1/labels/read/',
      'GET /api/v1/jobs/j7/events/',
      'POST /api/v1/auth/refresh',
      'GET /api/v1/jobs/j7/events/',
      'GET /api/v1/jobs/j7/result/',
    ]);
  });

  it('stops following when aborted, and cancels nothing on the server', async () => {
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/labels/read/') return sendJson(res, 202, accepted('j8', '/api/v1/jobs/j8/result/'));
      sse(res, [job(1, 'running', 10, 'Reading the label')], false);
    });
    const controller = new AbortController();
    const call = client.post('/labels/read/', {}, {
      signal: controller.signal,
      onProgress: (report) => {
        if (report.progress === 10) controller.abort();
      },
    });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(paths(requests)).toEqual(['POST /api/v1/labels/read/', 'GET /api/v1/jobs/j8/events/']);
  });

  it('gives up on a call the server accepts round after round', async () => {
    const { client, requests } = await following((req, res) => {
      if (req.path === '/api/v1/meals/create/') return sendJson(res, 202, accepted('j9', null));
      sse(res, [job(1, 'completed', 100, 'Done')]);
    });
    const error = await caught(client.post('/meals/create/', { foods: [] }));
    expect(error.code).toBe('STILL_RUNNING');
    expect(requests.filter((r) => r.path === '/api/v1/meals/create/')).toHaveLength(5);
  });

  it('leaves a plain 202 without an accepted view as the answer', async () => {
    const { client } = await following((_req, res) => sendJson(res, 202, { success: true, data: { queued: true } }));
    await expect(client.post('/users/export/')).resolves.toEqual({ queued: true });
  });
});

describe('api client: following an event stream', () => {
  async function streaming(handler: Handler) {
    server = await startServer(handler);
    const client = createApiClient({
      baseUrl: `${server.origin}/api/v1`,
      tokens: memoryTokens('access-1').store,
      reconnectDelaysMs: [1, 1, 1],
    });
    return { client, requests: server.requests };
  }
  const isLast = (data: unknown) => (data as { step?: string }).step === 'complete';

  it('resumes a stream a POST opened on its GET view, after the last event seen', async () => {
    const { client, requests } = await streaming((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (req.method === 'POST') {
        res.write('id: 11\ndata: {"step":"start","progress":0}\n\n');
        res.end();
        return;
      }
      res.write('id: 12\ndata: {"step":"complete","progress":100}\n\n');
      res.end();
    });
    const seen: Array<string | null> = [];
    const result = await client.follow('/images/analyze-stream/', {
      method: 'POST',
      body: { image_id: 5 },
      resumePath: '/images/5/events/',
      isFinal: isLast,
      onEvent: (event) => seen.push(event.id),
    });
    expect(result).toEqual({ final: { id: '12', data: { step: 'complete', progress: 100 } }, lastEventId: '12' });
    expect(seen).toEqual(['11', '12']);
    expect(requests.map((r) => `${r.method} ${r.path} ${r.headers['last-event-id'] ?? '-'}`)).toEqual([
      'POST /api/v1/images/analyze-stream/ -',
      'GET /api/v1/images/5/events/ 11',
    ]);
  });

  it('reads events with CRLF line ends and JSON over several data lines, skipping comments', async () => {
    const { client } = await streaming((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': keep-alive\r\n\r\nid: 1\r\ndata: {"step":"start",\r\ndata: "progress":0}\r');
      setTimeout(() => {
        res.write('\n\r\nid: 2\r\ndata: not JSON\r\n\r\nid: 3\r\ndata: {"step":"complete","progress":100}\r\n\r\n');
        res.end();
      }, 20);
    });
    const seen: unknown[] = [];
    const result = await client.follow('/images/5/events/', { isFinal: isLast, onEvent: (event) => seen.push(event.data) });
    expect(seen).toEqual([
      { step: 'start', progress: 0 },
      { step: 'complete', progress: 100 },
    ]);
    expect(result).toEqual({ final: { id: '3', data: { step: 'complete', progress: 100 } }, lastEventId: '3' });
  });

  it('starts after a Last-Event-ID given, and answers null on a 204', async () => {
    const { client, requests } = await streaming((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client.follow('/images/5/events/', { lastEventId: '40', isFinal: isLast })).resolves.toEqual({
      final: null,
      lastEventId: '40',
    });
    expect(requests[0]?.headers['last-event-id']).toBe('40');
  });

  it('does not send a POST again that the server refused', async () => {
    const { client, requests } = await streaming((_req, res) =>
      sendJson(res, 503, { success: false, error: { message: 'recognition model not installed', code: 'RECOGNITION_UNAVAILABLE' } }),
    );
    const error = await caught(
      client.follow('/images/analyze-stream/', { method: 'POST', body: { image_id: 5 }, isFinal: isLast }),
    );
    expect(error.code).toBe('RECOGNITION_UNAVAILABLE');
    expect(requests).toHaveLength(1);
  });

  it('throws a refusal of a reconnection as it is (the photo is gone)', async () => {
    const { client } = await streaming((_req, res) =>
      sendJson(res, 404, { success: false, error: { message: 'Image not found', code: 'IMAGE_NOT_FOUND' } }),
    );
    const error = await caught(client.follow('/images/5/events/', { isFinal: isLast }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('IMAGE_NOT_FOUND');
  });
});
