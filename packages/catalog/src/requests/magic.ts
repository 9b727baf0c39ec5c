import type { Operation, Selector } from '../model.js';
import { appendText } from '../documents/files.js';
import type { ResponseCode } from './response-codes.js';

/**
 * Magic inputs, like a payment provider's test card numbers (README.md in ../sandbox). Each
 * operation names where its four-character *selector* is read:
 *
 * | selector | response code |
 * |---|---|
 * | 0099 | 99 Unknown Error |
 * | 0100 | 100 Valid Authentication (as any non-magic selector) |
 * | 0101 … 0111 | 101 … 111, the code of the same number |
 * | anything else | 100 Valid Authentication, with data derived from the input |
 */
export const SANDBOX_CODES = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 99] as const satisfies readonly ResponseCode[];
export type SandboxCode = (typeof SANDBOX_CODES)[number];

/** The response code a selector asks for, or null for an ordinary input. */
export function magicCode(selector: string | null): SandboxCode | null {
  if (selector === null || !/^0\d{3}$/.test(selector)) return null;
  const code = Number(selector);
  return (SANDBOX_CODES as readonly number[]).includes(code) ? (code as SandboxCode) : null;
}

/** The selector that produces `code`: '0099', '0100' … '0111'. */
export const selectorFor = (code: SandboxCode): string => String(code).padStart(4, '0');

/** The ASCII marker a file carries to choose its answer: `sandbox:0101`. */
export const FILE_MARKER = 'sandbox:';

/** Where in a text the four selector characters start, or -1 when the text cannot hold them. */
export function selectorIndex(selector: Selector, text: string): number {
  const end = selector.before !== undefined ? text.indexOf(selector.before) : text.length;
  if (end < 0) return -1;
  const start = selector.before !== undefined ? end - 4 : selector.at >= 0 ? selector.at : text.length + selector.at;
  return start >= 0 && start + 4 <= end ? start : -1;
}

/** A number's selector: its last four digits, zero-padded (stamp duty 101 → '0101'). */
export const numberSelector = (value: number): string =>
  String(Math.trunc(Math.abs(value)))
    .padStart(4, '0')
    .slice(-4);

const getPath = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

function setPath(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [key, ...rest] = path.split('.');
  const copy: Record<string, unknown> = Array.isArray(data) ? ([...data] as unknown as Record<string, unknown>) : { ...data };
  copy[key!] = rest.length === 0 ? value : setPath((data[key!] ?? {}) as Record<string, unknown>, rest.join('.'), value);
  return copy;
}

/** The operation's selector candidate that `data` carries, first present wins. */
export const presentSelector = (operation: Operation, data: Record<string, unknown>): Selector | undefined =>
  operation.selectors.find((selector) => getPath(data, selector.field) !== undefined);

export const selectorValue = getPath;

/**
 * `data` with the selector written into its first selector field: four characters spliced into a
 * text, the number itself for a number, the marker appended to a file.
 */
export function withSelector(
  operation: Operation,
  data: Record<string, unknown>,
  selectorText: string,
  isFile: (field: string) => boolean,
): Record<string, unknown> {
  const selector = presentSelector(operation, data);
  if (!selector) throw new Error(`${operation.summary}: no selector field in the example`);
  const value = getPath(data, selector.field);
  if (typeof value === 'number') return setPath(data, selector.field, Number(selectorText));
  if (typeof value !== 'string') throw new Error(`${selector.field}: a selector must be a text, a number or a file`);
  if (isFile(selector.field)) return setPath(data, selector.field, appendText(value, `${FILE_MARKER}${selectorText}`));
  const start = selectorIndex(selector, value);
  if (start < 0) throw new Error(`${selector.field}: '${value}' cannot hold a selector`);
  return setPath(data, selector.field, `${value.slice(0, start)}${selectorText}${value.slice(start + 4)}`);
}

/**
 * Bank reason codes (seed 001 §8: "TXN, TSP, TUP, NNR, IAN, IIC, DLC, DTX, SPD, SUA and others";
 * the meanings other than DLC and DTX are this provider's). In the sandbox the three characters
 * after the IFSC's fifth ('SBIN0DLC001' → DLC) choose one; any other IFSC answers TXN.
 */
export const BANK_REASON_CODES = {
  TXN: { meaning: 'Transaction successful: the account is open and the holder name was returned', responseCode: 100 },
  TSP: { meaning: 'Transaction successful, the holder name is pending with the beneficiary bank', responseCode: 103 },
  TUP: { meaning: 'Transaction under process at the beneficiary bank; retry later', responseCode: 108 },
  NNR: { meaning: 'The account is open but the beneficiary bank returned no name', responseCode: 103 },
  IAN: { meaning: 'Invalid account number: no such account at the bank', responseCode: 101 },
  IIC: { meaning: 'Invalid IFSC: no such branch', responseCode: 101 },
  DLC: { meaning: 'Daily limit of checks for this account exhausted', responseCode: 108 },
  DTX: { meaning: 'Duplicate: the same account was checked within 15 minutes; retry after 15 minutes', responseCode: 107 },
  SPD: { meaning: 'Source processing delayed: the bank did not answer in time', responseCode: 109 },
  SUA: { meaning: 'Source unavailable: the beneficiary bank is offline', responseCode: 110 },
} as const satisfies Record<string, { meaning: string; responseCode: ResponseCode }>;
export type BankReasonCode = keyof typeof BANK_REASON_CODES;
export const BANK_REASON_NAMES = Object.keys(BANK_REASON_CODES) as BankReasonCode[];

/** Where the reason code sits in an IFSC: characters 6–8. */
export const REASON_AT = 5;

/** The reason an IFSC asks for; TXN for an ordinary one. */
export function bankReason(ifsc: string): BankReasonCode {
  const asked = ifsc.slice(REASON_AT, REASON_AT + 3);
  return Object.hasOwn(BANK_REASON_CODES, asked) ? (asked as BankReasonCode) : 'TXN';
}

/** An IFSC that asks for `reason` (the bank's code kept). */
export const ifscFor = (ifsc: string, reason: BankReasonCode): string => `${ifsc.slice(0, REASON_AT)}${reason}${ifsc.slice(REASON_AT + 3)}`;
