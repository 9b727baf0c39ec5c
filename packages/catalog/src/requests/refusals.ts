/**
 * The provider API's refusals that carry no response code (`response_code: null`), with their
 * HTTP status, exact message and when they are answered. The gateway answers them; the API
 * reference tabulates them.
 */

/** The authentication and authorisation refusals of seed 001 §8, in the order they are checked. */
export const REFUSALS = {
  appNotFound: { httpStatus: 401, message: 'app not found', when: '`app-id` missing, not a UUID, or no app' },
  ipNotWhitelisted: { httpStatus: 403, message: 'ip not whitelisted', when: "the caller's address is not in the app's IP whitelist" },
  keyInvalid: {
    httpStatus: 401,
    message: 'api key is invalid or disabled',
    when: "`api-key` missing, mistyped, not one of the app's keys, disabled, or of the other environment",
  },
  productNotSubscribed: { httpStatus: 403, message: 'product not subscribed by app', when: "the product is not among the app's products" },
  actionDisallowed: { httpStatus: 403, message: 'action disallowed for the product', when: '`action` is not a step of the product' },
  orgNotFound: { httpStatus: 401, message: 'org not found', when: "the app's organisation no longer exists" },
} as const;

/** The gateway's other refusals without a response code. */
export const GATEWAY_REFUSALS = {
  productNotFound: { httpStatus: 404, message: 'product not found', when: 'the path is no product of the API' },
  creditsExhausted: { httpStatus: 403, message: 'test credits exhausted for this product', when: 'test environment: no test credit left for the product' },
  bodyTooLarge: { httpStatus: 413, message: 'Request body is too large', when: "the body is over the product's limit" },
  unsupportedMediaType: {
    httpStatus: 415,
    message: 'content-type must be application/json',
    when: 'a body sent with another `content-type`, or with none',
  },
  noActivePlan: { httpStatus: 403, message: 'no active plan for the organisation', when: 'live environment: the organisation has no ACTIVE plan' },
  productNotInPlan: {
    httpStatus: 403,
    message: "product not priced in the organisation's plan",
    when: "live environment: the organisation's ACTIVE plan has no unit price for the product",
  },
  rateLimited: {
    httpStatus: 429,
    message: 'rate limit exceeded',
    when: "the app's calls of this second are used up (`RateLimit` r=0); not charged; retry after `Retry-After` seconds",
  },
} as const;

/** Every refusal without a code, in the order the gateway checks (seed 001 §8 and the gateway's own). */
export const REFUSALS_IN_ORDER = [
  GATEWAY_REFUSALS.bodyTooLarge,
  REFUSALS.appNotFound,
  REFUSALS.ipNotWhitelisted,
  REFUSALS.keyInvalid,
  GATEWAY_REFUSALS.rateLimited,
  GATEWAY_REFUSALS.productNotFound,
  REFUSALS.productNotSubscribed,
  GATEWAY_REFUSALS.unsupportedMediaType,
  REFUSALS.actionDisallowed,
  REFUSALS.orgNotFound,
  GATEWAY_REFUSALS.creditsExhausted,
  GATEWAY_REFUSALS.noActivePlan,
  GATEWAY_REFUSALS.productNotInPlan,
] as const;

export type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS] | (typeof GATEWAY_REFUSALS)[keyof typeof GATEWAY_REFUSALS];

/** 106 on `task_id` (seed 001 §9: a task id must be a UUIDv4). */
export const TASK_ID_MESSAGE = 'task_id must be a UUIDv4';

/** A UUIDv4 in either case (written without flags, as the document's pattern too); the gateway keeps it lower-cased. */
export const TASK_ID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

/** 106 on `data.request_id`: a continuing step whose first step this app did not call, or that expired or was used up. */
export const UNKNOWN_REQUEST_ID = 'request_id is unknown or has expired';
