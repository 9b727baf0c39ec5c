/**
 * Apps and keys: their names, actions, statuses and messages. Builds no schema, so a screen that
 * shows an app or a key loads no zod; app.ts builds the calls' schemas from these.
 */

export const KEY_STATUSES = ['ENABLED', 'DISABLED'] as const;

export const TEST_APP_NAME = 'Test App';
export const TEST_KEY_NAME = 'Test Key';
export const KEY_SHOWN_ONCE = 'Copy this key now: it cannot be retrieved later.';

export const APP_ACTIONS = [
  'generate_app_key',
  'delete_app_key',
  'enable_app_key',
  'disable_app_key',
  'roll_app_key',
  'app_update_subscribed_product',
  'update_whitelisted_ip',
] as const;
/** How long a rolled key keeps working beside its replacement. */
export const KEY_ROLL_OVERLAPS = { now: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 604_800_000 } as const;
export type KeyRollOverlap = keyof typeof KEY_ROLL_OVERLAPS;
export const KEY_ROLL_OVERLAP_LABELS: Record<KeyRollOverlap, string> = { now: 'Now', '1h': '1 hour', '24h': '24 hours', '7d': '7 days' };
/** Days before a key's expiry on which the organisation's owners are reminded. */
export const KEY_EXPIRY_REMINDER_DAYS = [7, 1] as const;

export const KEY_MESSAGES = {
  expiryInPast: 'The expiry date must be in the future',
  expiryInvalid: 'The expiry date is not a valid date',
  overlapInvalid: 'Choose when the old key stops: now, 1h, 24h or 7d',
  alreadyRolled: 'This key has already been rolled',
  expired: 'This key has expired. Roll it or add a new key.',
  rolled: 'Copy the new key now: it cannot be retrieved later. The old key works until the overlap ends.',
} as const;

export const APP_MESSAGES = {
  disableAllKeys: 'Disable all API keys before deleting the app.',
  disableKeyFirst: 'Disable the key before deleting one.',
  testAppForever: 'The test app cannot be deleted',
  keyNotFound: 'Key not found',
  subscribePlan: 'Subscribe a plan to create an App',
  trialLiveApp: 'Trial is not available on Live app',
  nameTaken: 'An app with this name already exists in your organisation. Choose another name.',
} as const;
