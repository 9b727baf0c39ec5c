import type { PersonalKind, ResultField, ResultShape } from '../model.js';

/**
 * Builders of response shapes: the docs describe `result` from them, the sandbox's answers are
 * checked against them, and a kept response is masked by their personal kinds. A text cannot
 * know what it holds, so every `str` names its kind; numbers and flags here are amounts, counts,
 * scores and verdicts ('none'), and objects and lists leave the kinds to their parts.
 */
type Extra = Partial<Pick<ResultField, 'nullable' | 'optional'>>;

export const str = (description: string, personal: PersonalKind, extra: Extra = {}): ResultField => ({ type: 'string', description, personal, ...extra });
export const num = (description: string, extra: Extra = {}): ResultField => ({ type: 'number', description, personal: 'none', ...extra });
export const bool = (description: string, extra: Extra = {}): ResultField => ({ type: 'boolean', description, personal: 'none', ...extra });
export const obj = (description: string, fields: ResultShape, extra: Extra = {}): ResultField => ({
  type: 'object',
  description,
  fields,
  personal: 'none',
  ...extra,
});
export const arr = (description: string, items: ResultField, extra: Extra = {}): ResultField => ({
  type: 'array',
  description,
  items,
  personal: 'none',
  ...extra,
});

/** Blanked (null) in a 103 Partial Record Found, or when the source does not know it. */
export const NULLABLE: Extra = { nullable: true };
/** Present only in some answers. */
export const OPTIONAL: Extra = { optional: true };

/** The verdict of comparing name_to_match with the source's name. */
export const NAME_MATCH_RESULT = obj(
  'Present when name_to_match was sent: the Dice score of the two names’ words (0–100) and whether it is at least 70.',
  {
    name_to_match: str('The name that was sent.', 'name'),
    score: num('Similarity, 0 to 100.'),
    match: bool('true when the score is at least 70.'),
  },
  OPTIONAL,
);

/** The fields of a session a hosted page completes (liveness, DigiLocker, OCR SDK). */
export const SESSION_OPENED: ResultShape = {
  request_id: str('Send it to the fetch step once the customer has finished on the page.', 'none'),
  sdk_url: str('The hosted page to open for the customer (in a new tab or a web view).', 'none'),
  expires_at: str('When the request_id stops working (ISO 8601).', 'none'),
};

/** What a fetch answers before the customer has finished on the hosted page. */
export const SESSION_STATUS = str("'PENDING' until the customer has finished on the page, then 'COMPLETED'.", 'none');
