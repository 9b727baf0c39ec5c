import { z } from 'zod';
import { aadhaarNumber, accountNumber, dateOfBirth, dlNumber, FIELD_MESSAGES, gstinNumber, ifscCode, nameToMatch, panNumber } from './fields.js';

/**
 * The `data` of each product's request (seed 001 §3, "Per-product trial request fields"), keyed by
 * arn. Consent (`consent`, `consent_text`) is common to all and checked apart, so a missing
 * consent answers 104 rather than 106. Unknown fields are ignored.
 */
const panData = z.object({
  customer_pan_number: panNumber,
  customer_dob: dateOfBirth.optional(),
  name_to_match: nameToMatch.optional(),
});

const gstinData = z.object({
  business_gstin_number: gstinNumber,
});

const bankData = z.object({
  account_number: accountNumber,
  ifsc: ifscCode,
  name_to_match: nameToMatch.optional(),
});

/** The date of birth is required only when the licence number contains AP or TS (seed 001 §5). */
const dlData = z
  .object({
    customer_dl_number: dlNumber,
    customer_dob: dateOfBirth.optional(),
    name_to_match: nameToMatch.optional(),
  })
  .superRefine((data, ctx) => {
    if (/AP|TS/.test(data.customer_dl_number) && data.customer_dob === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customer_dob'], message: FIELD_MESSAGES.dlDob });
    }
  });

const aadhaarData = z.object({
  customer_aadhaar_number: aadhaarNumber,
});

export const requestSchemas = {
  in_identity_pan_lite: panData,
  in_identity_pan_advance: panData,
  in_merchant_gstin_lite: gstinData,
  in_financial_bank_lite: bankData,
  in_identity_dl_lite: dlData,
  in_identity_aadhaar_lite: aadhaarData,
} as const satisfies Record<string, z.ZodType>;

export type SchemaArn = keyof typeof requestSchemas;
export type RequestData<A extends SchemaArn> = z.output<(typeof requestSchemas)[A]>;

export const hasRequestSchema = (arn: string): arn is SchemaArn => Object.hasOwn(requestSchemas, arn);

/** The body every product shares: `{ mode: 'sync', data: { ...fields, consent, consent_text } }`. */
const requestBody = z.object(
  {
    mode: z.literal('sync', { error: FIELD_MESSAGES.mode }),
    data: z.record(z.string(), z.unknown(), { error: FIELD_MESSAGES.data }),
  },
  { error: FIELD_MESSAGES.body },
);

const consent = z.object({
  consent: z.literal('Y', { error: FIELD_MESSAGES.consent }),
  consent_text: z.string({ error: FIELD_MESSAGES.consentText }).trim().min(1, { error: FIELD_MESSAGES.consentText }),
});

export interface FieldError {
  /** Where in the body, in dot notation: 'data.customer_pan_number'. */
  field: string;
  message: string;
}

export type ParsedRequest<A extends SchemaArn> =
  | { ok: true; data: RequestData<A> }
  /** 106 Invalid ID Number or Combination of Inputs, or 104 Missing or Invalid Consent. */
  | { ok: false; code: 104 | 106; error: FieldError };

function firstError(error: z.ZodError, prefix: string[]): FieldError {
  const issue = error.issues[0]!;
  return { field: [...prefix, ...issue.path.map(String)].join('.'), message: issue.message };
}

/**
 * Validates a provider-API body for the product: the shared shape (106), then consent (104),
 * then the product's fields (106). Only the first broken rule is reported.
 */
export function parseProductRequest<A extends SchemaArn>(arn: A, body: unknown): ParsedRequest<A> {
  const shape = requestBody.safeParse(body);
  if (!shape.success) return { ok: false, code: 106, error: firstError(shape.error, []) };
  const consented = consent.safeParse(shape.data.data);
  if (!consented.success) return { ok: false, code: 104, error: firstError(consented.error, ['data']) };
  const fields = requestSchemas[arn].safeParse(shape.data.data);
  if (!fields.success) return { ok: false, code: 106, error: firstError(fields.error, ['data']) };
  return { ok: true, data: fields.data as RequestData<A> };
}
