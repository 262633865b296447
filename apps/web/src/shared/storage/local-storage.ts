/**
 * The app's localStorage keys, named exactly as SPEC §3/§7 name them, and safe accessors: storage can
 * throw (private browsing, quota, disabled cookies) and a broken store must never break the app.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  locale: 'locale',
  currentLine: 'currentLine',
  /** The customer's appearance choices (not in SPEC; kept on the device like the locale). */
  theme: 'theme',
  riseFallColours: 'riseFallColours',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readText(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeText(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives in memory for this visit only.
  }
}

/** Parses a JSON value; anything unreadable counts as absent rather than crashing the first render. */
export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const text = readText(key);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeText(key, value === null || value === undefined ? null : JSON.stringify(value));
}
