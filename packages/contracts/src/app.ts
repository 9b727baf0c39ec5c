import { z } from 'zod';
import { appNameRules, keyNameRules } from './rules/organisation.js';
import { ALL_IPS, IP_MESSAGES, isIpOrCidr, isTooWide, normaliseIp, tooWideMessage } from './rules/ip.js';
import { ruleString } from './rules/rule-string.js';
import { withStepUp } from './step-up.js';
import { APP_ACTIONS, KEY_MESSAGES, KEY_ROLL_OVERLAPS, KEY_STATUSES, type KeyRollOverlap } from './rules/app.js';

export const appKey = z.strictObject({
  _id: z.string(),
  key_name: z.string(),
  key_start: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** DISABLED also once the key has expired or its roll overlap has ended. */
  status: z.enum(KEY_STATUSES),
  /** When the key stops working (its expiry, or the end of its roll overlap); null: never. */
  expiresAt: z.number().nullable(),
  /** When a new key replaced this one; null: not rolled. */
  rolledAt: z.number().nullable(),
  /** The latest call made with the key and its client address; kept current within seconds. */
  lastUsedAt: z.number().nullable(),
  lastClientIp: z.string().nullable(),
});
export type AppKey = z.infer<typeof appKey>;

const appProduct = z.strictObject({ _id: z.string(), name: z.string() });
export const appView = z.strictObject({
  _id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  is_test_app: z.boolean(),
  keys: z.array(appKey),
  service_access: z.array(appProduct),
  ip_whitelisted: z.array(z.string()),
});
export type AppView = z.infer<typeof appView>;

export const createAppRequest = z.strictObject({ name: ruleString(appNameRules) });
export const appIdParam = z.strictObject({ appId: z.uuid({ error: 'App not found' }) });
export const appListQuery = z.strictObject({ page: z.enum(['select-service', 'dashboard', 'apps', 'report', 'trial-center']).optional() });
/** GET /app?page=trial-center carries the user's id (seed 001 §7); it must be the signed-in user's. Loose: the other headers stay. */
export const appListHeaders = z.looseObject({ 'x-user-id': z.string().max(64).optional() });
export const appActionQuery = z.strictObject({ action: z.enum(APP_ACTIONS, { error: 'Unknown action' }) });
export const appGetQuery = z.strictObject({ onlyIpWhitelisted: z.enum(['true']).optional() });

const keyName = ruleString(keyNameRules);
/** Epoch milliseconds; the service refuses one not in the future (it knows the clock). */
const expiresAt = z
  .number({ error: KEY_MESSAGES.expiryInvalid })
  .int(KEY_MESSAGES.expiryInvalid)
  .min(0, KEY_MESSAGES.expiryInvalid)
  .max(8_640_000_000_000_000, KEY_MESSAGES.expiryInvalid);
export const generateKeyRequest = z.strictObject({ keyName, expiresAt: expiresAt.optional() });
/** The key is named by its id (names are reused: the new key takes the old one's name); an unknown id is a 404. */
export const rollKeyTarget = z.strictObject({
  keyId: z.string().max(64),
  overlap: z.enum(Object.keys(KEY_ROLL_OVERLAPS) as [KeyRollOverlap, ...KeyRollOverlap[]], { error: KEY_MESSAGES.overlapInvalid }),
  /** When the new value stops working; absent: never. */
  expiresAt: expiresAt.optional(),
});
/** The key and overlap are checked first, so a bad overlap is named rather than reported as a missing proof. */
export const rollKeyRequest = rollKeyTarget.loose().pipe(withStepUp(rollKeyTarget.shape));
export const deleteKeyRequest = z.strictObject({ keyName });
export const toggleKeyRequest = withStepUp({ keyName });
export const updateAppProductsRequest = withStepUp({ productIds: z.array(z.string().min(1).max(100), { error: 'must be a list of product ids' }).max(100) });
export const updateWhitelistRequest = withStepUp({
  whitelisted_ips: z
    .array(z.string().max(64), { error: 'must be a list of IP addresses' })
    .min(1, 'List at least one IP address, or ALL')
    .max(100, 'At most 100 IP addresses')
    .refine((ips) => (ips.length === 1 && ips[0] === ALL_IPS) || ips.every(isIpOrCidr), IP_MESSAGES.invalid)
    .refine((ips) => new Set(ips.map(normaliseIp)).size === ips.length, IP_MESSAGES.duplicate)
    .superRefine((ips, ctx) => {
      const tooWide = ips.find(isTooWide);
      if (tooWide) ctx.addIssue({ code: 'custom', message: tooWideMessage(tooWide) });
    }),
});

/** PUT /app/{id}?action=generate_app_key: the new key, shown this once. */
export const generatedKey = z.strictObject({ keys: z.array(appKey), apiKey: z.string(), message: z.string() });
export type GeneratedKey = z.infer<typeof generatedKey>;
/** PUT /app/{id}?action=delete_app_key | enable_app_key | disable_app_key */
export const appKeys = z.strictObject({ keys: z.array(appKey) });
export type AppKeys = z.infer<typeof appKeys>;
/** PUT /app/{id}?action=app_update_subscribed_product */
export const appProducts = z.strictObject({ service_access: z.array(appProduct) });
export type AppProducts = z.infer<typeof appProducts>;
/** GET /app/{id}?onlyIpWhitelisted=true and PUT /app/{id}?action=update_whitelisted_ip */
export const appWhitelist = z.strictObject({ ip_whitelisted: z.array(z.string()) });
export type AppWhitelist = z.infer<typeof appWhitelist>;
