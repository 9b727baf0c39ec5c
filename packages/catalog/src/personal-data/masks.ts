import { decodedSize, fileKind, isBase64 } from '../documents/files.js';
import type { FileKind, PersonalKind } from '../model.js';

/**
 * One masking function per personal kind (architecture page, "Personal data masked by kind"):
 * logs, exports, errors and screens all show a personal value through these. Each takes any
 * text and never throws; what a mask keeps is never more than half of the value.
 */

/** What an OTP (or any other secret) is kept as: never its value. */
export const OTP_MARKER = '[not stored]';

/** What a file is kept as: its kind by its first bytes ('unknown' when none is known) and its decoded size. */
export interface FileSummary {
  type: FileKind | 'unknown';
  bytes: number;
}

const STAR = '*';
/**
 * A text longer than this is no name, number or date: it is kept as its length alone (or, when
 * it is base64, as a file), so masking a many-megabyte body costs no more than reading its ends.
 */
const MAX_TEXT = 16 * 1024;
const longText = (text: string) => `[${text.length} characters]`;
/** A longer hidden run is shown as this many stars: its length says nothing worth a wall of them. */
const MAX_STARS = 32;

/**
 * `text` with at most `start` leading and `end` trailing characters shown, the rest starred; a
 * short value shows fewer, so that at least half of it is always hidden ('1234' → '**34').
 */
export function keepEnds(text: string, start: number, end: number): string {
  const chars = [...text];
  const limit = Math.floor(chars.length / 2);
  let head = start;
  let tail = end;
  while (head + tail > limit) {
    if (head > 0 && head >= tail) head -= 1;
    else tail -= 1;
  }
  const hidden = chars.length - head - tail;
  return `${chars.slice(0, head).join('')}${STAR.repeat(Math.min(hidden, MAX_STARS))}${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}

/** Spaces and hyphens people type inside numbers ('2345 6789 1234', '98765-41234'). */
const compact = (text: string) => text.replace(/[\s-]/g, '');

/** Aadhaar: the last four digits ('234567891234' → '********1234'). */
export const maskAadhaar = (text: string): string => keepEnds(compact(text.trim()), 0, 4);

/** PAN, DL, EPIC, passport, GSTIN, CIN, UAN, RC and the like: the first two and last two characters. */
export const maskIdentityNumber = (text: string): string => keepEnds(text.trim(), 2, 2);

/** Bank account numbers: the last four digits. */
export const maskAccountNumber = (text: string): string => keepEnds(compact(text.trim()), 0, 4);

/** UPI ids: the last four characters. */
export const maskUpi = (text: string): string => keepEnds(text.trim(), 0, 4);

/** Phone numbers: the last four digits. */
export const maskPhone = (text: string): string => keepEnds(compact(text.trim()), 0, 4);

/** Emails: the first letter and the domain ('rahul@acme.in' → 'r***@acme.in'); no domain, no letter kept but the first. */
export function maskEmail(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at < 0 ? trimmed : trimmed.slice(0, at);
  const first = [...local][0] ?? '';
  return at < 0 ? `${first}***` : `${first}***@${trimmed.slice(at + 1)}`;
}

/** Names and addresses: the initials of their words ('Rahul Kumar Sharma' → 'R. K. S.'). */
export function maskInitials(text: string): string {
  return text
    .split(/[\s,.;:/()'"&-]+/)
    .map((word) => [...word][0])
    .filter((initial): initial is string => initial !== undefined)
    .map((initial) => `${initial}.`)
    .join(' ');
}

const YEAR = /(?<!\d)(1[89]\d\d|2\d\d\d)(?!\d)/;

/** Dates of birth: the year only ('1990-01-31' and '31-JAN-1990' → '1990'); without a year, nothing. */
export function maskDateOfBirth(text: string): string {
  const year = YEAR.exec(text);
  return year ? year[1]! : keepEnds(text.trim(), 0, 0);
}

/** A `data:` URL's prefix, which some clients send before the base64. */
const DATA_URL = /^data:[^,]{0,100};base64,/i;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Past this length a text is checked for base64 by its first and last characters: a full scan of a 5 MB file costs milliseconds per call. */
const SAMPLED_FROM = 4096;
const BASE64_HEAD = /^[A-Za-z0-9+/]+$/;

/** The base64 of a text (its data: prefix and line breaks removed: some encoders wrap at 76) when it is base64, else null. */
function base64Of(text: string): string | null {
  const stripped = text.replace(DATA_URL, '');
  const base64 = stripped.includes('\n') || stripped.includes('\r') ? stripped.replace(/\r?\n/g, '') : stripped;
  if (base64.length <= SAMPLED_FROM) return isBase64(base64) ? base64 : null;
  return base64.length % 4 === 0 && BASE64_HEAD.test(base64.slice(0, 64)) && isBase64(base64.slice(-4)) ? base64 : null;
}

/** A file: its kind by its magic bytes and its decoded size; text that is not base64 counts its own bytes. */
export function summariseFile(text: string): FileSummary {
  const base64 = base64Of(text);
  if (base64 === null) return { type: 'unknown', bytes: utf8Bytes(text) };
  return { type: fileKind(base64.slice(0, 16)) ?? 'unknown', bytes: decodedSize(base64) };
}

/** The masked form of a text of a personal kind ('none' keeps it). */
export function maskText(kind: PersonalKind, text: string): string | FileSummary {
  if (text.length > MAX_TEXT && kind !== 'file' && kind !== 'otp' && kind !== 'none') return longText(text);
  switch (kind) {
    case 'aadhaar':
      return maskAadhaar(text);
    case 'identity-number':
      return maskIdentityNumber(text);
    case 'account-number':
      return maskAccountNumber(text);
    case 'upi':
      return maskUpi(text);
    case 'phone':
      return maskPhone(text);
    case 'email':
      return maskEmail(text);
    case 'name':
    case 'address':
      return maskInitials(text);
    case 'date-of-birth':
      return maskDateOfBirth(text);
    case 'otp':
      return OTP_MARKER;
    case 'file':
      return summariseFile(text);
    case 'none':
      return text;
  }
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UPI_SHAPE = /^[^\s@]+@[A-Za-z][A-Za-z0-9]*$/;
const DATE_SHAPE = /^(\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?|\d{1,2}[-/ ](\d{1,2}|[A-Za-z]{3,9})[-/ ]\d{4}|\d{1,2}\/\d{4})$/;
const NUMBER_SHAPE = /^\+?[\d\s-]+$/;
/** One token of letters and digits with at least one digit: PAN, GSTIN, DL, a UUID, a reference. */
const IDENTIFIER_SHAPE = /^(?=[^\s]*\d)[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
/** Base64 this long is a file, not a word. */
const FILE_MIN_LENGTH = 64;

/**
 * The masked form of a text whose kind is not declared, judged by its shape: a file, an email,
 * a UPI id, a date (year only), a number (12 digits as Aadhaar, 10 as a phone, 9 or more as an
 * account, fewer all hidden: it may be an OTP), an identifier (first two and last two), and
 * anything else as a name (initials). No text is kept as it is.
 */
export function maskByShape(text: string): string | FileSummary {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  if (DATA_URL.test(trimmed) || (trimmed.length >= FILE_MIN_LENGTH && base64Of(trimmed) !== null)) return summariseFile(trimmed);
  if (trimmed.length > MAX_TEXT) return longText(trimmed);
  if (EMAIL_SHAPE.test(trimmed)) return maskEmail(trimmed);
  if (UPI_SHAPE.test(trimmed)) return maskUpi(trimmed);
  if (DATE_SHAPE.test(trimmed)) return maskDateOfBirth(trimmed);
  if (NUMBER_SHAPE.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '');
    if (digits.length === 12) return maskAadhaar(digits);
    if (digits.length >= 10 && digits.length <= 13) return maskPhone(digits);
    if (digits.length >= 9) return maskAccountNumber(digits);
    return keepEnds(digits, 0, 0);
  }
  if (IDENTIFIER_SHAPE.test(trimmed)) return maskIdentityNumber(trimmed);
  return maskInitials(trimmed);
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Tokens that are personal wherever they appear, each with its mask. */
const EMBEDDED: readonly [RegExp, (token: string) => string][] = [
  [/[A-Za-z0-9+/]{64,}={0,2}/g, (token) => `[file ${summariseFile(token).bytes} bytes]`],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*/g, (token) => (token.includes('.', token.indexOf('@')) ? maskEmail(token) : maskUpi(token))],
  [/(?<![0-9A-Za-z])\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z](?![0-9A-Za-z])/gi, maskIdentityNumber],
  [/(?<![0-9A-Za-z])[A-Z]{5}\d{4}[A-Z](?![0-9A-Za-z])/gi, maskIdentityNumber],
  [/(?<![0-9A-Za-z])\+?\d(?:[ -]?\d){8,}(?![0-9A-Za-z])/g, (token) => String(maskByShape(token))],
];

const WITHOUT_TOKENS_UNLESS = /[\d@]/;

/**
 * A text declared 'none' as it is kept: the caller may send anything in any field (a phone
 * number in `consent`), so a token that is personal by its shape — base64, an email or UPI
 * id, a GSTIN or PAN, a run of nine digits or more — is masked by that shape; a UUID and the
 * rest of the text are kept.
 */
export function maskEmbedded(text: string): string {
  // Every token above needs 64 characters, an @ or a digit: a short text without either has none.
  if (text.length < 64 && !WITHOUT_TOKENS_UNLESS.test(text)) return text;
  if (UUID_SHAPE.test(text.trim())) return text;
  if (text.length > MAX_TEXT) return base64Of(text) === null ? longText(text) : `[file ${summariseFile(text).bytes} bytes]`;
  return EMBEDDED.reduce((kept, [pattern, mask]) => kept.replace(pattern, mask), text);
}
