import { useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import {
  isMealType,
  addFood,
  addQuickAdd as withQuickAdd,
  linesFromMeal,
  mergedLines,
  parseBasket,
  removeFood as withoutFood,
  removeQuickAdd as withoutQuickAdd,
  setQuantity as withQuantity,
  updateFood as withUpdatedFood,
  type BasketLine,
  type QuickAdd,
} from '@/features/basket/utils/basket';
import { useAuth } from '@/lib/auth';
import { clearEditingMeal, readEditingMeal, writeEditingMeal, type EditingMeal } from '@/lib/editing-meal';
import { readItem, removeItem, writeItem, writeJson } from '@/lib/storage';
import type { SavedFood } from '@/types/food';
import type { MealType } from '@/types/meal';

// Storage is the basket's one home (SPEC 3: mealCart, mealName, mealTime in local
// storage; editingMeal in session storage): every component reads it through this store,
// and another tab's changes arrive by the storage event. Logging out removes the keys
// (clearPersonalData), which the next read sees.

const EMPTY: readonly BasketLine[] = [];
const listeners = new Set<() => void>();

type Snapshot = {
  lines: readonly BasketLine[];
  name: string;
  /** ISO date-time the person chose; null follows the clock. */
  time: string | null;
  /** The meal type the person chose; null follows the time's hour band. */
  mealType: MealType | null;
  editing: EditingMeal | null;
};

let cachedKey = '';
let cached: Snapshot = { lines: EMPTY, name: '', time: null, mealType: null, editing: null };
const ANONYMOUS: Snapshot = { lines: EMPTY, name: '', time: null, mealType: null, editing: null };

function readSnapshot(): Snapshot {
  const raw = readItem(STORAGE_KEYS.mealCart);
  const name = readItem(STORAGE_KEYS.mealName) ?? '';
  const time = readItem(STORAGE_KEYS.mealTime);
  const storedType = readItem(STORAGE_KEYS.mealType);
  const mealType = isMealType(storedType) ? storedType : null;
  const editing = readEditingMeal();
  // Same stored text, same snapshot: React compares snapshots by identity.
  const key = JSON.stringify([raw, name, time, mealType, editing?.id ?? null]);
  if (key !== cachedKey) {
    cachedKey = key;
    cached = { lines: parseBasket(raw), name, time, mealType, editing };
  }
  return cached;
}

function changed(): void {
  for (const listener of [...listeners]) listener();
}

function writeLines(lines: readonly BasketLine[]): void {
  writeJson(STORAGE_KEYS.mealCart, lines);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const watched: string[] = [
    STORAGE_KEYS.mealCart,
    STORAGE_KEYS.mealName,
    STORAGE_KEYS.mealTime,
    STORAGE_KEYS.mealType,
  ];
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || watched.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type Basket = {
  lines: readonly BasketLine[];
  /** The meal name as typed (may be empty: saving then uses a default). */
  name: string;
  /** The chosen meal time, or null for "now". */
  time: Date | null;
  /** The chosen meal type, or null to follow the meal time's hour band (SPEC 4). */
  mealType: MealType | null;
  /** The saved meal being edited, if any. */
  editing: EditingMeal | null;
  /** Adds grams of a food, typed as `amount` if given (SPEC 4); does nothing while logged out. */
  add: (food: SavedFood, quantity: number, amount?: string) => void;
  /** Gives the food's line new nutrition, flagged updated; false when it is not in the basket. */
  updateFood: (food: SavedFood) => boolean;
  /** Removes the food's line; false when it is not in the basket. */
  removeFood: (foodId: number) => boolean;
  /** A new quantity, typed as `amount` if given; 0 or less removes the line (SPEC 4). */
  setQuantity: (foodId: number, quantity: number, amount?: string) => void;
  /** Adds calories without a food. */
  addQuickAdd: (quick: QuickAdd) => void;
  removeQuickAdd: (id: string) => void;
  setName: (name: string) => void;
  setTime: (time: Date) => void;
  /** The person's choice of meal type, which wins over the hour band. */
  setMealType: (type: MealType) => void;
  /** Empties the basket, its name and time, and ends editing. */
  clear: () => void;
  /** Replaces the basket with a saved meal, to edit it; `keepLines` adds the basket's foods to the meal's. */
  loadMeal: (meal: EditingMeal, options?: { keepLines?: boolean }) => void;
};

// What writes storage whatever the sign-in: one set for every component, never new.
const storeActions = {
  setQuantity(foodId: number, quantity: number, amount?: string) {
    writeLines(withQuantity(readSnapshot().lines, foodId, quantity, amount));
  },
  removeQuickAdd(id: string) {
    writeLines(withoutQuickAdd(readSnapshot().lines, id));
  },
  setName(name: string) {
    writeItem(STORAGE_KEYS.mealName, name);
    changed();
  },
  setTime(time: Date) {
    writeItem(STORAGE_KEYS.mealTime, time.toISOString());
    changed();
  },
  setMealType(type: MealType) {
    writeItem(STORAGE_KEYS.mealType, type);
    changed();
  },
  clear() {
    removeItem(STORAGE_KEYS.mealCart);
    removeItem(STORAGE_KEYS.mealName);
    removeItem(STORAGE_KEYS.mealTime);
    removeItem(STORAGE_KEYS.mealType);
    clearEditingMeal();
    changed();
  },
  loadMeal(meal: EditingMeal, options?: { keepLines?: boolean }) {
    const lines = options?.keepLines ? mergedLines(meal, readSnapshot().lines) : linesFromMeal(meal);
    writeEditingMeal(meal);
    writeJson(STORAGE_KEYS.mealCart, lines);
    writeItem(STORAGE_KEYS.mealName, meal.name ?? '');
    writeItem(STORAGE_KEYS.mealTime, meal.eaten_at);
    if (isMealType(meal.meal_type)) writeItem(STORAGE_KEYS.mealType, meal.meal_type);
    else removeItem(STORAGE_KEYS.mealType);
    changed();
  },
} satisfies Partial<Basket>;

/** The basket of the signed-in person; anonymous users have none (SPEC 6). */
export function useBasket(): Basket {
  const { isAuthenticated } = useAuth();
  const stored = useSyncExternalStore(subscribe, readSnapshot, () => ANONYMOUS);
  const snapshot = isAuthenticated ? stored : ANONYMOUS;

  // What adds to or changes the lines does nothing while logged out: new with the sign-in.
  const signedInActions = useMemo(
    () => ({
      add(food: SavedFood, quantity: number, amount?: string) {
        if (isAuthenticated) writeLines(addFood(readSnapshot().lines, food, quantity, amount));
      },
      updateFood(food: SavedFood) {
        const next = isAuthenticated ? withUpdatedFood(readSnapshot().lines, food) : null;
        if (next) writeLines(next);
        return next !== null;
      },
      removeFood(foodId: number) {
        const next = isAuthenticated ? withoutFood(readSnapshot().lines, foodId) : null;
        if (next) writeLines(next);
        return next !== null;
      },
      addQuickAdd(quick: QuickAdd) {
        if (isAuthenticated) writeLines(withQuickAdd(readSnapshot().lines, quick));
      },
    }),
    [isAuthenticated],
  );

  const time = useMemo(() => {
    if (!snapshot.time) return null;
    const parsed = new Date(snapshot.time);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }, [snapshot.time]);

  return useMemo(
    () => ({
      lines: snapshot.lines,
      name: snapshot.name,
      time,
      mealType: snapshot.mealType,
      editing: snapshot.editing,
      ...signedInActions,
      ...storeActions,
    }),
    [snapshot, time, signedInActions],
  );
}
