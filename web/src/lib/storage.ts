import { PERSONAL_STORAGE_KEYS, SESSION_KEYS, STORAGE_KEYS } from '@/config/constants';

// Storage can be missing or throw (private mode, quota, no window in Node tests);
// none of that should break the app, so every access goes through these helpers.

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    local()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives only in memory for this visit.
  }
}

export function removeItem(key: string): void {
  try {
    local()?.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

/** Where the API client keeps the session's tokens. */
export interface TokenStore {
  getAccess(): string | null;
  getRefresh(): string | null;
  /** Stores a new access token; the refresh token changes only when one is given. */
  setTokens(access: string, refresh?: string | null): void;
  /** Drops both tokens and the stored user. */
  clear(): void;
}

export const localTokenStore: TokenStore = {
  getAccess: () => readItem(STORAGE_KEYS.authToken),
  getRefresh: () => readItem(STORAGE_KEYS.refreshToken),
  setTokens(access, refresh) {
    writeItem(STORAGE_KEYS.authToken, access);
    if (refresh) writeItem(STORAGE_KEYS.refreshToken, refresh);
  },
  clear() {
    removeItem(STORAGE_KEYS.authToken);
    removeItem(STORAGE_KEYS.refreshToken);
    removeItem(STORAGE_KEYS.user);
  },
};

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Session storage (this tab, until it closes) as JSON; null when absent or unreadable. */
export function readSessionJson<T>(key: string): T | null {
  try {
    const raw = session()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  try {
    session()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the value lives only in memory for this visit.
  }
}

export function removeSessionItem(key: string): void {
  try {
    session()?.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** Basket drafts and dashboard results belong to the person who logged out. */
export function clearPersonalData(): void {
  for (const key of PERSONAL_STORAGE_KEYS) removeItem(key);
  removeSessionItem(SESSION_KEYS.editingMeal);
  removeSessionItem(SESSION_KEYS.mealToOpen);
  removeSessionItem(SESSION_KEYS.pendingLabelRead);
}
