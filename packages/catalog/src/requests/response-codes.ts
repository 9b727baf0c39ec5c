/**
 * The provider API's status codes (seed 001 §8 "Provider API status codes"): each code with its
 * meaning, sent as `response_message`, and the HTTP status the answer carries.
 */
export const RESPONSE_CODES = {
  100: { message: 'Valid Authentication', httpStatus: 200 },
  101: { message: 'No Record Found', httpStatus: 200 },
  102: { message: 'Multiple Records Found', httpStatus: 200 },
  103: { message: 'Partial Record Found', httpStatus: 200 },
  104: { message: 'Missing or Invalid Consent', httpStatus: 400 },
  105: { message: 'Number of inputs exceeded', httpStatus: 400 },
  106: { message: 'Invalid ID Number or Combination of Inputs', httpStatus: 400 },
  107: { message: 'Duplicate Transaction', httpStatus: 400 },
  108: { message: 'Source Error', httpStatus: 503 },
  109: { message: 'Source timed out', httpStatus: 504 },
  110: { message: 'Source Down', httpStatus: 503 },
  111: { message: 'Internal Error', httpStatus: 500 },
  112: { message: 'wallet balance low', httpStatus: 403 },
  113: { message: 'wallet balance reaching zero with too many pending requests', httpStatus: 403 },
  // Not in the seed's table: the organisation's own daily spend cap (docs/decisions/0021-spend-controls.md).
  114: { message: 'daily spend cap reached', httpStatus: 403 },
  99: { message: 'Unknown Error', httpStatus: 500 },
} as const satisfies Record<number, { message: string; httpStatus: number }>;

export type ResponseCode = keyof typeof RESPONSE_CODES;

export const isResponseCode = (value: unknown): value is ResponseCode => typeof value === 'number' && Object.hasOwn(RESPONSE_CODES, value);

/**
 * "A call is billable by its response code" (architecture page, seed 001 §8): the source was
 * reached and answered about the subject — 100 Valid Authentication, 101 No Record Found,
 * 102 Multiple Records Found, 103 Partial Record Found. Every other code (the caller's input or
 * consent was refused, a duplicate, a source or internal failure, a wallet refusal) is not billable,
 * and neither is a refusal that carries no code (authentication, authorisation, test credits).
 */
export const BILLABLE_CODES: ReadonlySet<ResponseCode> = new Set<ResponseCode>([100, 101, 102, 103]);

export const isBillable = (code: ResponseCode | null): boolean => code !== null && BILLABLE_CODES.has(code);
