import { describe, expect, it } from 'vitest';
import { serverSentEvents, type ServerSentEvent } from '@/lib/server-sent-events';

/** A stream that delivers `chunks` as they are, each one a read of its own; then it ends or drops. */
function streamOf(chunks: Array<string | Uint8Array>, { drop = false } = {}) {
  const encoder = new TextEncoder();
  let cancelled = false;
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index];
      index += 1;
      if (chunk !== undefined) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      else if (drop) controller.error(new TypeError('terminated'));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    stream,
    get cancelled() {
      return cancelled;
    },
  };
}

async function eventsOf(chunks: Array<string | Uint8Array>, options?: { drop?: boolean }) {
  const events: ServerSentEvent[] = [];
  for await (const event of serverSentEvents(streamOf(chunks, options).stream)) events.push(event);
  return events;
}

/** Every way to cut `text` in two. */
function cuts(text: string): Array<[string, string]> {
  return Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);
}

describe('server-sent events', () => {
  it('reads events with CRLF line ends', async () => {
    expect(await eventsOf(['id: 1\r\ndata: {"step":"start"}\r\n\r\nid: 2\r\ndata: {"step":"complete"}\r\n\r\n'])).toEqual([
      { id: '1', data: '{"step":"start"}' },
      { id: '2', data: '{"step":"complete"}' },
    ]);
  });

  it('reads events with lone CR line ends, the last one at the very end of the stream', async () => {
    expect(await eventsOf(['id: 1\rdata: {"n":1}\r\rid: 2\rdata: {"n":2}\r\r'])).toEqual([
      { id: '1', data: '{"n":1}' },
      { id: '2', data: '{"n":2}' },
    ]);
  });

  it('joins the data lines of one event with "\\n", so a JSON payload may span lines', async () => {
    const [event] = await eventsOf(['id: 7\ndata: {"step":"complete",\ndata:  "progress": 100\ndata: }\n\n']);
    expect(event).toEqual({ id: '7', data: '{"step":"complete",\n "progress": 100\n}' });
    expect(JSON.parse(event?.data ?? '')).toEqual({ step: 'complete', progress: 100 });
  });

  it('reads an event cut into two chunks anywhere, between CR and LF included', async () => {
    const text = 'id: 3\r\ndata: {"a":1,\r\ndata: "b":"餐"}\r\n\r\n';
    for (const [head, tail] of cuts(text)) {
      expect(await eventsOf([head, tail]), JSON.stringify([head, tail])).toEqual([
        { id: '3', data: '{"a":1,\n"b":"餐"}' },
      ]);
    }
  });

  it('reads an event delivered a character at a time, and a character cut between its bytes', async () => {
    const text = 'id: 4\ndata: {"name":"米饭"}\n\n';
    expect(await eventsOf([...text])).toEqual([{ id: '4', data: '{"name":"米饭"}' }]);
    const bytes = new TextEncoder().encode(text);
    const inRice = bytes.indexOf(0xe7) + 1; // Inside the three bytes of 米.
    expect(await eventsOf([bytes.slice(0, inRice), bytes.slice(inRice)])).toEqual([{ id: '4', data: '{"name":"米饭"}' }]);
  });

  it('skips comments (keep-alives) and gives null for an event without an id', async () => {
    expect(await eventsOf([': keep-alive\n\n', ':\r\n\r\n', 'data: {"n":1}\n', ': between lines\n', '\n'])).toEqual([
      { id: null, data: '{"n":1}' },
    ]);
  });

  it('drops an event the stream ends or drops before finishing', async () => {
    expect(await eventsOf(['id: 1\ndata: {"n":1}\n\nid: 2\ndata: {"n":2}\n'])).toEqual([{ id: '1', data: '{"n":1}' }]);
    expect(await eventsOf(['id: 1\ndata: {"n":1}\n\nid: 2\ndata: {"n":2}\n'], { drop: true })).toEqual([
      { id: '1', data: '{"n":1}' },
    ]);
  });

  it('cancels the stream when the reader leaves early', async () => {
    const source = streamOf(['data: 1\n\ndata: 2\n\n', 'data: 3\n\n']);
    for await (const event of serverSentEvents(source.stream)) if (event.data === '1') break;
    expect(source.cancelled).toBe(true);
  });

  it('throws AbortError when aborted while waiting for the next chunk, and cancels the stream', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: 1\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const abort = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of serverSentEvents(stream, abort.signal)) {
        seen.push(event.data);
        abort.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['1']);
    expect(cancelled).toBe(true);
  });
});
