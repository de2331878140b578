import { useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/** SPEC 9: the recent-recognition history keeps 5 entries. */
export const RECENT_RECOGNITIONS = 5;
export const recentImagesPath = '/images/list/';
/** While one of the photos is being analysed, the list asks again this often. */
const WHILE_RUNNING_REFRESH_MS = 3000;

type RecentImages = components['schemas']['ImagePage'];

export function getRecentImages(): Promise<RecentImages> {
  return api.get(recentImagesPath, { page_size: RECENT_RECOGNITIONS });
}

const anyRunning = (latest: RecentImages) => latest.images.some((image) => image.processing_status === 'processing');

/** The history, asked again every few seconds while one of its photos is being analysed. */
export function useRecentImages() {
  // Decided on each answer: SWR starts and stops polling when the interval changes.
  const [refreshInterval, setRefreshInterval] = useState(0);
  return useSWR<RecentImages>([recentImagesPath, RECENT_RECOGNITIONS], getRecentImages, {
    refreshInterval,
    onSuccess: (latest) => setRefreshInterval(anyRunning(latest) ? WHILE_RUNNING_REFRESH_MS : 0),
  });
}
