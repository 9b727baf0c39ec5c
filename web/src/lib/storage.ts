import { STORAGE_KEYS } from '@verigate/contracts';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const storage = {
  get: (key: StorageKey): string | null => localStorage.getItem(key),
  set: (key: StorageKey, value: string): void => localStorage.setItem(key, value),
  remove: (key: StorageKey): void => localStorage.removeItem(key),
  clear: (): void => localStorage.clear(),
};

export const hasSession = (): boolean => storage.get(STORAGE_KEYS.token) !== null;

/** Forgets everything the portal stored and starts again at the login screen. */
export function endSession(): void {
  storage.clear();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}
