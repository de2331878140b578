import type { AnalysisEvent } from '@/features/recognition/types';
import { api } from '@/lib/api-client';

/**
 * Runs the analysis of an uploaded image, calling `onEvent` for each streamed step until
 * the last (`complete` or `error`), which it answers. Aborting `signal` closes the stream,
 * which stops the analysis on the server.
 */
export async function analyzeImage(
  imageId: number,
  onEvent: (event: AnalysisEvent) => void,
  signal: AbortSignal,
): Promise<AnalysisEvent | null> {
  const stream = await api.stream('/images/analyze-stream/', {
    method: 'POST',
    body: { image_id: imageId },
    signal,
  });
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let last: AnalysisEvent | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return last;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('');
      if (data) {
        last = JSON.parse(data) as AnalysisEvent;
        onEvent(last);
        if (last.step === 'complete' || last.step === 'error') {
          await reader.cancel();
          return last;
        }
      }
      end = buffer.indexOf('\n\n');
    }
  }
}
