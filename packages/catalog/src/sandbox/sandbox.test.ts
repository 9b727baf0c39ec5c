import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBillable, parseProductRequest, RESPONSE_CODES, type SchemaArn } from '../requests/index.js';
import { hasSandbox, magicCode, nameMatch, SANDBOX_ARNS, SANDBOX_CODES, sandboxAnswer, sandboxExample, type SandboxCode } from './index.js';

/** The README with table padding collapsed, so formatting the markdown does not matter. */
const README = readFileSync(new URL('./README.md', import.meta.url), 'utf8').replace(/ +/g, ' ');
const IDENTIFIER: Record<SchemaArn, string> = {
  in_identity_pan_lite: 'customer_pan_number',
  in_identity_pan_advance: 'customer_pan_number',
  in_merchant_gstin_lite: 'business_gstin_number',
  in_financial_bank_lite: 'account_number',
  in_identity_dl_lite: 'customer_dl_number',
  in_identity_aadhaar_lite: 'customer_aadhaar_number',
};

function answer(arn: SchemaArn, data: Record<string, unknown>) {
  const parsed = parseProductRequest(arn, { mode: 'sync', data });
  if (!parsed.ok) throw new Error(`invalid example for ${arn}: ${parsed.error.message}`);
  return sandboxAnswer(arn, parsed.data);
}

describe('sandbox', () => {
  it('answers the six required products', () => {
    expect([...SANDBOX_ARNS].sort()).toEqual([
      'in_financial_bank_lite',
      'in_identity_aadhaar_lite',
      'in_identity_dl_lite',
      'in_identity_pan_advance',
      'in_identity_pan_lite',
      'in_merchant_gstin_lite',
    ]);
    expect(hasSandbox('in_identity_voter_lite')).toBe(false);
    expect(hasSandbox('constructor')).toBe(false);
  });

  it('reads magic selectors 0099 and 0100 to 0111 only', () => {
    expect(magicCode('0099')).toBe(99);
    expect(magicCode('0100')).toBe(100);
    expect(magicCode('0111')).toBe(111);
    for (const ordinary of ['0112', '0098', '1234', '0000', '099', 'AB12']) expect(magicCode(ordinary)).toBeNull();
  });

  it.each(SANDBOX_ARNS.flatMap((arn) => SANDBOX_CODES.map((code) => [arn, code] as const)))('%s answers %s for its magic input', (arn, code) => {
    const reply = answer(arn, sandboxExample(arn, code as SandboxCode));
    expect(reply.responseCode).toBe(code);
    if (code === 100 || code === 103) expect(reply.result).toBeTypeOf('object');
    if (code === 102) expect((reply.result as { records: unknown[] }).records).toHaveLength(2);
    if (![100, 102, 103].includes(code)) expect(reply.result).toBeUndefined();
  });

  it('lists every magic input of the README table exactly as the code answers it', () => {
    for (const code of SANDBOX_CODES) {
      const { message, httpStatus } = RESPONSE_CODES[code];
      const cells = ['in_identity_pan_lite', 'in_merchant_gstin_lite', 'in_financial_bank_lite', 'in_identity_dl_lite', 'in_identity_aadhaar_lite'].map(
        (arn) => `\`${sandboxExample(arn as SchemaArn, code)[IDENTIFIER[arn as SchemaArn]]}\``,
      );
      expect(README).toContain(`| ${code} | ${message} | ${httpStatus} | ${isBillable(code) ? 'Y' : 'N'} | ${cells.join(' | ')} |`);
    }
    for (const arn of SANDBOX_ARNS) expect(README).toContain(`\`${arn}\``);
  });

  it('is deterministic: the same input gives the same record, a different one another', () => {
    const data = { customer_pan_number: 'ABCPE1234F', consent: 'Y', consent_text: 'ok' };
    const first = answer('in_identity_pan_advance', data);
    expect(answer('in_identity_pan_advance', { ...data })).toEqual(first);
    expect(answer('in_identity_pan_advance', { ...data, customer_pan_number: 'abcpe1234f' })).toEqual(first);
    expect(answer('in_identity_pan_advance', { ...data, customer_pan_number: 'ABCPE4321F' }).result).not.toEqual(first.result);
    const lite = answer('in_identity_pan_lite', data).result!;
    expect(lite.user_full_name).toBe(first.result!.user_full_name);
    expect(answer('in_merchant_gstin_lite', { business_gstin_number: '27ABCPE1234F1Z5', consent: 'Y', consent_text: 'ok' }).result!.legal_name).toBe(
      lite.user_full_name,
    );
  });

  it('answers with businesses for non-individual PANs and the bank of the IFSC', () => {
    expect(answer('in_identity_pan_lite', { customer_pan_number: 'AAACV1234Z', consent: 'Y', consent_text: 'ok' }).result).toMatchObject({
      pan_holder_type: 'Company',
      user_full_name: expect.stringMatching(/ PRIVATE LIMITED$/),
    });
    expect(answer('in_financial_bank_lite', { account_number: '50100421234', ifsc: 'SBIN0001234', consent: 'Y', consent_text: 'ok' }).result).toMatchObject({
      bank_name: 'State Bank of India',
      account_exists: true,
    });
  });

  it('blanks the partial fields for 103 and adds a name match when asked', () => {
    const partial = answer('in_identity_pan_advance', sandboxExample('in_identity_pan_advance', 103));
    expect(partial.result).toMatchObject({ user_dob: null, user_gender: null, masked_aadhaar_number: null, pan_number: 'ABCPE0103F' });
    const actual = answer('in_identity_pan_lite', sandboxExample('in_identity_pan_lite', 100)).result!.user_full_name as string;
    const reversed = actual.split(' ').reverse().join(' ').toLowerCase();
    expect(answer('in_identity_pan_lite', { ...sandboxExample('in_identity_pan_lite', 100), name_to_match: reversed }).result!.name_match).toEqual({
      name_to_match: reversed,
      score: 100,
      match: true,
    });
    expect(nameMatch('Someone Else', actual)).toMatchObject({ score: 0, match: false });
  });
});
