import { z } from 'zod';
import { appNameRules, keyNameRules } from './rules/organisation.js';
import { ruleString } from './rules/rule.js';

export const KEY_STATUSES = ['ENABLED', 'DISABLED'] as const;

export const appKey = z.object({
  key_name: z.string(),
  key_start: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  status: z.enum(KEY_STATUSES),
});
export type AppKey = z.infer<typeof appKey>;

export const appView = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  is_test_app: z.boolean(),
  keys: z.array(appKey),
  service_access: z.array(z.object({ _id: z.string(), name: z.string() })),
  ip_whitelisted: z.array(z.string()),
});
export type AppView = z.infer<typeof appView>;

export const TEST_APP_NAME = 'Test App';
export const TEST_KEY_NAME = 'Test Key';
export const KEY_SHOWN_ONCE = 'Copy this key now: it cannot be retrieved later.';

export const createAppRequest = z.strictObject({ name: ruleString(appNameRules) });
export const appIdParam = z.strictObject({ appId: z.uuid({ error: 'App not found' }) });
export const appListQuery = z.strictObject({ page: z.enum(['select-service', 'dashboard', 'apps', 'report', 'trial-center']).optional() });
export const appActionQuery = z.strictObject({ action: z.enum(['generate_app_key'], { error: 'Unknown action' }) });
export const generateKeyRequest = z.strictObject({ keyName: ruleString(keyNameRules).transform((name) => name.trim()) });

export const generatedKey = z.object({ keys: z.array(appKey), apiKey: z.string(), message: z.string() });
export type GeneratedKey = z.infer<typeof generatedKey>;
