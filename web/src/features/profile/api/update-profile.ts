import useSWRMutation from 'swr/mutation';
import { profileKey, type Gender, type ProfileResponse } from '@/features/profile/api/get-profile';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { ActivityLevel, MacroGoalUnit } from '@/lib/goals';

/** SPEC 3: the update payload. Omitted fields stay as they are. */
export type UpdateProfileInput = {
  nickname?: string;
  date_of_birth?: string | null;
  gender?: Gender;
  height?: number;
  weight?: number;
  daily_calorie_goal?: number;
  activity_level?: ActivityLevel | null;
  macro_goal_unit?: MacroGoalUnit | null;
  protein_goal?: number | null;
  fat_goal?: number | null;
  carbs_goal?: number | null;
  /** kg a week, -1 to 0.5, negative to lose; null: none chosen. */
  weight_aim_kg_per_week?: number | null;
};

export function updateProfile(input: UpdateProfileInput): Promise<ProfileResponse> {
  return api.put<ProfileResponse>(profileKey, input);
}

/**
 * Saves and puts the answer in the profile cache (no refetch). Failures reach the caller:
 * nothing is shown as saved that the server did not accept.
 */
export function useUpdateProfile() {
  const { updateUser } = useAuth();
  return useSWRMutation(
    profileKey,
    (_key: string, { arg }: { arg: UpdateProfileInput }) => updateProfile(arg),
    {
      populateCache: true,
      revalidate: false,
      // The navigation shows the nickname.
      onSuccess: (data) => updateUser({ nickname: data.user.nickname ?? '' }),
    },
  );
}
