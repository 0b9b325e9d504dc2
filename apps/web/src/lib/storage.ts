/**
 * Local storage, docs/product.md §9: `access_token`, `user_data`, `theme`.
 * Every access is guarded: storage can be unavailable (privacy modes, quotas) and
 * the app must keep working without it.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  userData: 'user_data',
  theme: 'theme',
  /** Not in the spec: remembers that the home page's "coming soon" banner was dismissed. */
  comingSoonBannerDismissed: 'coming_soon_banner_dismissed',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value lives for this page view only.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

export function getAccessToken(): string | null {
  return readItem(STORAGE_KEYS.accessToken);
}

export function setAccessToken(token: string): void {
  writeItem(STORAGE_KEYS.accessToken, token);
}

/** The stored user, or null when absent or unreadable. */
export function getStoredUser(): Record<string, unknown> | null {
  const raw = readItem(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: object): void {
  writeItem(STORAGE_KEYS.userData, JSON.stringify(user));
}

/** Removes the session: the token and the user data. */
export function clearSession(): void {
  removeItem(STORAGE_KEYS.accessToken);
  removeItem(STORAGE_KEYS.userData);
}
