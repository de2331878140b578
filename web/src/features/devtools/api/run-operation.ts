import type { Operation } from '@/features/devtools/utils/openapi';
import { api, ApiError, type Query } from '@/lib/api-client';
import { serverSentEvents } from '@/lib/server-sent-events';

/** One finished call, as the results list shows it. */
export type CallResult = {
  id: number;
  method: string;
  /** With its path parameters filled in. */
  path: string;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  ms: number;
  /** The envelope as received (or what stands for it: see `runOperation`). */
  body: unknown;
};

export type CallInput = {
  operation: Operation;
  /** With its path parameters filled in. */
  path: string;
  /** The path parameters as filled in, by name. */
  pathValues: Record<string, string>;
  payload: Record<string, unknown> | null;
  file: File | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/foods/{id}/` with `{id: '7'}` to `/foods/7/`; a missing value stays as `{id}`. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]?.trim();
    return value ? encodeURIComponent(value) : whole;
  });
}

function toQuery(payload: Record<string, unknown> | null): Query | undefined {
  if (!payload) return undefined;
  const query: Query = {};
  for (const [key, value] of Object.entries(payload)) {
    query[key] = isRecord(value) || Array.isArray(value) ? JSON.stringify(value) : (value as Query[string]);
  }
  return query;
}

/** A stream's events to its end, each one's data parsed where it is JSON. */
async function readEvents(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const { data } of serverSentEvents(stream)) {
    try {
      events.push(JSON.parse(data) as unknown);
    } catch {
      events.push(data);
    }
  }
  return events;
}

/**
 * Makes one call through the app's client (so the token, refresh and retry apply) and
 * reads what came back. A JSON call shows its envelope as received. A stream is read to
 * its end and shown as its events; a download as its name, type and size. A failure the
 * client raises itself (a failed session, no connection) shows as its envelope would.
 */
export async function send(input: CallInput): Promise<{ status: number; body: unknown }> {
  const { operation, path, payload, file } = input;
  const { method } = operation;
  try {
    switch (operation.kind) {
      case 'upload': {
        const form = new FormData();
        if (file) form.append(operation.fileField ?? 'file', file);
        for (const [key, value] of Object.entries(payload ?? {})) form.append(key, String(value));
        return await api.raw(path, { method, body: form });
      }
      case 'stream': {
        const stream = await api.stream(path, { method, body: payload ?? undefined });
        return { status: 200, body: { events: await readEvents(stream) } };
      }
      case 'download': {
        const { blob, filename } = await api.download(path, { method, query: toQuery(payload) });
        return { status: 200, body: { filename, type: blob.type, size: blob.size } };
      }
      default:
        return method === 'GET'
          ? await api.raw(path, { method, query: toQuery(payload) })
          : await api.raw(path, { method, body: payload ?? undefined });
    }
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        status: error.status,
        body: error.body ?? { success: false, error: { message: error.message, code: error.code } },
      };
    }
    return { status: 0, body: { success: false, error: { message: String(error) } } };
  }
}
