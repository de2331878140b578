import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { isEnergyKey, profileKey } from '@/lib/cache-keys';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

type ProfileView = components['schemas']['ProfileView'];

/** Sets the daily calorie goal alone (PUT /users/profile/ leaves the other fields as they are). */
export function setDailyCalorieGoal(kcal: number): Promise<ProfileView> {
  return api.put<ProfileView>(profileKey, { daily_calorie_goal: Math.round(kcal) });
}

/**
 * Takes a goal in one tap: the answer goes into the profile's cache, and the estimate is
 * asked again (its current goal and the check-in follow). Failures reach the caller.
 */
export function useTakeGoal() {
  const { mutate } = useSWRConfig();
  const [taking, setTaking] = useState(false);
  async function take(kcal: number): Promise<void> {
    setTaking(true);
    try {
      const profile = await setDailyCalorieGoal(kcal);
      await mutate(profileKey, profile, { revalidate: false });
      void mutate(isEnergyKey);
    } finally {
      setTaking(false);
    }
  }
  return { take, taking };
}
