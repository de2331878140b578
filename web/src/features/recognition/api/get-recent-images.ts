import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { UploadedImage } from '@/types/image';

/** SPEC 9: the recent-recognition history keeps 5 entries. */
export const RECENT_RECOGNITIONS = 5;
export const recentImagesPath = '/images/list/';

export function getRecentImages(): Promise<{ images: UploadedImage[]; total: number }> {
  return api.get(recentImagesPath, { page_size: RECENT_RECOGNITIONS });
}

export function useRecentImages() {
  return useSWR<{ images: UploadedImage[]; total: number }>([recentImagesPath, RECENT_RECOGNITIONS], getRecentImages);
}
