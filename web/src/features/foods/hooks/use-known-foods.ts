import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import { useFavoriteFoods } from '@/features/foods/api/get-favorite-foods';
import { useRecentFoods, type UsedFood } from '@/features/foods/api/get-recent-foods';
import type { LastLogged } from '@/features/foods/utils/one-tap';
import { useAuth } from '@/lib/auth';
import { readJson, writeJson } from '@/lib/storage';
import type { SavedFood } from '@/types/food';

/** The signed-in person's foods this device keeps for search offline (gone on logout). */
type StoredFoods = { user: string; recent: UsedFood[]; frequent: UsedFood[]; favorites: SavedFood[] };

export type KnownFoods = {
  recent: UsedFood[];
  frequent: UsedFood[];
  favorites: SavedFood[];
  /** How a food was last logged, when it is among the recent or most used. */
  lastLogged: (foodId: number | null) => LastLogged | undefined;
};

/**
 * The signed-in person's recent, most used and favourite foods: as the server answers
 * them, else (offline, or before the answer) as this device last kept them.
 */
export function useKnownFoods(): KnownFoods {
  const { isAuthenticated, user } = useAuth();
  const viewer = isAuthenticated ? (user?.username ?? null) : null;
  const used = useRecentFoods(isAuthenticated).data;
  const favorites = useFavoriteFoods(isAuthenticated).data?.foods;

  // Read once per person: the lists themselves come from SWR once it answers.
  const stored = useMemo(() => readStored(viewer), [viewer]);
  useEffect(() => {
    if (viewer === null || (!used && !favorites)) return;
    const previous = readStored(viewer);
    writeJson(STORAGE_KEYS.offlineFoods, {
      user: viewer,
      recent: used?.recent ?? previous?.recent ?? [],
      frequent: used?.frequent ?? previous?.frequent ?? [],
      favorites: favorites ?? previous?.favorites ?? [],
    } satisfies StoredFoods);
  }, [viewer, used, favorites]);

  const recent = used?.recent ?? stored?.recent;
  const frequent = used?.frequent ?? stored?.frequent;
  const starred = favorites ?? stored?.favorites;
  return useMemo(() => {
    const last = new Map<number, UsedFood>();
    for (const food of [...(frequent ?? []), ...(recent ?? [])]) last.set(food.id, food);
    return {
      recent: recent ?? [],
      frequent: frequent ?? [],
      favorites: starred ?? [],
      lastLogged: (foodId: number | null) => (foodId === null ? undefined : last.get(foodId)),
    };
  }, [recent, frequent, starred]);
}

/** Only the same person's foods come back. */
function readStored(viewer: string | null): StoredFoods | null {
  if (viewer === null) return null;
  const stored = readJson<StoredFoods>(STORAGE_KEYS.offlineFoods);
  return stored && stored.user === viewer ? stored : null;
}

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** What the browser says about the connection (true where it cannot tell). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}
