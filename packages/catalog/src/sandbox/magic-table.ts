import { productByArn, products } from '../index.js';
import type { Operation, Selector } from '../model.js';
import { exampleRequest, fieldAt } from '../requests/examples.js';
import { BANK_REASON_CODES, BANK_REASON_NAMES, FILE_MARKER, SANDBOX_CODES, type SandboxCode, selectorFor, selectorValue } from '../requests/magic.js';
import { isBillable, RESPONSE_CODES } from '../requests/response-codes.js';
import { SANDBOX_OTP } from './results/flows.js';

/**
 * The magic-input tables of README.md, generated from the definitions (the README's test
 * compares them, `npm run sandbox-readme -w @verigate/catalog` rewrites them).
 */

/** Where a call reads its selector, in words (README.md and the API reference). */
export function describeSelector(operation: Operation, selector: Selector): string {
  const field = fieldAt(operation, selector.field);
  if (field?.type === 'file') return `\`${selector.field}\`: the text \`${FILE_MARKER}0NNN\` appended to the file`;
  if (field?.type === 'number') return `\`${selector.field}\`: the number itself (101 → 101)`;
  if (selector.before !== undefined) return `\`${selector.field}\`: the 4 characters before '${selector.before}'`;
  if (selector.at < 0) return `\`${selector.field}\`: the last ${-selector.at} characters`;
  return `\`${selector.field}\`: characters ${selector.at + 1}–${selector.at + 4}`;
}

function selectorExample(operation: Operation, data: Record<string, unknown>, selector: Selector): string {
  const field = fieldAt(operation, selector.field);
  if (field?.type === 'file') return `${FILE_MARKER}0101`;
  return String(selectorValue(data, selector.field));
}

/** One row per operation: where its selector is read and the input that answers 101. */
function productMagicRows(): string[] {
  return products.flatMap((product) =>
    product.operations.map((operation) => {
      const step = operation.action ?? '';
      if (operation.selectors.length === 0) return `| ${product.name} | \`${product.arn}\` | ${step} | the hosted page's outcome (pending until completed) | |`;
      const example = exampleRequest(product, operation, { code: 101 }).data;
      const [first] = operation.selectors;
      const where = operation.selectors.map((selector) => describeSelector(operation, selector)).join('; or ');
      return `| ${product.name} | \`${product.arn}\` | ${step} | ${where} | \`${selectorExample(operation, example, first!)}\` |`;
    }),
  );
}

const codeRows = (): string[] =>
  SANDBOX_CODES.map(
    (code: SandboxCode) =>
      `| \`${selectorFor(code)}\` | ${code} | ${RESPONSE_CODES[code].message} | ${RESPONSE_CODES[code].httpStatus} | ${isBillable(code) ? 'Y' : 'N'} |`,
  );

function reasonRows(): string[] {
  const example = String(exampleRequest(productByArn('in_financial_bank_lite')!).data.ifsc);
  return BANK_REASON_NAMES.map((reason) => {
    const { meaning, responseCode } = BANK_REASON_CODES[reason];
    const ifsc = reason === 'TXN' ? example : `${example.slice(0, 5)}${reason}${example.slice(8)}`;
    return `| ${reason} | ${meaning} | ${responseCode} | \`${ifsc}\` |`;
  });
}

/** The generated part of README.md, between its markers. */
export function magicTables(): string {
  return [
    '### Response codes',
    '',
    '| selector | code | response_message | HTTP | billable |',
    '| --- | --- | --- | --- | --- |',
    ...codeRows(),
    '',
    '### Where each call reads its selector',
    '',
    `OTP steps accept \`${SANDBOX_OTP}\` as the right OTP; any other OTP that is not magic answers 106.`,
    '',
    '| product | arn | action | selector | input answering 101 |',
    '| --- | --- | --- | --- | --- |',
    ...productMagicRows(),
    '',
    '### Bank reason codes (Bank Account Lite and Advance)',
    '',
    '| reason_code | meaning | response code | IFSC asking for it |',
    '| --- | --- | --- | --- |',
    ...reasonRows(),
  ].join('\n');
}

export const README_START = '<!-- magic-inputs:start -->';
export const README_END = '<!-- magic-inputs:end -->';

/** README.md with its generated part replaced. */
export function withMagicTables(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error('README.md lacks the magic-inputs markers');
  return `${readme.slice(0, start + README_START.length)}\n\n${magicTables()}\n\n${readme.slice(end)}`;
}
