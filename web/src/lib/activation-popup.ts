import { useSyncExternalStore } from 'react';

/**
 * Whether the "Activate your account" popup is open. A tiny store rather than React state, so the
 * QueryClient's global error handler (outside the component tree) can open it.
 */
let opened = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (opened === next) return;
  opened = next;
  for (const listener of listeners) listener();
}

export const activationPopup = {
  open: () => set(true),
  close: () => set(false),
  isOpen: () => opened,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useActivationPopup(): boolean {
  return useSyncExternalStore(activationPopup.subscribe, activationPopup.isOpen, activationPopup.isOpen);
}
