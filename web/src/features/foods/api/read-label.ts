import { api, type RequestOptions } from '@/lib/api-client';

/** The fields of a custom food a nutrition label fills (per 100 g; sodium in mg). */
export type LabelNutrient = 'calories' | 'protein' | 'fat' | 'carbs' | 'sodium' | 'fiber' | 'sugar';

/**
 * How far a value read from a label can be trusted: read clearly; read but to be checked;
 * not read; read but impossible for food (left empty); not given by the label.
 */
export type LabelCertainty = 'sure' | 'check' | 'unread' | 'implausible' | 'not_on_label';

export type LabelField = {
  nutrient: LabelNutrient;
  /** Per 100 g; null when not read or not believable. */
  value: number | null;
  /** As printed ("1580 kJ"). */
  printed: string | null;
  certainty: LabelCertainty;
  confidence: number;
  doubts: string[];
};

/** POST /labels/read/: the label in a photo, as the server read it. */
export type LabelReading = {
  /** Whether a nutrition table was found at all. */
  found: boolean;
  kind: 'gb28050' | 'nutrition_facts' | 'unknown';
  basis: 'per100g' | 'per100ml' | 'per_serving' | null;
  serving_grams: number | null;
  barcode: string | null;
  fields: LabelField[];
  rows: string[];
  took_ms: number;
};

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
