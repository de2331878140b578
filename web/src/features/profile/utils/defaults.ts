import type { Gender } from '@/features/profile/api/get-profile';

/** SPEC 9: what a profile holds before the person sets anything. */
export const PROFILE_DEFAULTS: {
  gender: Gender;
  height: number;
  weight: number;
  dailyCalorieGoal: number;
} = { gender: 'male', height: 175, weight: 70, dailyCalorieGoal: 2000 };
