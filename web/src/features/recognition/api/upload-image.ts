import type { UploadedImage } from '@/features/recognition/types';
import { api } from '@/lib/api-client';

/** Multipart upload: field `image`, optional `notes` naming foods ("rice, egg"). */
export function uploadImage(file: File, notes: string): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', file);
  if (notes.trim()) form.append('notes', notes.trim());
  return api.post<UploadedImage>('/images/upload/', form);
}
