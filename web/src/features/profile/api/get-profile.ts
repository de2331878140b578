import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import { profileKey } from '@/lib/cache-keys';

export type Gender = components['schemas']['Gender'];
export const GENDERS = ['male', 'female', 'other'] as const satisfies readonly Gender[];

/**
 * GET and PUT /users/profile/ answer this shape (SPEC 3): height in cm, weight in kg, the
 * goal in kcal, the date of birth as YYYY-MM-DD. `activity_level` is one of the goals'
 * ACTIVITY_LEVELS and `macro_goal_unit` "g" or "percent" (of the calorie goal, summing to
 * 100): strings in the document, read through `activityLevel` and `macroGoalUnit`.
 * `body_data_set` is false until the person saves body data: gender, height and weight
 * are then the spec's defaults, not theirs.
 */
export type ProfileResponse = components['schemas']['ProfileView'];

/** Whether gender, height and weight are the person's own rather than the defaults. */
export const bodyDataSet = ({ profile }: ProfileResponse) => profile.body_data_set;

export { profileKey };

export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(profileKey);
}

export function useProfile() {
  return useSWR<ProfileResponse>(profileKey, getProfile);
}
