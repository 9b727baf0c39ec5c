import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productByArn, products } from '../index.js';
import type { Operation, ResultField, ResultShape } from '../model.js';
import { exampleRequest } from '../requests/examples.js';
import { BANK_REASON_CODES, BANK_REASON_NAMES, SANDBOX_CODES, type BankReasonCode, type SandboxCode } from '../requests/magic.js';
import { parseProductRequest } from '../requests/schemas.js';
import { hasSandbox, readSelector, SANDBOX_OTP, sandboxAnswer, type SandboxContext, type SessionView } from './index.js';
import { magicTables, README_END, README_START } from './magic-table.js';

const NOW = new Date('2025-03-14T09:30:00.000Z');
const context = (session?: SessionView): SandboxContext => {
  let next = 0;
  return {
    requestId: '3f1c2a9e-5b7d-4c1e-9a2b-0c4d5e6f7a8b',
    newId: () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    baseUrl: 'https://verigate.test',
    now: NOW,
    ...(session ? { session } : {}),
  };
};

function answerTo(arn: string, body: ReturnType<typeof exampleRequest>, session?: SessionView) {
  const product = productByArn(arn)!;
  const parsed = parseProductRequest(product, body, undefined, 'form');
  if (!parsed.ok) throw new Error(`invalid example for ${arn}: ${JSON.stringify(parsed.error)}`);
  return sandboxAnswer(
    { product, operation: parsed.operation, data: parsed.data, body: parsed.body, consentText: String(body.data.consent_text) },
    context(session),
  );
}

const openSession = (arn: string, state: Record<string, unknown> = {}, done?: boolean): SessionView => ({
  id: '9b2f0c1d-3e4a-4b5c-8d6e-7f8091a2b3c4',
  productArn: arn,
  status: done === undefined ? 'OPEN' : 'COMPLETED',
  passed: done ?? null,
  completedAt: done === undefined ? null : NOW,
  state,
});

/** The problems of `value` against a response shape: missing fields, wrong types, nulls where none may be. */
function shapeProblems(shape: ResultShape, value: Record<string, unknown>, path = 'result'): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(shape)) {
    const at = `${path}.${name}`;
    if (!(name in value)) {
      if (!field.optional) problems.push(`${at} missing`);
      continue;
    }
    problems.push(...fieldProblems(field, value[name], at));
  }
  for (const name of Object.keys(value)) if (!(name in shape)) problems.push(`${path}.${name} not documented`);
  return problems;
}

function fieldProblems(field: ResultField, value: unknown, at: string): string[] {
  if (value === null) return field.nullable ? [] : [`${at} is null`];
  if (field.type === 'array')
    return Array.isArray(value) ? value.flatMap((item, index) => fieldProblems(field.items!, item, `${at}.${index}`)) : [`${at} not an array`];
  if (field.type === 'object')
    return typeof value === 'object' && !Array.isArray(value) ? shapeProblems(field.fields!, value as Record<string, unknown>, at) : [`${at} not an object`];
  return typeof value === field.type ? [] : [`${at} is ${typeof value}, documented ${field.type}`];
}

const first = products.flatMap((product) =>
  product.operations.filter((operation) => operation.session !== 'continues').map((operation) => [product.arn, operation] as const),
);
const magicCases = first.flatMap(([arn, operation]) => SANDBOX_CODES.map((code) => [arn, operation.action ?? '', code, operation] as const));

describe('the sandbox', () => {
  it('answers every operation of every product', () => {
    for (const product of products)
      for (const operation of product.operations) expect(hasSandbox(product.arn, operation.action), `${product.arn} ${operation.action}`).toBe(true);
    expect(hasSandbox('in_identity_pan_lite', 'verify')).toBe(false);
    expect(hasSandbox('constructor')).toBe(false);
  });

  it.each(magicCases)('%s %s answers %s for its magic input', (arn, _action, code: SandboxCode, operation: Operation) => {
    const reply = answerTo(arn, exampleRequest(productByArn(arn)!, operation, { code }));
    expect(reply.responseCode).toBe(code);
    if (code === 102) expect((reply.result as { records: unknown[] }).records).toHaveLength(2);
    if (code === 103) expect(Object.values(reply.result!).some((value) => value === null) || Object.keys(reply.result!).length > 0).toBe(true);
    if (![100, 102, 103].includes(code)) expect(reply.result).toBeUndefined();
    expect(Boolean(reply.opens)).toBe(code === 100 && operation.session === 'opens');
  });

  it.each(first)('%s answers its example with 100 and a result of the documented shape', (arn, operation) => {
    const reply = answerTo(arn, exampleRequest(productByArn(arn)!, operation));
    expect(reply.responseCode).toBe(100);
    expect(shapeProblems(operation.result, reply.result!)).toEqual([]);
  });

  it.each(first)('%s is deterministic: the same input gives the same answer', (arn, operation) => {
    const body = exampleRequest(productByArn(arn)!, operation);
    expect(answerTo(arn, structuredClone(body))).toEqual(answerTo(arn, body));
  });

  it('derives different records from different inputs, and the same holder across PAN products and GSTIN', () => {
    const pan = (arn: string, value: string) =>
      answerTo(arn, { ...exampleRequest(productByArn(arn)!), data: { ...exampleRequest(productByArn(arn)!).data, customer_pan_number: value } }).result!;
    expect(pan('in_identity_pan_lite', 'ABCPE1234F').user_full_name).not.toBe(pan('in_identity_pan_lite', 'ABCPE4321F').user_full_name);
    expect(pan('in_identity_pan_lite', 'abcpe1234f')).toEqual(pan('in_identity_pan_lite', 'ABCPE1234F'));
    expect(pan('in_identity_pan_advance', 'ABCPE1234F').user_full_name).toBe(pan('in_identity_pan_lite', 'ABCPE1234F').user_full_name);
    expect(answerTo('in_merchant_gstin_lite', exampleRequest(productByArn('in_merchant_gstin_lite')!)).result!.legal_name).toBe(
      pan('in_identity_pan_lite', 'ABCPE1234F').user_full_name,
    );
    expect(pan('in_identity_pan_lite', 'AAACV1234Z')).toMatchObject({ pan_holder_type: 'Company', user_full_name: expect.stringMatching(/ PRIVATE LIMITED$/) });
  });

  it('blanks the partial fields for 103 and matches names when asked', () => {
    const product = productByArn('in_identity_pan_advance')!;
    expect(answerTo(product.arn, exampleRequest(product, undefined, { code: 103 })).result).toMatchObject({
      user_dob: null,
      user_gender: null,
      masked_aadhaar_number: null,
      pan_number: 'ABCPE0103F',
    });
    const lite = exampleRequest(productByArn('in_identity_pan_lite')!);
    const actual = answerTo('in_identity_pan_lite', lite).result!.user_full_name as string;
    const reversed = actual.split(' ').reverse().join(' ').toLowerCase();
    expect(answerTo('in_identity_pan_lite', { ...lite, data: { ...lite.data, name_to_match: reversed } }).result!.name_match).toEqual({
      name_to_match: reversed,
      score: 100,
      match: true,
    });
  });
});

describe('bank reason codes', () => {
  it.each(BANK_REASON_NAMES.flatMap((reason) => ['in_financial_bank_lite', 'in_financial_bank_advance'].map((arn) => [arn, reason] as const)))(
    '%s answers %s with its code',
    (arn, reason: BankReasonCode) => {
      const reply = answerTo(arn, exampleRequest(productByArn(arn)!, undefined, { reason }));
      expect(reply.responseCode).toBe(BANK_REASON_CODES[reason].responseCode);
      expect(reply.result).toMatchObject({ reason_code: reason, reason_message: BANK_REASON_CODES[reason].meaning });
      if (reason === 'IAN' || reason === 'IIC') expect(reply.result).toMatchObject({ account_exists: false, name_at_bank: null });
      if (reason === 'TSP' || reason === 'NNR') expect(reply.result).toMatchObject({ account_exists: true, name_at_bank: null });
    },
  );

  it('lets a magic account number win over the IFSC’s reason', () => {
    const body = exampleRequest(productByArn('in_financial_bank_lite')!, undefined, { code: 110, reason: 'DLC' });
    expect(answerTo('in_financial_bank_lite', body)).toEqual({ responseCode: 110 });
  });
});

describe('flows', () => {
  const verify = (arn: string, action: string, otp: string, state: Record<string, unknown>) => {
    const product = productByArn(arn)!;
    const body = exampleRequest(product, product.operations[1]);
    return answerTo(arn, { ...body, action, data: { ...body.data, otp } }, openSession(arn, state));
  };

  it('open an OTP session known by the request_id and keep only masked contact details', () => {
    const sent = answerTo('in_contact_email_otp', exampleRequest(productByArn('in_contact_email_otp')!));
    expect(sent).toMatchObject({
      responseCode: 100,
      result: { is_otp_sent: true, email: 'p**********a@example.com' },
      opens: [{ id: context().requestId, state: { email: 'p**********a@example.com' } }],
    });
    const mobile = answerTo('in_contact_mobile_otp', exampleRequest(productByArn('in_contact_mobile_otp')!));
    expect(mobile).toMatchObject({ result: { otp_sent: true, mobile_number: 'XXXXXX1234' } });
  });

  it('verify the sandbox OTP once, refuse another with 106, and answer magic OTPs', () => {
    expect(verify('in_contact_email_otp', 'submit-test', SANDBOX_OTP, { email: 'p***a@example.com' })).toEqual({
      responseCode: 100,
      result: { verified: true, verified_at: NOW.toISOString(), email: 'p***a@example.com' },
      closes: true,
    });
    expect(verify('in_contact_mobile_otp', 'verify', '654321', {})).toEqual({
      responseCode: 106,
      result: { errors: [{ field: 'data.otp', message: 'The OTP does not match' }] },
    });
    expect(verify('in_identity_okyc_otp', 'verify', '990110', { aadhaar: 'XXXXXXXX1234' }).responseCode).toBe(110);
    expect(verify('in_identity_okyc_otp', 'verify', SANDBOX_OTP, { aadhaar: 'XXXXXXXX1234' }).result).toMatchObject({
      aadhaar_number: 'XXXXXXXX1234',
      full_name: expect.any(String),
    });
  });

  it('open a hosted page on this server and answer PENDING until it is completed', () => {
    const product = productByArn('in_face_liveness_lite')!;
    const opened = answerTo(product.arn, exampleRequest(product));
    expect(opened.result).toEqual({
      request_id: context().requestId,
      sdk_url: `https://verigate.test/sandbox/session/${context().requestId}`,
      expires_at: '2025-03-14T10:00:00.000Z',
    });
    expect(opened.opens).toEqual([{ id: context().requestId, state: { face_match: true }, expiresInMinutes: 30 }]);
    const fetch = exampleRequest(product, product.operations[1]);
    expect(answerTo(product.arn, fetch, openSession(product.arn, { face_match: true })).result).toEqual({
      request_id: openSession('x').id,
      status: 'PENDING',
      liveness: null,
      face_match: null,
    });
    const passed = answerTo(product.arn, fetch, openSession(product.arn, { face_match: true }, true));
    expect(passed.result).toMatchObject({ status: 'COMPLETED', liveness: { is_live: true }, face_match: { match: true } });
    expect(shapeProblems(product.operations[1]!.result, passed.result!)).toEqual([]);
    expect(answerTo(product.arn, fetch, openSession(product.arn, { face_match: false }, false)).result).toMatchObject({ liveness: { is_live: false } });
  });

  it.each(products.filter((product) => product.flow?.kind === 'hosted').map((product) => [product.arn, product] as const))(
    '%s fetch answers the documented shape once completed',
    (arn, product) => {
      const opened = answerTo(arn, exampleRequest(product));
      const state = opened.opens![0]!.state;
      for (const passed of [true, false]) {
        const reply = answerTo(arn, exampleRequest(product, product.operations[1]), openSession(arn, state, passed));
        expect(reply.responseCode).toBe(100);
        expect(shapeProblems(product.operations[1]!.result, reply.result!)).toEqual([]);
      }
    },
  );

  it('open one eSign request per signer, each with its viewer page', () => {
    const product = productByArn('in_contract_esign_aadhaar')!;
    const body = exampleRequest(product);
    const signers = [
      ...(body.data.signers as object[]),
      {
        signer_name: 'Asha Rao',
        signer_email: 'asha.rao@example.com',
        signer_city: 'Pune',
        signer_purpose: 'Demo',
        sign_coordinates: [{ page_num: 1, x_coord: 40, y_coord: 60 }],
      },
    ];
    const reply = answerTo(product.arn, { ...body, data: { ...body.data, signers } });
    const requests = (reply.result as { requests: Array<{ request_id: string; signing_url: string; signer_name: string }> }).requests;
    expect(requests.map((request) => request.signer_name)).toEqual(['Rahul Sharma', 'Asha Rao']);
    expect(requests.map((request) => request.signing_url)).toEqual(requests.map((request) => `https://verigate.test/sandbox/session/${request.request_id}`));
    expect(reply.opens!.map((open) => open.id)).toEqual(requests.map((request) => request.request_id));
    expect(reply.opens![1]).toMatchObject({
      state: { signer_name: 'Asha Rao', signer_email: 'a******o@example.com', document_info: 'Demo agreement' },
      expiresInMinutes: 10080,
    });
    const signed = answerTo(product.arn, exampleRequest(product, product.operations[1]), openSession(product.arn, reply.opens![0]!.state, true)).result!;
    expect(atob(String(signed.signed_document))).toContain('Digitally signed by Rahul Sharma');
  });
});

describe('documents', () => {
  it('read the selector marker appended to a file', () => {
    const product = productByArn('in_ocr_cheque_lite')!;
    const body = exampleRequest(product, undefined, { code: 107 });
    expect(readSelector(product.operations[0]!, body.data)).toBe('0107');
    expect(readSelector(product.operations[0]!, exampleRequest(product).data)).toBeNull();
  });

  it('answer an e-stamp with a one-page PDF carrying the dummy-stamp notice', () => {
    const product = productByArn('in_contract_estamp_lite')!;
    const result = answerTo(product.arn, exampleRequest(product)).result!;
    expect(result.notice).toBe('A dummy Estamp is generated for testing purpose. The dummy Estamp generated on trail center is NOT legally valid');
    const pdf = atob(String(result.document));
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf).toContain('(A dummy Estamp is generated for testing purpose. The dummy Estamp generated on trail center is NOT legally valid) Tj');
    expect(pdf).toContain(`(Certificate No.: ${String(result.certificate_number)}) Tj`);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) => expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
  });
});

describe('README.md', () => {
  it('carries the magic-input tables exactly as the definitions generate them', () => {
    const collapse = (text: string) => text.replace(/-{3,}/g, '---').replace(/ +/g, ' ');
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const generated = readme.slice(readme.indexOf(README_START) + README_START.length, readme.indexOf(README_END)).trim();
    expect(collapse(generated)).toBe(collapse(magicTables()));
  });
});
