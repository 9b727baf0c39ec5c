import type { Field, Operation, ProductAction, ResultShape, Selector } from '../model.js';
import { identifier, requestId } from '../requests/fields.js';
import { bool, SESSION_OPENED, SESSION_STATUS, str } from '../requests/results.js';
import { at } from './define.js';

/** The one operation of a single-step product. */
export const single = (summary: string, fields: readonly Field[], result: ResultShape, selectors: readonly Selector[]): Operation => ({
  summary,
  fields,
  result,
  selectors,
});

/** An OTP flow's first step: sends the OTP and opens the session the second step continues. */
export const otpRequest = (
  action: ProductAction,
  summary: string,
  fields: readonly Field[],
  result: ResultShape,
  selectors: readonly Selector[],
): Operation => ({
  action,
  summary,
  fields,
  result,
  selectors,
  session: 'opens',
  requestIdAt: 'request_id',
});

/** What every verified OTP answers, before the product's own fields. */
const OTP_VERIFIED: ResultShape = {
  verified: bool('true: the OTP matched.'),
  verified_at: str('ISO 8601.', 'none'),
};

/** An OTP flow's second step: the OTP with the request_id of the first (magic: the OTP's last four digits). */
export const otpVerify = (action: ProductAction, result: ResultShape): Operation => ({
  action,
  summary: 'Submit the OTP the customer received, with the request_id of the first step.',
  fields: [requestId('The request_id of the first step (the envelope’s request_id).'), identifier('otp', 'otp')],
  result: { ...OTP_VERIFIED, ...result },
  selectors: [at('otp', -4)],
  session: 'continues',
});

/** A hosted flow's first step: opens a page (sdk_url) the customer completes. */
export const hostedInit = (summary: string, fields: readonly Field[], selectors: readonly Selector[], result: ResultShape = SESSION_OPENED): Operation => ({
  action: 'init',
  summary,
  fields,
  result,
  selectors,
  session: 'opens',
  requestIdAt: 'result.request_id',
  openUrlAt: 'result.sdk_url',
});

/** A hosted flow's second step: the outcome of the page, or status PENDING until it is completed. */
export const hostedFetch = (summary: string, result: ResultShape): Operation => ({
  action: 'fetch',
  summary,
  fields: [requestId('The request_id of the init step.')],
  result: { request_id: str('The request fetched.', 'none'), status: SESSION_STATUS, ...result },
  selectors: [],
  session: 'continues',
});
