import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One event of a server-sent event stream: its id (for Last-Event-ID) and its data as sent. */
export interface ServerSentEvent {
  /** The event's own `id:`; null when it names none. */
  id: string | null;
  /** Its `data:` lines, joined with "\n". */
  data: string;
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * The events of a server-sent event stream, in order, as they arrive; comments (the
 * server's keep-alives) are skipped. eventsource-parser reads the lines, so LF, CRLF and
 * CR line ends, multi-line data and events split anywhere across chunks all read alike.
 * The events end when the stream ends or the connection drops (an event not finished by
 * then is dropped, as the standard says). Aborting `signal` stops reading and throws
 * AbortError; leaving the loop early cancels the stream.
 */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  // Not every body stops with the request's signal (a test's, a service worker's).
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  const arrived: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: ({ id, data }: EventSourceMessage) => arrived.push({ id: id ?? null, data }),
  });
  const decoder = new TextDecoder();
  let endsInCr = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        if (signal?.aborted) throw abortError();
        return; // The connection dropped.
      }
      if (signal?.aborted) throw abortError();
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      if (text !== '') {
        parser.feed(text);
        endsInCr = text.endsWith('\r');
      }
      // The parser holds back a CR that ends a chunk, in case an LF follows; at the end
      // of the stream none will, and the CR ends its line.
      if (chunk.done && endsInCr) parser.feed('\n');
      for (const event of arrived.splice(0)) yield event;
      if (chunk.done) return;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    stop();
  }
}
