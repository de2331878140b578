import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { energyExpenditurePath, profileKey } from '@/lib/cache-keys';
import type { components } from '@/types/api.gen';

export type EnergyExpenditure = components['schemas']['EnergyExpenditure'];
export type EnergyReason = components['schemas']['ReasonView'];
export type TrendPoint = components['schemas']['TrendPoint'];
export type Confidence = components['schemas']['Confidence'];
type ProfileView = components['schemas']['ProfileView'];

export function getEnergyExpenditure(): Promise<EnergyExpenditure> {
  return api.get<EnergyExpenditure>(energyExpenditurePath);
}

/**
 * The estimate, asked again whenever the profile changes (a new goal, aim, weight or
 * activity level changes the answer), the last one shown meanwhile. `enabled: false`
 * asks nothing (a check-in already answered this week).
 */
export function useEnergyExpenditure({ enabled = true }: { enabled?: boolean } = {}) {
  const profile = useSWR<ProfileView>(enabled ? profileKey : null, () => api.get<ProfileView>(profileKey));
  const ready = enabled && (profile.data !== undefined || profile.error !== undefined);
  return useSWR<EnergyExpenditure>(
    ready ? [energyExpenditurePath, profile.data?.profile ?? null] : null,
    getEnergyExpenditure,
    { keepPreviousData: true },
  );
}

