import { useEffect, useMemo } from 'react';
import useSWR from 'swr';
import { STORAGE_KEYS } from '@/config/constants';
import type { DailySummary } from '@/features/meals/types';
import { api, ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { readJson, writeJson } from '@/lib/storage';

export const dailySummaryPath = '/meals/daily-summary/';

/** Days this device keeps to show offline: the last ones loaded, the newest kept. */
export const DAYS_KEPT = 14;

/** The signed-in person's days as last loaded on this device (gone on logout). */
type KeptDays = { user: string; days: Record<string, DailySummary>; order: string[] };

export function getDailySummary(date: string): Promise<DailySummary> {
  return api.get<DailySummary>(dailySummaryPath, { date });
}

/**
 * One day's summary: as the server answers it, else, when the server cannot be reached
 * (offline, even after a reload), as this device last loaded it. `unreachable` says the
 * call never reached the server.
 */
export function useDailySummary(date: string) {
  const { isAuthenticated, user } = useAuth();
  const viewer = isAuthenticated ? (user?.username ?? null) : null;
  const { data, error, isLoading } = useSWR<DailySummary>([dailySummaryPath, date], () => getDailySummary(date));

  useEffect(() => {
    if (viewer !== null && data) keepDay(viewer, date, data);
  }, [viewer, date, data]);

  const unreachable = error instanceof ApiError && error.status === 0;
  const kept = useMemo(() => (viewer !== null && !data && unreachable ? keptDay(viewer, date) : null), [viewer, date, data, unreachable]);
  return { data: data ?? kept ?? undefined, error, isLoading, unreachable };
}

function keptDays(viewer: string): KeptDays {
  const stored = readJson<KeptDays>(STORAGE_KEYS.offlineDays);
  return stored && stored.user === viewer && Array.isArray(stored.order) ? stored : { user: viewer, days: {}, order: [] };
}

function keptDay(viewer: string, date: string): DailySummary | null {
  return keptDays(viewer).days[date] ?? null;
}

function keepDay(viewer: string, date: string, day: DailySummary) {
  const kept = keptDays(viewer);
  const order = [date, ...kept.order.filter((d) => d !== date)].slice(0, DAYS_KEPT);
  const days: Record<string, DailySummary> = {};
  for (const d of order) {
    const summary = d === date ? day : kept.days[d];
    if (summary) days[d] = summary;
  }
  writeJson(STORAGE_KEYS.offlineDays, { user: viewer, days, order } satisfies KeptDays);
}
