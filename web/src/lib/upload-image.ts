import { api } from '@/lib/api-client';
import type { UploadedImage } from '@/types/image';

// A photo goes up the same way for food recognition and for reading a barcode from it.

/** SPEC 5, 9: images only, at most 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type PhotoProblem = 'notAnImage' | 'tooBig';

/** Why a chosen file cannot be uploaded, or null. */
export function checkPhoto(file: Pick<File, 'type' | 'size'>): PhotoProblem | null {
  if (!file.type.startsWith('image/')) return 'notAnImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooBig';
  return null;
}

/** Multipart upload: field `image`, optional `notes` naming foods ("rice, egg"). */
export function uploadImage(file: File, notes: string): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', file);
  if (notes.trim()) form.append('notes', notes.trim());
  return api.post<UploadedImage>('/images/upload/', form);
}
