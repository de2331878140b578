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

/**
 * The long edge a photo over the upload limit is shrunk to: what the workers keep of any
 * photo (platform::photo::KEPT_LONG_EDGE), so shrinking here loses nothing they would use.
 */
const SHRUNK_LONG_EDGE = 2048;

/**
 * The photo as it goes up: as chosen when it is within the upload limit (SPEC 5), else
 * drawn again at most SHRUNK_LONG_EDGE a side as a JPEG, as phone photos are often larger.
 * Null when it is over the limit and this browser cannot decode it (nothing to shrink).
 */
export async function fitPhoto(file: File): Promise<File | null> {
  if (file.size <= MAX_IMAGE_BYTES) return file;
  try {
    // Turned upright from its EXIF orientation, as the workers would.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, SHRUNK_LONG_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!jpeg || jpeg.size > MAX_IMAGE_BYTES) return null;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    return new File([jpeg], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return null;
  }
}
