import type { ResultField, ResultShape } from '../model.js';

/**
 * Builders of response shapes: the docs describe `result` from them, and the sandbox's answers
 * are checked against them.
 */
type Extra = Partial<Pick<ResultField, 'nullable' | 'optional'>>;

export const str = (description: string, extra: Extra = {}): ResultField => ({ type: 'string', description, ...extra });
export const num = (description: string, extra: Extra = {}): ResultField => ({ type: 'number', description, ...extra });
export const bool = (description: string, extra: Extra = {}): ResultField => ({ type: 'boolean', description, ...extra });
export const obj = (description: string, fields: ResultShape, extra: Extra = {}): ResultField => ({ type: 'object', description, fields, ...extra });
export const arr = (description: string, items: ResultField, extra: Extra = {}): ResultField => ({ type: 'array', description, items, ...extra });

/** Blanked (null) in a 103 Partial Record Found, or when the source does not know it. */
export const NULLABLE: Extra = { nullable: true };
/** Present only in some answers. */
export const OPTIONAL: Extra = { optional: true };

/** The verdict of comparing name_to_match with the source's name. */
export const NAME_MATCH_RESULT = obj(
  'Present when name_to_match was sent: the Dice score of the two names’ words (0–100) and whether it is at least 70.',
  {
    name_to_match: str('The name that was sent.'),
    score: num('Similarity, 0 to 100.'),
    match: bool('true when the score is at least 70.'),
  },
  OPTIONAL,
);

/** The fields of a session a hosted page completes (liveness, DigiLocker, OCR SDK). */
export const SESSION_OPENED: ResultShape = {
  request_id: str('Send it to the fetch step once the customer has finished on the page.'),
  sdk_url: str('The hosted page to open for the customer (in a new tab or a web view).'),
  expires_at: str('When the request_id stops working (ISO 8601).'),
};

/** What a fetch answers before the customer has finished on the hosted page. */
export const SESSION_STATUS = str("'PENDING' until the customer has finished on the page, then 'COMPLETED'.");
