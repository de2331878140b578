import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import {
  addFood,
  parseBasket,
  removeFood as withoutFood,
  updateFood as withUpdatedFood,
  type BasketLine,
} from '@/features/basket/utils/basket';
import { useAuth } from '@/lib/auth';
import { readItem, writeJson } from '@/lib/storage';
import type { SavedFood } from '@/types/food';

// Local storage is the basket's one home (SPEC 3 "mealCart"): every component reads it
// through this store, and another tab's changes arrive by the storage event. Logging out
// removes the key (clearPersonalData), which the next read sees.

const EMPTY: readonly BasketLine[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedLines: readonly BasketLine[] = EMPTY;

function readBasket(): readonly BasketLine[] {
  const raw = readItem(STORAGE_KEYS.mealCart);
  // Same text, same array: React compares snapshots by identity.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseBasket(raw);
  }
  return cachedLines;
}

function writeBasket(lines: readonly BasketLine[]): void {
  writeJson(STORAGE_KEYS.mealCart, lines);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.mealCart) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type Basket = {
  lines: readonly BasketLine[];
  /** Adds grams of a food (SPEC 4); does nothing while logged out. */
  add: (food: SavedFood, quantity: number) => void;
  /** Gives the food's line new nutrition, flagged updated; false when it is not in the basket. */
  updateFood: (food: SavedFood) => boolean;
  /** Removes the food's line; false when it is not in the basket. */
  removeFood: (foodId: number) => boolean;
};

/** The basket of the signed-in person; anonymous users have none (SPEC 6). */
export function useBasket(): Basket {
  const { isAuthenticated } = useAuth();
  const stored = useSyncExternalStore(subscribe, readBasket, () => EMPTY);

  const add = useCallback(
    (food: SavedFood, quantity: number) => {
      if (isAuthenticated) writeBasket(addFood(readBasket(), food, quantity));
    },
    [isAuthenticated],
  );

  const updateFood = useCallback(
    (food: SavedFood) => {
      const next = isAuthenticated ? withUpdatedFood(readBasket(), food) : null;
      if (next) writeBasket(next);
      return next !== null;
    },
    [isAuthenticated],
  );

  const removeFood = useCallback(
    (foodId: number) => {
      const next = isAuthenticated ? withoutFood(readBasket(), foodId) : null;
      if (next) writeBasket(next);
      return next !== null;
    },
    [isAuthenticated],
  );

  return useMemo(
    () => ({ lines: isAuthenticated ? stored : EMPTY, add, updateFood, removeFood }),
    [isAuthenticated, stored, add, updateFood, removeFood],
  );
}
