import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import { readItem, removeItem, writeItem } from '@/lib/storage';

// The account that has just signed up here, and is still to be asked for its body data.
// Kept in storage so a reload between signing up and answering still asks; cleared once
// the person saves or says "later".

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Asks `username` the first-run questions on its next page. */
export function markFirstRun(username: string) {
  writeItem(STORAGE_KEYS.firstRunFor, username);
  changed();
}

export function clearFirstRun() {
  removeItem(STORAGE_KEYS.firstRunFor);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The username that is to be asked, if any. */
export function useFirstRunFor(): string | null {
  return useSyncExternalStore(subscribe, () => readItem(STORAGE_KEYS.firstRunFor), () => null);
}
