import { STORAGE_KEYS } from '@/config/constants';
import { isMealType, type MealSavePayload } from '@/features/basket/utils/basket';
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';
import { readItem, removeItem, writeJson } from '@/lib/storage';

/** What a waiting meal holds, as the basket showed it, so the day can show it before the server has it. */
export type QueuedMealView = {
  totals: { calories: number; protein: number; fat: number; carbs: number };
  foods: { name: string; name_zh: string | null; grams: number | null; calories: number }[];
};

/**
 * A meal saved while the connection was down (issue 15 "No silent loss"): kept in local
 * storage with the Idempotency-Key made for that save, whose owner it is sent for.
 * `shown` is missing from saves queued before it was kept.
 */
export type QueuedSave = { key: string; owner: string; payload: MealSavePayload; queued_at: string; shown?: QueuedMealView };

function isQueuedSave(value: unknown): value is QueuedSave {
  if (typeof value !== 'object' || value === null) return false;
  const { key, owner, payload } = value as Partial<QueuedSave>;
  return (
    typeof key === 'string' &&
    key !== '' &&
    typeof owner === 'string' &&
    typeof payload === 'object' &&
    payload !== null &&
    typeof payload.date === 'string' &&
    isMealType(payload.meal_type) &&
    Array.isArray(payload.foods)
  );
}

export function readQueue(): QueuedSave[] {
  const raw = readItem(STORAGE_KEYS.mealSaveQueue);
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isQueuedSave) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();

function writeQueue(queue: readonly QueuedSave[]): void {
  if (queue.length === 0) removeItem(STORAGE_KEYS.mealSaveQueue);
  else writeJson(STORAGE_KEYS.mealSaveQueue, queue);
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` when this tab or another changes the queue. */
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.mealSaveQueue) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps a save to send later; the same key is never queued twice. */
export function enqueueSave(entry: QueuedSave): void {
  const queue = readQueue().filter((queued) => queued.key !== entry.key);
  writeQueue([...queue, entry]);
}

/** A key for one save: a retry of the same save sends the same key. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
}

/** The request never reached the server (no connection): the save can wait for one. */
export function isOfflineFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && error.code === CLIENT_ERROR_CODES.network;
}

/**
 * Whether a failed send is worth trying again later: no connection, an expired session,
 * or a server that is away (5xx, 408, 429). Anything else the server refused for good.
 */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export type FlushResult = { sent: QueuedSave[]; refused: QueuedSave[]; left: number };

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the owner's queued saves in order, each with its own key. A sent or refused save
 * leaves the queue; the first that cannot go now stops the round (the connection is down
 * again) and stays, key and all. One round at a time: a second call while one runs gets
 * the same round, so nothing is sent twice by this tab.
 */
export function flushQueue(owner: string, send: (entry: QueuedSave) => Promise<unknown>): Promise<FlushResult> {
  if (flushing) return flushing;
  flushing = (async () => {
    const sent: QueuedSave[] = [];
    const refused: QueuedSave[] = [];
    for (const entry of readQueue().filter((queued) => queued.owner === owner)) {
      try {
        await send(entry);
        sent.push(entry);
      } catch (error) {
        if (isWorthRetrying(error)) break;
        refused.push(entry);
      }
      // Read again: another tab or a new offline save may have changed the queue meanwhile.
      writeQueue(readQueue().filter((queued) => queued.key !== entry.key));
    }
    const left = readQueue().filter((queued) => queued.owner === owner).length;
    return { sent, refused, left };
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
