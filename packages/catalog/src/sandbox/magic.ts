import type { ResponseCode } from '../requests/response-codes.js';

/**
 * Magic inputs, like a payment provider's test card numbers. Each product with a sandbox names
 * four digits of its main identifier as the *selector* (see README.md in this folder):
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
export function magicCode(selector: string): SandboxCode | null {
  if (!/^0\d{3}$/.test(selector)) return null;
  const code = Number(selector);
  return (SANDBOX_CODES as readonly number[]).includes(code) ? (code as SandboxCode) : null;
}

/** The selector that produces `code`: '0099', '0100' … '0111'. */
export const selectorFor = (code: SandboxCode): string => String(code).padStart(4, '0');
