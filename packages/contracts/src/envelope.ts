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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBody = z.object({
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export interface DataEnvelope<T> {
  data: T;
}
export interface ErrEnvelope {
  err: ErrorBody | string;
}

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong!';
export const DEACTIVATED_MESSAGE = 'Your account has been deactivated';

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
