import { z } from 'zod';

/** The closed set of error codes the customer API answers with. */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'captcha_required',
  'deactivated',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBody = z.strictObject({
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Per-field problems, or facts a screen shows beside the message (the step-up's `attempts_left`). */
  details: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The answer of every successful customer-API call: `{ data: … }` with the call's response schema inside. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.strictObject({ data });
export const errEnvelope = z.strictObject({ err: errorBody });

export interface DataEnvelope<T> {
  data: T;
}
export interface ErrEnvelope {
  err: ErrorBody | string;
}

export const messageResponse = z.strictObject({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
