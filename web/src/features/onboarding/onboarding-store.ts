import { STORAGE_KEYS } from '@verigate/contracts';
import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';

/** Seed 000 §4 onboarding steps. */
export type OnboardingStep = 'name_and_category' | 'poc_info' | 'default_service';

/** Seed 000 §3 onboarding context. */
export interface OnboardingContext {
  orgCreated: boolean;
  next_step: OnboardingStep;
  step_completed: OnboardingStep[];
  appCreated: boolean;
  createOrgProgress: number;
  selectServiceProgress: number;
}

const INITIAL: OnboardingContext = {
  orgCreated: false,
  next_step: 'name_and_category',
  step_completed: [],
  appCreated: false,
  createOrgProgress: 10,
  selectServiceProgress: 0,
};

/**
 * Kept in sessionStorage (this tab, survives a reload) and stamped with the session token, so a
 * later sign-in in the same tab starts from the initial context instead of the previous user's.
 */
const KEY = 'verigate.onboarding';
const listeners = new Set<() => void>();
let cache: { owner: string | null; raw: string | null; value: OnboardingContext } | null = null;

function parse(raw: string | null, owner: string | null): OnboardingContext {
  if (!raw) return INITIAL;
  try {
    const { owner: storedOwner, ...value } = JSON.parse(raw) as OnboardingContext & { owner?: string | null };
    return storedOwner === owner ? { ...INITIAL, ...value } : INITIAL;
  } catch {
    return INITIAL;
  }
}

export function readOnboarding(): OnboardingContext {
  const owner = storage.get(STORAGE_KEYS.token);
  const raw = sessionStorage.getItem(KEY);
  if (cache?.owner !== owner || cache.raw !== raw) cache = { owner, raw, value: parse(raw, owner) };
  return cache.value;
}

export function updateOnboarding(patch: Partial<OnboardingContext> | ((current: OnboardingContext) => Partial<OnboardingContext>)): void {
  const current = readOnboarding();
  const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
  sessionStorage.setItem(KEY, JSON.stringify({ owner: storage.get(STORAGE_KEYS.token), ...next }));
  for (const listener of listeners) listener();
}

/**
 * The organisation exists: its name, category and contacts are done and products come next
 * (create progress 100, select-service progress 10). Applied after POST /organisation, and when
 * select-service opens with a stored organisation_id but no such context — the login redirect of
 * an ORG_CREATED organisation, or a new tab — since only this feature owns the context.
 */
export function markOrgCreated(): void {
  updateOnboarding((current) => ({
    orgCreated: true,
    step_completed: Array.from(new Set<OnboardingStep>([...current.step_completed, 'name_and_category', 'poc_info'])),
    next_step: 'default_service',
    createOrgProgress: 100,
    selectServiceProgress: 10,
  }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOnboarding(): OnboardingContext {
  return useSyncExternalStore(subscribe, readOnboarding);
}
