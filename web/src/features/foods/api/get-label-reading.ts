import type { LabelReading, LabelReadOptions } from '@/features/foods/api/read-label';
import { api } from '@/lib/api-client';

/**
 * The answer of a label read the server accepted: GET its job's `result` link
 * (`/api/v1/jobs/{id}/result/`), as the accepted view named it. The label is read once:
 * the answer stays with the job. While the read runs the client follows it (202); a
 * failed read throws its failure, a cancelled one CANCELLED (409), a job that is not the
 * caller's 404.
 */
export function getLabelReading(resultPath: string, options: Omit<LabelReadOptions, 'onAccepted'> = {}): Promise<LabelReading> {
  return api.get<LabelReading>(resultPath, undefined, options);
}
