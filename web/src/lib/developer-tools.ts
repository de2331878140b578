import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import { readItem, removeItem, writeItem } from '@/lib/storage';

// Storage events reach other tabs only; this tab's listeners are told directly.
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

const isOn = () => readItem(STORAGE_KEYS.developerTools) === 'on';

/**
 * Whether this device shows links to the developer pages. Off for everyone until turned
 * on from a developer page (reachable by its address): a person logging meals never
 * needs them in the way.
 */
export function useDeveloperTools(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, isOn, () => false);
  const set = (next: boolean) => {
    if (next) writeItem(STORAGE_KEYS.developerTools, 'on');
    else removeItem(STORAGE_KEYS.developerTools);
    listeners.forEach((listener) => listener());
  };
  return [on, set];
}
