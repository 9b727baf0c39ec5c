import { z } from 'zod';

/**
 * GET /doc (seed 001 §7 Documentation, §3 Doc entry): the provider API documented product by
 * product. One entry per call: a single-step product has one, a multi-step product one per step
 * (its `action`).
 */
export const docHeader = z.strictObject({
  name: z.string(),
  /** The signed-in customer's own app id for `app-id`; a placeholder for the key, never a key. */
  example: z.string(),
  required: z.boolean(),
  description: z.string(),
});
export type DocHeader = z.infer<typeof docHeader>;

export const docParam = z.strictObject({
  /** Where in the JSON body, in dot notation: 'mode', 'data.customer_pan_number', 'data.signers.0.signer_name'. */
  name: z.string(),
  /** Absent for an optional field the definition gives no example of. */
  example: z.unknown().optional(),
  required: z.boolean(),
  description: z.string(),
});
export type DocParam = z.infer<typeof docParam>;

export const docResponse = z.strictObject({
  http_status: z.number().int(),
  /** null for the refusals that carry no code (authentication, authorisation). */
  response_code: z.number().int().nullable(),
  response_message: z.string(),
  description: z.string(),
  /** The whole envelope the sandbox answers to the documented example (100 only). */
  example: z.record(z.string(), z.unknown()).optional(),
});
export type DocResponse = z.infer<typeof docResponse>;

export const docEntry = z.strictObject({
  arn: z.string(),
  name: z.string(),
  description: z.string(),
  /** The arn's last part ('lite', 'advance', 'otp', ...). */
  type: z.string(),
  /** The product's display category, as on the catalogue's tabs. */
  category: z.string(),
  /** The step of a multi-step product ('request', 'verify', 'init', 'fetch', ...). */
  action: z.string().optional(),
  /** The test-environment call of the documented example, as a cURL command. */
  curl: z.string(),
  headers: z.array(docHeader),
  params: z.array(docParam),
  responses: z.array(docResponse),
});
export type DocEntry = z.infer<typeof docEntry>;

/**
 * What the generic reference shows where a signed-in customer sees their own values. The portal
 * swaps the app ids for the customer's; keys stay placeholders (a key is shown once, when made).
 */
export const DOC_PLACEHOLDERS = {
  testAppId: 'YOUR_TEST_APP_ID',
  liveAppId: 'YOUR_LIVE_APP_ID',
  testKey: 'YOUR_TEST_API_KEY',
  liveKey: 'YOUR_LIVE_API_KEY',
} as const;

export const DOC_MESSAGES = {
  loadFailed: 'Failed to fetch product documentation',
} as const;

/** Where the portal serves the generic OpenAPI document (public: no per-customer data). */
export const OPENAPI_PATH = '/openapi.json';
/** The same API as a Postman collection (v2.1), generated from the OpenAPI document. */
export const POSTMAN_COLLECTION_PATH = '/postman_collection.json';
