import { z } from 'zod';

/**
 * The Trial Center's calls (seed 001 §7 "Trial"): the single trial call POST /demoPortal/product,
 * and the e-stamp branches and articles its form reads. The trial call runs the provider API's
 * pipeline on the organisation's test app and answers the provider envelope as data.
 */

/** The words of the Trial Center (seed 001 §2, §4, §8), letter for letter. */
export const TRIAL_MESSAGES = {
  /** Missing or foreign user, organisation or app id. */
  missingIds: 'Unable to retrieve verification results. Please try again later!',
  /** A trial call that failed without a message of its own. */
  fetchFailed: 'Unable to fetch verification results, please try again later',
  /** An OTP-send step that did not send the OTP. */
  otpSendFailed: 'Could not fetch info, please try later.',
  /** The trial list, app and pending fetch failures without a message. */
  listFailed: 'Something went wrong',
  prompt: 'Fill in the below details to run verification',
  resendOtp: 'Resend Otp',
  fetchResponse: 'Fetch Response',
  unknownBranch: 'Unknown branch',
} as const;

/** The popup's heading: 'Running Trial on {product}'. */
export const trialHeading = (product: string) => `Running Trial on ${product}`;

/** The actions a trial call may name (seed 001 §7); the product's definition says which it takes. */
export const TRIAL_ACTIONS = ['init', 'fetch', 'request', 'verify', 'request-test', 'submit-test'] as const;
export type TrialAction = (typeof TRIAL_ACTIONS)[number];

const id = z.string({ error: TRIAL_MESSAGES.missingIds }).trim().min(1, TRIAL_MESSAGES.missingIds).max(64, TRIAL_MESSAGES.missingIds);

/**
 * The trial call's headers (seed 001 §6): app-id and org-id always, x-user-id except from the
 * e-sign form. The caller is the signed-in user (bearer token); a given x-user-id must be theirs.
 * No api-key: the session stands in for the seed's fixed test key, so none reaches the browser.
 * Loose: a route's header schema replaces request.headers, and the others (authorization) must stay.
 */
export const trialHeaders = z.looseObject({
  'app-id': id,
  'org-id': id,
  'x-user-id': id.optional(),
});
export type TrialHeaders = z.infer<typeof trialHeaders>;

const arnPart = z.string().regex(/^[a-z][a-z0-9]{0,39}$/, 'Region, category, service and type must be the parts of the arn');

/**
 * POST /demoPortal/product: the arn, its four parts (the arn split on '_'), mode 'sync', an
 * optional action and report_id, and the product's data with consent and consent_text.
 */
export const trialRequest = z
  .strictObject({
    arn: z.string().regex(/^[a-z][a-z0-9_]{0,199}$/, 'The arn must be a product arn'),
    region: arnPart,
    category: arnPart,
    service: arnPart,
    type: arnPart,
    mode: z.literal('sync', { error: "The mode must be 'sync'" }),
    action: z.enum(TRIAL_ACTIONS, { error: 'The action must be one of init, fetch, request, verify, request-test, submit-test' }).optional(),
    report_id: z.string().max(50).optional(),
    data: z.record(z.string(), z.unknown(), { error: 'The data must be an object of the product fields' }),
  })
  .refine((body) => body.arn === [body.region, body.category, body.service, body.type].join('_'), {
    message: 'Region, category, service and type must be the parts of the arn',
    path: ['arn'],
  });
export type TrialRequest = z.infer<typeof trialRequest>;

/** The provider API's response envelope (seed 001 §3), the trial call's data. */
export const providerEnvelope = z.strictObject({
  request_id: z.string(),
  group_id: z.string(),
  task_id: z.string(),
  success: z.boolean(),
  response_code: z.number().int().nullable(),
  response_message: z.string(),
  metadata: z.strictObject({ billable: z.enum(['Y', 'N']) }),
  result: z.record(z.string(), z.unknown()).optional(),
});
export type ProviderEnvelope = z.infer<typeof providerEnvelope>;

/** GET /estamp/getBranches (seed 001 §3 "Branch option"); branch_code is the state code a request sends as stateCode. */
export const estampBranch = z.strictObject({ id: z.number().int(), name: z.string(), branch_code: z.string() });
export type EstampBranch = z.infer<typeof estampBranch>;

/** GET /estamp/articles/{code} (seed 001 §3 "Article option"). */
export const estampArticle = z.strictObject({ id: z.string(), description: z.string() });
export type EstampArticle = z.infer<typeof estampArticle>;

export const estampCodeParam = z.strictObject({ code: z.string().regex(/^[A-Za-z]{2}$/, TRIAL_MESSAGES.unknownBranch) });
