import { RESPONSE_CODES, type ResponseCode } from '../requests/response-codes.js';
import type { RequestData, SchemaArn } from '../requests/schemas.js';
import { magicCode, SANDBOX_CODES, selectorFor, type SandboxCode } from './magic.js';
import { sandboxes } from './products.js';

export { magicCode, SANDBOX_CODES, selectorFor, type SandboxCode } from './magic.js';
export { hashText, seededRandom, type Random } from './random.js';
export { nameMatch } from './people.js';

/** What the sandbox answers; the gateway wraps it in the provider envelope. */
export interface SandboxAnswer {
  responseCode: ResponseCode;
  result?: Record<string, unknown>;
}

/** The arns the built-in sandbox answers, in registry order of the README table. */
export const SANDBOX_ARNS = Object.freeze(Object.keys(sandboxes) as SchemaArn[]);

export const hasSandbox = (arn: string): arn is SchemaArn => Object.hasOwn(sandboxes, arn) && sandboxes[arn as SchemaArn] !== undefined;

/**
 * The test environment's answer to a validated request: deterministic (a pure function of the
 * input) and driven by the magic selector (magic.ts, README.md). 100 carries the record, 102
 * two records, 103 the record with some fields null; other codes carry no result.
 */
export function sandboxAnswer<A extends SchemaArn>(arn: A, data: RequestData<A>): SandboxAnswer {
  const sandbox = sandboxes[arn];
  if (!sandbox) throw new Error(`No sandbox for ${arn}`);
  const code = magicCode(sandbox.selector(data)) ?? 100;
  switch (code) {
    case 100:
      return { responseCode: code, result: sandbox.result(data, 0) };
    case 102:
      return { responseCode: code, result: { records: [sandbox.result(data, 0), sandbox.result(data, 1)] } };
    case 103: {
      const partial = sandbox.result(data, 0);
      for (const field of sandbox.partialFields) partial[field] = null;
      return { responseCode: code, result: partial };
    }
    default:
      return { responseCode: code };
  }
}

/** A complete request `data` (with consent) that makes the product's sandbox answer `code`. */
export function sandboxExample(arn: SchemaArn, code: SandboxCode): Record<string, string> {
  const sandbox = sandboxes[arn];
  if (!sandbox) throw new Error(`No sandbox for ${arn}`);
  return { ...sandbox.example(selectorFor(code)), consent: 'Y', consent_text: 'I consent to this verification' };
}

/** Where each product reads its selector, for documentation. */
export const selectorRule = (arn: SchemaArn): string | undefined => sandboxes[arn]?.selectorRule;

/** Every magic code with its meaning and HTTP status, for documentation. */
export const sandboxCodeTable = () => SANDBOX_CODES.map((code) => ({ code, selector: selectorFor(code), ...RESPONSE_CODES[code] }));
