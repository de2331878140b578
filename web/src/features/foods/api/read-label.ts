import { api, type RequestOptions } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/**
 * A value read from a label: per 100 g (sodium in mg), absent when not read or not
 * believable. Its certainty: read clearly (`sure`); read but to be checked (`check`); not
 * read; read but impossible for food (left empty); not given by the label.
 */
export type LabelField = components['schemas']['LabelField'];

/**
 * POST /labels/read/: the label in a photo, as the server read it. `basis`,
 * `serving_grams` and `barcode` are absent (or null) where the label gives none.
 */
export type LabelReading = components['schemas']['LabelView'];

export const readLabelPath = '/labels/read/';

export type LabelReadOptions = Pick<RequestOptions, 'signal' | 'onProgress' | 'onAccepted'>;

/**
 * Multipart: field `image`, and `barcode` when the food is made for one. A read that
 * takes longer is accepted (202) and followed by the client to its answer: `onProgress`
 * hears how it goes, `onAccepted` where its answer will be (see getLabelReading).
 */
export function readLabel(photo: File, barcode: string | undefined, options: LabelReadOptions = {}): Promise<LabelReading> {
  const form = new FormData();
  form.append('image', photo);
  if (barcode) form.append('barcode', barcode);
  return api.post<LabelReading>(readLabelPath, form, options);
}
