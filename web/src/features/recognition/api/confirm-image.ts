import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { recentImagesPath } from '@/features/recognition/api/get-recent-images';
import { api } from '@/lib/api-client';

export const confirmImagePath = '/images/confirm/';

export type ConfirmedFood = { food_id: number; name: string; name_zh: string | null; grams: number };

/**
 * The foods and grams the person actually logged from a photo (issue 17): the server keeps
 * them with the photo's embedding, so the next similar photo is offered as "same again".
 */
export function confirmImage(imageId: number, foods: ConfirmedFood[]): Promise<unknown> {
  return api.post(confirmImagePath, { image_id: imageId, is_confirmed: true, corrections: { foods } });
}

/**
 * Best effort: the foods are in the basket whatever this call answers, so a failure is
 * neither shown nor retried; the next confirmation of the photo sends them all again.
 */
export function useConfirmImage() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (imageId: number, foods: ConfirmedFood[]) => {
      confirmImage(imageId, foods).then(
        // The history shows the photo as confirmed.
        () => void mutate((key) => Array.isArray(key) && key[0] === recentImagesPath),
        () => undefined,
      );
    },
    [mutate],
  );
}
