import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { ActivityLevel, MacroGoalUnit } from '@/lib/goals';

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** GET and PUT /users/profile/ answer this shape (SPEC 3). */
export type ProfileResponse = {
  user: { username: string; email?: string | null; nickname?: string | null };
  profile: {
    /** YYYY-MM-DD */
    date_of_birth: string | null;
    gender: Gender | null;
    /** cm */
    height: number | null;
    /** kg */
    weight: number | null;
    /** kcal */
    daily_calorie_goal: number | null;
    activity_level: ActivityLevel | null;
    /** Whether the macro goals are grams or percent of the calorie goal (summing to 100). */
    macro_goal_unit: MacroGoalUnit | null;
    protein_goal: number | null;
    fat_goal: number | null;
    carbs_goal: number | null;
    /**
     * False until the person saves body data: gender, height and weight are then the spec's
     * defaults, not theirs. Absent from a server from before it (taken as set).
     */
    body_data_set?: boolean;
  };
};

/** Whether gender, height and weight are the person's own rather than the defaults. */
export const bodyDataSet = ({ profile }: ProfileResponse) => profile.body_data_set !== false;

export const profileKey = '/users/profile/';

export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(profileKey);
}

export function useProfile() {
  return useSWR<ProfileResponse>(profileKey, getProfile);
}
