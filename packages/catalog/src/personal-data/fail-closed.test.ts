import { describe, expect, it } from 'vitest';
import { SAMPLE_PNG } from '../documents/files.js';
import { productByArn } from '../index.js';
import { exampleRequest } from '../requests/examples.js';
import { type Random, seededRandom } from '../sandbox/random.js';
import {
  maskExchange,
  maskRequest,
  maskResponse,
  MASKED_BODY_LIMIT_BYTES,
  MORE_MARKER,
  NOT_KEPT_MARKER,
  OTP_MARKER,
  TOO_DEEP_MARKER,
  TRUNCATED_MARKER,
} from './index.js';

const panLite = productByArn('in_identity_pan_lite')!;
const panOperation = panLite.operations[0]!;
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const envelope = (result: unknown, code: unknown = 100) => ({
  request_id: '3f1c2a9e-5b7d-4c1e-9a2b-0c4d5e6f7a8b',
  group_id: '7d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a',
  task_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  success: code === 100,
  response_code: code,
  response_message: 'Valid Authentication',
  metadata: { billable: 'Y' },
  result,
});

describe('a value the definition does not declare', () => {
  it('is masked by its shape under an unknown key, the key kept', () => {
    const masked = maskRequest(panOperation, {
      mode: 'sync',
      data: { pan: 'ABCPE1234F', phone: '9876541234', mail: 'rahul@acme.in', who: 'Rahul Kumar Sharma', consent: 'Y', consent_text: 'ok' },
    });
    expect(masked).toEqual({
      mode: 'sync',
      data: { pan: 'AB******4F', phone: '******1234', mail: 'r***@acme.in', who: 'R. K. S.', consent: 'Y', consent_text: 'o.' },
    });
  });

  it('is masked when a declared field has the wrong type, by the field’s kind', () => {
    const masked = maskRequest(panOperation, {
      mode: 'sync',
      data: { customer_pan_number: ['ABCPE1234F', { nested: 'ABCPE4321F' }], name_to_match: 9876541234, customer_dob: { y: '1990-01-31' } },
    });
    expect(masked).toEqual({
      mode: 'sync',
      data: { customer_pan_number: ['AB******4F', { nested: 'AB******1F' }], name_to_match: '9.', customer_dob: { y: '1990' } },
    });
  });

  it("is masked by its shape when a field declared 'none' holds an object", () => {
    expect(maskRequest(panOperation, { mode: { pan: 'ABCPE1234F' }, data: { consent: ['9876541234'] } })).toEqual({
      mode: { pan: 'AB******4F' },
      data: { consent: ['******1234'] },
    });
  });

  it("is masked by its shape inside a field declared 'none' that carries it", () => {
    expect(maskRequest(panOperation, { mode: 'sync 9876541234', task_id: 'rahul@acme.in', data: { consent: 'ABCPE1234F' } })).toEqual({
      mode: 'sync ******1234',
      task_id: 'r***@acme.in',
      data: { consent: 'AB******4F' },
    });
    expect(maskResponse(panOperation, envelope({ pan_status: 'VALID for 234567891234' }))).toMatchObject({ result: { pan_status: 'VALID for ********1234' } });
  });

  it('is masked by its shape everywhere when the step is unknown', () => {
    const body = exampleRequest(panLite);
    const masked = maskRequest(undefined, body) as { mode: string; data: Record<string, unknown> };
    expect(masked.mode).toBe('sync');
    expect(masked.data).toEqual({
      customer_pan_number: 'AB******4F',
      customer_dob: '1990',
      name_to_match: 'R. S.',
      consent: 'Y',
      consent_text: 'I. c. t. t. v. o. m. d.',
    });
    expect(maskExchange(undefined, body, envelope({ user_full_name: 'RAHUL SHARMA' })).response).toMatchObject({ result: { user_full_name: 'R. S.' } });
    expect(maskExchange(panLite, { ...body, action: 'nonsense' }, envelope({})).request).toMatchObject({
      action: 'nonsense',
      data: { customer_pan_number: 'AB******4F', consent: 'Y' },
    });
  });

  it('is masked by its shape in an answer the shape does not know', () => {
    const masked = maskResponse(
      panOperation,
      envelope({ pan_number: 'ABCPE1234F', pan_status: 'VALID', surprise: 'Asha Rao', photo: SAMPLE_PNG, extra_id: 234567891234 }),
    );
    expect(masked).toMatchObject({
      result: {
        pan_number: 'AB******4F',
        pan_status: 'VALID',
        surprise: 'A. R.',
        photo: { type: 'png', bytes: atob(SAMPLE_PNG).length },
        extra_id: '********1234',
      },
    });
  });

  it("keeps a number declared 'none' within its field's range, and an answer's amounts whole", () => {
    const estamp = productByArn('in_contract_estamp_lite')!.operations[0]!;
    expect(maskRequest(estamp, { data: { considerationPrice: 9_000_000_000, stampDutyAmount: 9876541234 } })).toEqual({
      data: { considerationPrice: 9_000_000_000, stampDutyAmount: '******1234' },
    });
    expect(maskRequest(panOperation, { data: { consent: 234567891234 } })).toEqual({ data: { consent: '********1234' } });
    const cin = productByArn('in_merchant_cin_advance')!.operations[0]!;
    expect(maskResponse(cin, envelope({ paid_up_capital: 25_000_000_000 }))).toMatchObject({ result: { paid_up_capital: 25_000_000_000 } });
  });

  it('keeps small undeclared numbers (amounts, counts) and flags, and masks long ones', () => {
    expect(maskResponse(undefined, envelope({ count: 42, amount: 1.5, ok: true, none: null, phone: 9876541234 }))).toMatchObject({
      result: { count: 42, amount: 1.5, ok: true, none: null, phone: '******1234' },
    });
  });

  it('masks a key that is itself personal, and keeps a __proto__ key a key', () => {
    const masked = maskRequest(panOperation, JSON.parse('{"data":{"ABCPE1234F":true,"rahul@acme.in":1,"__proto__":{"polluted":"9876541234"}}}') as unknown);
    expect(masked).toEqual({ data: { 'AB******4F': true, 'r***@acme.in': 1, ['__proto__']: { polluted: '******1234' } } });
    expect(Object.getPrototypeOf((masked as { data: object }).data)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers errors of a 106 by their own shape, and two records of a 102 by the step’s', () => {
    expect(
      maskResponse(panOperation, envelope({ errors: [{ field: 'data.customer_pan_number', message: 'Please enter a valid Pan number' }] }, 106)),
    ).toMatchObject({
      result: { errors: [{ field: 'data.customer_pan_number', message: 'Please enter a valid Pan number' }] },
    });
    expect(maskResponse(panOperation, envelope({ records: [{ user_full_name: 'RAHUL SHARMA', pan_status: 'VALID' }] }, 102))).toMatchObject({
      result: { records: [{ user_full_name: 'R. S.', pan_status: 'VALID' }] },
    });
  });

  it('never keeps an OTP, even under another step’s field name', () => {
    const verify = productByArn('in_contact_mobile_otp')!.operations[1]!;
    expect(maskRequest(verify, { mode: 'sync', action: 'verify', data: { request_id: 'x', otp: '123456' } })).toMatchObject({ data: { otp: OTP_MARKER } });
    expect(maskRequest(undefined, { data: { otp: '123456' } })).toEqual({ data: { otp: '******' } });
  });
});

describe('a body of any shape', () => {
  it('is masked without throwing, whatever it is', () => {
    const cyclic: Record<string, unknown> = { pan: 'ABCPE1234F' };
    cyclic.self = cyclic;
    let deep: unknown = 'ABCPE1234F';
    for (let depth = 0; depth < 10_000; depth += 1) deep = [deep];
    for (const body of [undefined, null, 0, NaN, -1, 'ABCPE1234F', true, [], {}, [1, 'x'], cyclic, deep, 10n, () => 1, Symbol('s'), new Date(0), new Map()]) {
      expect(() => maskRequest(panOperation, body)).not.toThrow();
      expect(() => maskResponse(panOperation, body)).not.toThrow();
      expect(JSON.stringify(maskRequest(panOperation, body) ?? null)).not.toContain('ABCPE1234F');
    }
    expect(JSON.stringify(maskRequest(panOperation, deep))).toContain(TOO_DEEP_MARKER);
    expect(maskRequest(panOperation, 'ABCPE1234F')).toBe('AB******4F');
    const unreadable = Object.defineProperty({}, 'pan', {
      enumerable: true,
      get: () => {
        throw new Error('ABCPE1234F');
      },
    });
    expect(maskRequest(panOperation, { data: unreadable })).toEqual({ [NOT_KEPT_MARKER]: 'the body could not be read' });
  });

  it('is capped at 16 KB once masked, with the truncation marker and a masked preview', () => {
    const rows = Array.from({ length: 400 }, (_, index) => ({ name: `Person Number ${index}`, pan: 'ABCPE1234F', note: 'x'.repeat(40) }));
    const masked = maskRequest(panOperation, { mode: 'sync', data: { rows } }) as Record<string, unknown>;
    expect(bytes(masked)).toBeLessThanOrEqual(MASKED_BODY_LIMIT_BYTES);
    expect(masked[TRUNCATED_MARKER]).toEqual({ bytes: expect.any(Number), limit: MASKED_BODY_LIMIT_BYTES });
    expect(String(masked.preview)).toContain('"pan":"AB******4F"');
    expect(String(masked.preview)).not.toContain('ABCPE1234F');
    expect(maskRequest(panOperation, { data: { rows } }, { maxBytes: 1000 })).toMatchObject({ [TRUNCATED_MARKER]: { limit: 1000 } });
    expect(bytes(maskRequest(panOperation, { data: { rows } }, { maxBytes: 1000 }))).toBeLessThanOrEqual(1000);
    expect(bytes(maskRequest(panOperation, { data: { quotes: '"'.repeat(40_000) } }))).toBeLessThanOrEqual(MASKED_BODY_LIMIT_BYTES);
  });

  it('keeps a many-megabyte file as its summary and a long text as its length', () => {
    const file = `${SAMPLE_PNG.slice(0, -4)}${'A'.repeat(5 * 1024 * 1024)}AA==`;
    const wrapped = file.replace(/(.{76})/g, '$1\n');
    const cheque = productByArn('in_ocr_cheque_lite')!.operations[0]!;
    const size = (file.length / 4) * 3 - 2;
    expect(maskRequest(cheque, { data: { cheque_image: file } })).toEqual({ data: { cheque_image: { type: 'png', bytes: size } } });
    expect(maskRequest(cheque, { data: { cheque_image: wrapped } })).toEqual({ data: { cheque_image: { type: 'png', bytes: size } } });
    expect(maskRequest(cheque, { data: { unknown: file, consent: file } })).toEqual({
      data: { unknown: { type: 'png', bytes: size }, consent: `[file ${size} bytes]` },
    });
    const text = 'Rahul Sharma '.repeat(2000);
    expect(maskRequest(panOperation, { data: { name_to_match: text, other: text, consent: text } })).toEqual({
      data: { name_to_match: `[${text.length} characters]`, other: `[${text.trim().length} characters]`, consent: `[${text.length} characters]` },
    });
  });

  it('keeps the first 500 items of a long list and says how many more there were', () => {
    const masked = maskResponse(undefined, { result: { list: Array.from({ length: 600 }, () => 1) } }, { maxBytes: 1_000_000 }) as {
      result: { list: unknown[] };
    };
    expect(masked.result.list).toHaveLength(501);
    expect(masked.result.list.at(-1)).toBe(`${MORE_MARKER} 100`);
  });
});

/**
 * Property checks over made-up bodies. fast-check is a dependency of the server only (this
 * package may not import it), so the inputs come from the sandbox's seeded generator: the
 * same runs every time, and a failure names its seed.
 */
const RUNS = 300;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const word = (random: Random, alphabet = 'abcdefghijklmnopqrstuvwxyz_', min = 1, max = 12) =>
  Array.from({ length: random.int(min, max) }, () => alphabet[random.int(0, alphabet.length - 1)]).join('');

/** A PAN, a phone, an Aadhaar number or an email, made up. */
function personalValue(random: Random): string {
  switch (random.int(0, 3)) {
    case 0:
      return `${word(random, LETTERS, 3, 3)}${random.pick(['P', 'C'])}${word(random, LETTERS, 1, 1)}${random.digits(4)}${word(random, LETTERS, 1, 1)}`;
    case 1:
      return `${random.int(6, 9)}${random.digits(9)}`;
    case 2:
      return `${random.int(2, 9)}${random.digits(11)}`;
    default:
      return `${word(random, 'abcdefghijklmnopqrstuvwxyz', 3, 12)}@${word(random, 'abcdefghijklmnopqrstuvwxyz', 3, 8)}.in`;
  }
}

/** Any JSON, and some values JSON has not (undefined, a bigint, a function), nested up to `depth`. */
function anything(random: Random, depth = 4): unknown {
  const choice = random.int(0, depth > 0 ? 11 : 8);
  switch (choice) {
    case 0:
      return null;
    case 1:
      return random.next() < 0.5;
    case 2:
      return random.int(-1_000_000_000, 1_000_000_000) * (random.next() < 0.5 ? 1 : 1000);
    case 3:
      return random.next() * 1e6;
    case 4:
      return word(random, 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789@.-_/"\\é€😀', 0, 40);
    case 5:
      return random.pick([undefined, 10n, () => 1, NaN, Infinity, -0, '']);
    case 6:
      return personalValue(random);
    case 7:
      return random.digits(random.int(1, 20));
    case 8:
      return 'x'.repeat(random.int(0, 3000));
    case 9:
    case 10:
      return Array.from({ length: random.int(0, 5) }, () => anything(random, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 5) }, () => [
          random.pick([word(random), 'data', 'result', 'customer_pan_number', 'name_to_match', 'consent', 'mode', '__proto__']),
          anything(random, depth - 1),
        ]),
      );
  }
}

describe('masking, for any input', () => {
  it('never throws, and its result serialises within the cap', () => {
    for (let run = 0; run < RUNS; run += 1) {
      const random = seededRandom('any input', String(run));
      const body = anything(random);
      const result = anything(random);
      const request = maskRequest(panOperation, body);
      const response = maskResponse(panOperation, envelope(result, random.pick([100, 102, 106, 'x', null])));
      expect(bytes(request ?? null), `run ${run}`).toBeLessThanOrEqual(MASKED_BODY_LIMIT_BYTES);
      expect(bytes(response), `run ${run}`).toBeLessThanOrEqual(MASKED_BODY_LIMIT_BYTES);
      expect(bytes(maskRequest(panOperation, { mode: 'sync', data: body }, { maxBytes: 512 })), `run ${run}`).toBeLessThanOrEqual(512);
    }
  });

  it('never keeps a personal value put anywhere in a request or an answer', () => {
    for (let run = 0; run < RUNS; run += 1) {
      const random = seededRandom('personal value', String(run));
      const value = personalValue(random);
      const noise = anything(random, 3);
      const key = random.pick([word(random), 'customer_pan_number', 'name_to_match', 'consent', 'pan_status', 'request_id']);
      const body = { mode: 'sync', data: { noise, [key]: value, nested: { list: [noise, value] } } };
      const kept =
        JSON.stringify(maskRequest(panOperation, body)) +
        JSON.stringify(maskRequest(undefined, body)) +
        JSON.stringify(maskResponse(panOperation, envelope({ [key]: value, noise, records: [{ [key]: value }] }, random.pick([100, 102, 106]))));
      expect(kept, `run ${run}: ${key}`).not.toContain(value);
    }
  });
});
