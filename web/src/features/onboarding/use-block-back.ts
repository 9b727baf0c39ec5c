import { useEffect } from 'react';

const PINNED = '__onboardingPinned';

/**
 * Seed 000 §2: browser back is blocked on onboarding screens. A copy of the current history entry
 * is pushed on top; pressing back lands on the original (same URL, so the router stays put) and
 * the copy is pushed again.
 */
export function useBlockBack(): void {
  useEffect(() => {
    const pin = () => {
      const state: unknown = window.history.state;
      if (typeof state === 'object' && state !== null && PINNED in state) return;
      window.history.pushState({ ...(state as object | null), [PINNED]: true }, '', window.location.href);
    };
    pin();
    window.addEventListener('popstate', pin);
    return () => window.removeEventListener('popstate', pin);
  }, []);
}
