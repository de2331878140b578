import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { isMealChangeKey } from '@/lib/cache-keys';
import type { components } from '@/types/api.gen';

/** Local days, YYYY-MM-DD. */
export type CopyDayInput = { from_date: string; to_date: string };
export type CopiedDay = components['schemas']['DayCopied'];

/** Every meal of `from_date` again on `to_date`, each at its own local time; 404 NO_MEALS_ON_DAY. */
export function copyDay(input: CopyDayInput): Promise<CopiedDay> {
  return api.post<CopiedDay>('/meals/copy-day/', input);
}

export function useCopyDay() {
  const { mutate } = useSWRConfig();
  return async (input: CopyDayInput) => {
    const copied = await copyDay(input);
    void mutate(isMealChangeKey);
    return copied;
  };
}
