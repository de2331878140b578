import { MAX_IMAGE_BYTES } from '@/lib/upload-image';

/** Longest side of the preview kept in local storage (SPEC 3 dashboardImagePreview). */
const PREVIEW_SIDE = 320;

/** A small JPEG data URL of the photo, or null where the browser cannot draw one. */
export async function previewOf(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
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
