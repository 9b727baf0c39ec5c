import { describe, expect, it } from 'vitest';
import { appendText, SAMPLE_JPEG, SAMPLE_PNG } from '../documents/files.js';
import { SAMPLE_PDF } from '../documents/pdf.js';
import { productByArn } from '../index.js';
import type { Field } from '../model.js';
import { isActionAllowed, operationFor } from './actions.js';
import { exampleRequest } from './examples.js';
import { FIELD_MESSAGES, FILE_LIMIT_BYTES } from './fields.js';
import { BILLABLE_CODES, isBillable, RESPONSE_CODES } from './response-codes.js';
import { checkValue, fieldSchema, operationDataSchema, parseProductRequest, type ParsedRequest } from './schemas.js';

const consent = { consent: 'Y', consent_text: 'I agree to the verification of my details' };
const body = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ mode: 'sync', ...extra, data: { ...data, ...consent } });
const product = (arn: string) => productByArn(arn)!;
const parse = (arn: string, input: unknown) => parseProductRequest(product(arn), input);
/** As a trial form or a batch row is read: what a person typed, normalised before the rules. */
const typed = (arn: string, input: unknown) => parseProductRequest(product(arn), input, undefined, 'form');

function refusal(parsed: ParsedRequest) {
  if (parsed.ok) throw new Error(`expected a refusal, got ${JSON.stringify(parsed.data)}`);
  return parsed;
}
const errorOf = (arn: string, input: unknown) => refusal(parse(arn, input)).error;

describe('request validation derived from the fields', () => {
  it('reads a typed PAN in any case and with spaces around, with optional DOB and name to match', () => {
    const parsed = typed('in_identity_pan_lite', body({ customer_pan_number: ' abcpe1234f ', customer_dob: '1990-01-31', name_to_match: 'Asha Rao' }));
    expect(parsed).toMatchObject({ ok: true, data: { customer_pan_number: 'ABCPE1234F', customer_dob: '1990-01-31', name_to_match: 'Asha Rao' }, body: {} });
    expect(typed('in_identity_pan_advance', body({ customer_pan_number: 'AAACV1234Z' })).ok).toBe(true);
  });

  it('refuses a broken PAN, date of birth or name with the field and its message (106)', () => {
    for (const pan of ['ABCPE1234', 'ABCPE12345', '12345ABCDE', 'ABCXE1234F', 42, {}, []]) {
      expect(refusal(parse('in_identity_pan_lite', body({ customer_pan_number: pan })))).toEqual({
        ok: false,
        code: 106,
        error: { field: 'data.customer_pan_number', message: FIELD_MESSAGES.pan },
      });
    }
    for (const dob of ['31-01-1990', '1990-02-30', '1949-12-31', '2999-01-01', 19900131]) {
      expect(errorOf('in_identity_pan_lite', body({ customer_pan_number: 'ABCPE1234F', customer_dob: dob }))).toEqual({
        field: 'data.customer_dob',
        message: FIELD_MESSAGES.dob,
      });
    }
    expect(errorOf('in_identity_pan_lite', body({ customer_pan_number: 'ABCPE1234F', name_to_match: 'R2D2' })).message).toBe('Please enter a valid Name');
  });

  it('reports the first broken field in field order', () => {
    expect(errorOf('in_financial_bank_lite', body({ account_number: 'x', ifsc: 'y' })).field).toBe('data.account_number');
    expect(errorOf('in_financial_bank_lite', body({ account_number: '50100421234', ifsc: 'y' })).field).toBe('data.ifsc');
  });

  it('strips typed separators before checking: spaces in account and Aadhaar numbers, hyphens in DL numbers', () => {
    expect(typed('in_financial_bank_lite', body({ account_number: '5010 0420 1234', ifsc: 'hdfc0000123' }))).toMatchObject({
      ok: true,
      data: { account_number: '501004201234', ifsc: 'HDFC0000123' },
    });
    expect(typed('in_identity_aadhaar_lite', body({ customer_aadhaar_number: '2345 6789 0123' }))).toMatchObject({
      ok: true,
      data: { customer_aadhaar_number: '234567890123' },
    });
    expect(typed('in_identity_dl_lite', body({ customer_dl_number: 'MH02 2019-0001234' }))).toMatchObject({
      ok: true,
      data: { customer_dl_number: 'MH0220190001234' },
    });
  });

  it('needs a DL date of birth only when the number contains AP or TS', () => {
    expect(errorOf('in_identity_dl_lite', body({ customer_dl_number: 'AP0220190001234' }))).toEqual({
      field: 'data.customer_dob',
      message: FIELD_MESSAGES.dlDob,
    });
    expect(parse('in_identity_dl_lite', body({ customer_dl_number: 'TS0220190001234', customer_dob: '1985-06-15' })).ok).toBe(true);
  });

  it('reads only the fields that apply: CKYC by PAN ignores the Aadhaar fields, by AADHAAR needs them', () => {
    const byPan = parse('in_identity_ckyc_lite', body({ document_type: 'PAN', customer_pan_number: 'ABCPE1234F', customer_aadhaar_number: 'junk' }));
    expect(byPan).toMatchObject({ ok: true, data: { document_type: 'PAN', customer_pan_number: 'ABCPE1234F' } });
    expect((byPan as { data: object }).data).not.toHaveProperty('customer_aadhaar_number');
    expect(errorOf('in_identity_ckyc_lite', body({ document_type: 'AADHAAR', customer_pan_number: 'ABCPE1234F' }))).toEqual({
      field: 'data.customer_aadhaar_number',
      message: 'Aadhaar Number Should Not be Empty',
    });
    const byAadhaar = body({
      document_type: 'AADHAAR',
      customer_aadhaar_number: '1234',
      customer_name: 'Rahul Sharma',
      customer_dob: '31-JAN-1990',
      customer_gender: 'M',
    });
    expect(parse('in_identity_ckyc_lite', byAadhaar)).toMatchObject({ ok: true, data: { customer_dob: '31-JAN-1990' } });
    expect(errorOf('in_identity_ckyc_advance', body({ document_type: 'PAN', customer_pan_number: 'ABCPE1234F' }))).toEqual({
      field: 'data.customer_dob',
      message: 'Please select date of birth!',
    });
  });

  it('needs at least one telecom input', () => {
    expect(errorOf('in_contact_telecom_digitalage', body({}))).toEqual({
      field: 'data.customer_phone_number',
      message: 'Please enter at least one of phone number, email, name or pincode',
    });
    expect(parse('in_contact_telecom_digitalage', body({ pincode: '560034' })).ok).toBe(true);
  });

  it('checks merchant report identifiers by the report type in the body', () => {
    expect(
      parse('in_merchant_report_advance', body({ cin_number: 'U72200KA2015PTC081234', business_gstin_number: '27ABCPE1234F1Z5' }, { report_id: 'CIN_GST' })),
    ).toMatchObject({
      ok: true,
      body: { report_id: 'CIN_GST' },
    });
    expect(errorOf('in_merchant_report_advance', body({ cin_number: 'U72200KA2015PTC081234' }, { report_id: 'CIN_GST' }))).toEqual({
      field: 'data.business_gstin_number',
      message: 'Please enter a valid GSTIN number',
    });
    expect(errorOf('in_merchant_report_advance', body({}, { report_id: 'ALL' }))).toEqual({ field: 'report_id', message: 'Please select a report type!' });
  });

  it('reads typed numbers and booleans from numbers, numeric text and true/false, fills defaults', () => {
    const base = exampleRequest(product('in_vehicle_rc_valuation'));
    expect(typed('in_vehicle_rc_valuation', { ...base, data: { ...base.data, total_distance_driven: ' 42000 ' } })).toMatchObject({
      ok: true,
      data: { total_distance_driven: 42000 },
    });
    expect(errorOf('in_vehicle_rc_valuation', { ...base, data: { ...base.data, total_distance_driven: 4.5 } }).message).toBe(
      'total_distance_driven field is not valid',
    );
    const bank = exampleRequest(product('in_financial_bank_advance'));
    const noFlag = { ...bank.data };
    delete noFlag.is_penny_drop;
    expect(typed('in_financial_bank_advance', { ...bank, data: noFlag })).toMatchObject({ ok: true, data: { is_penny_drop: true } });
    expect(typed('in_financial_bank_advance', { ...bank, data: { ...bank.data, is_penny_drop: 'false' } })).toMatchObject({
      ok: true,
      data: { is_penny_drop: false },
    });
    expect(errorOf('in_financial_bank_advance', { ...bank, data: { ...bank.data, is_penny_drop: 'maybe' } })).toEqual({
      field: 'data.is_penny_drop',
      message: 'Penny drop must be true or false',
    });
  });

  it('accepts an e-stamp article only of the chosen branch, typed in any case', () => {
    const base = exampleRequest(product('in_contract_estamp_lite'));
    expect(typed('in_contract_estamp_lite', { ...base, data: { ...base.data, stateCode: 'mh', articleId: 201 } })).toMatchObject({
      ok: true,
      data: { stateCode: 'MH', articleId: '201' },
    });
    expect(errorOf('in_contract_estamp_lite', { ...base, data: { ...base.data, stateCode: 'MH', articleId: '101' } }).message).toBe(
      'Please enter a valid article number',
    );
    expect(typed('in_contract_estamp_lite', base)).toMatchObject({ ok: true, data: { stampType: 'ESTAMP', PaymentRequired: false } });
  });

  it('names nested fields by their path', () => {
    const base = exampleRequest(product('in_contract_esign_aadhaar'));
    const signers = [
      ...(base.data.signers as object[]),
      { signer_name: 'Asha Rao', signer_email: 'asha@example.com', signer_city: 'Pune', signer_purpose: 'Demo', sign_coordinates: [{ page_num: 0 }] },
    ];
    expect(errorOf('in_contract_esign_aadhaar', { ...base, data: { ...base.data, signers } })).toEqual({
      field: 'data.signers.1.sign_coordinates.0.page_num',
      message: 'Page must be digits only',
    });
    expect(errorOf('in_contract_esign_aadhaar', { ...base, data: { ...base.data, signers: [] } })).toEqual({
      field: 'data.signers',
      message: 'Add at least one signer',
    });
    const parsed = parse('in_contract_esign_aadhaar', base);
    expect(parsed).toMatchObject({ ok: true, data: { txn_expiry_min: 10080, signers: [{ sign_coordinates: [{ page_num: 1, x_coord: 0, y_coord: 0 }] }] } });
  });

  it('refuses a missing or non-sync mode and a missing data object (106)', () => {
    expect(errorOf('in_identity_pan_lite', { data: { customer_pan_number: 'ABCPE1234F', ...consent } })).toEqual({
      field: 'mode',
      message: "mode must be 'sync'",
    });
    expect(errorOf('in_identity_pan_lite', { mode: 'async', data: {} }).message).toBe("mode must be 'sync'");
    expect(errorOf('in_identity_pan_lite', { mode: 'sync' })).toEqual({ field: 'data', message: FIELD_MESSAGES.data });
    expect(errorOf('in_identity_pan_lite', [1, 2]).message).toBe(FIELD_MESSAGES.body);
  });

  it('answers 104 for consent other than Y or a missing consent text, before the fields are checked', () => {
    expect(refusal(parse('in_identity_pan_lite', { mode: 'sync', data: { customer_pan_number: 'bad', consent: 'N', consent_text: 'no' } }))).toEqual({
      ok: false,
      code: 104,
      error: { field: 'data.consent', message: 'Please provide consent!' },
    });
    expect(refusal(parse('in_identity_pan_lite', { mode: 'sync', data: { customer_pan_number: 'ABCPE1234F' } })).code).toBe(104);
    expect(errorOf('in_identity_pan_lite', { mode: 'sync', data: { customer_pan_number: 'ABCPE1234F', consent: 'Y', consent_text: '  ' } })).toEqual({
      field: 'data.consent_text',
      message: FIELD_MESSAGES.consentText,
    });
  });
});

describe('the provider API reads values as sent', () => {
  const pan = (data: Record<string, unknown>) => parse('in_identity_pan_lite', body({ customer_pan_number: 'ABCPE1234F', ...data }));

  it('refuses null in a text, date or flag field, required or not, with the field named', () => {
    expect(refusal(pan({ customer_pan_number: null })).error).toEqual({ field: 'data.customer_pan_number', message: 'Please enter a valid Pan number' });
    expect(refusal(pan({ customer_dob: null })).error.field).toBe('data.customer_dob');
    expect(refusal(pan({ name_to_match: null })).error.field).toBe('data.name_to_match');
    const bank = exampleRequest(product('in_financial_bank_advance'));
    expect(refusal(parse('in_financial_bank_advance', { ...bank, data: { ...bank.data, is_penny_drop: null } })).error.field).toBe('data.is_penny_drop');
  });

  it('refuses a number where the field is text, text where it is a number or flag, and no coercion happens', () => {
    const rc = exampleRequest(product('in_vehicle_rc_mvtax'));
    expect(refusal(parse('in_vehicle_rc_mvtax', { ...rc, data: { ...rc.data, chassis_number: 12345 } })).error.field).toBe('data.chassis_number');
    const valuation = exampleRequest(product('in_vehicle_rc_valuation'));
    expect(refusal(parse('in_vehicle_rc_valuation', { ...valuation, data: { ...valuation.data, total_distance_driven: '42000' } })).error.field).toBe(
      'data.total_distance_driven',
    );
    const bank = exampleRequest(product('in_financial_bank_advance'));
    expect(refusal(parse('in_financial_bank_advance', { ...bank, data: { ...bank.data, is_penny_drop: 'false' } })).error.field).toBe('data.is_penny_drop');
  });

  it('checks text as written: lower case and surrounding spaces break an identifier', () => {
    expect(refusal(pan({ customer_pan_number: 'abcpe1234f' })).error.message).toBe('Please enter a valid Pan number');
    expect(refusal(pan({ customer_pan_number: ' ABCPE1234F' })).error.message).toBe('Please enter a valid Pan number');
  });

  it('takes a blank value as missing for a required field and checks it against an optional field’s rules', () => {
    expect(refusal(pan({ customer_pan_number: '  ' })).error).toEqual({ field: 'data.customer_pan_number', message: 'Please enter a valid Pan number' });
    expect(refusal(pan({ name_to_match: '' })).error).toEqual({ field: 'data.name_to_match', message: 'Please enter a valid Name' });
    expect(pan({})).toMatchObject({ ok: true, data: { customer_pan_number: 'ABCPE1234F' } });
  });
});

describe('files', () => {
  const face = (image: unknown) => parse('in_face_crop_lite', body({ card_image: image }));
  const message = 'Only png, jpeg, jpg files are allowed';

  it('are recognised by their first bytes: PNG and JPEG pass, PDF, text, data URLs and non-base64 do not', () => {
    expect(face(SAMPLE_PNG).ok).toBe(true);
    expect(face(SAMPLE_JPEG).ok).toBe(true);
    for (const bad of [SAMPLE_PDF, btoa('hello world!'), `data:image/png;base64,${SAMPLE_PNG}`, 'not base64 at all', 12]) {
      expect(refusal(face(bad)).error).toEqual({ field: 'data.card_image', message });
    }
    expect(refusal(face('')).error).toEqual({ field: 'data.card_image', message: 'Please upload a file' });
  });

  it('take TIFF and WebP where the definition allows them', () => {
    const tiff = btoa('II*\u0000' + 'x'.repeat(20));
    const webp = btoa('RIFF\u0010\u0000\u0000\u0000WEBPVP8 ' + 'x'.repeat(12));
    const doc = (file: string) => parse('in_ocr_document_processor', body({ document_file: file, document_type: 'invoice' }));
    expect(doc(tiff).ok).toBe(true);
    expect(doc(webp).ok).toBe(true);
    expect(refusal(face(webp)).error.message).toBe(message);
  });

  it('refuse a file over the size limit', () => {
    const big = appendText(SAMPLE_PNG, 'x'.repeat(FILE_LIMIT_BYTES));
    expect(refusal(face(big)).error).toEqual({ field: 'data.card_image', message: 'File size should not exceed 5 MB' });
  });
});

describe('zod schemas derived from the fields', () => {
  it('parse an operation’s data to normalised values, or fail with the first broken rule at its path', () => {
    const schema = operationDataSchema(product('in_financial_bank_lite').operations[0]!);
    expect(schema.parse({ account_number: '5010 0421 234', ifsc: 'hdfc0000123' })).toEqual({ account_number: '50100421234', ifsc: 'HDFC0000123' });
    const failed = schema.safeParse({ account_number: '50100421234', ifsc: 'nope' });
    expect(failed.success).toBe(false);
    expect(failed.error!.issues[0]).toMatchObject({ path: ['ifsc'], message: 'Please enter a valid IFSC number' });
  });

  it('check one field at a time for a form', () => {
    const [pan] = product('in_identity_pan_lite').operations[0]!.fields as Field[];
    expect(fieldSchema(pan!).parse('abcpe1234f')).toBe('ABCPE1234F');
    expect(fieldSchema(pan!).safeParse('').error!.issues[0]!.message).toBe(FIELD_MESSAGES.pan);
    expect(checkValue(pan!, 'ABCPE1234', 'pan')).toEqual({ ok: false, error: { field: 'pan', message: FIELD_MESSAGES.pan } });
  });
});

describe('actions', () => {
  it('allows no action to a single-step product and only the listed ones to a multi-step product', () => {
    expect(isActionAllowed(product('in_identity_pan_lite'), undefined)).toBe(true);
    expect(isActionAllowed(product('in_identity_pan_lite'), 'verify')).toBe(false);
    expect(isActionAllowed(product('in_identity_okyc_otp'), 'request')).toBe(true);
    expect(isActionAllowed(product('in_identity_okyc_otp'), 'verify')).toBe(true);
    expect(isActionAllowed(product('in_identity_okyc_otp'), 'init')).toBe(false);
    expect(isActionAllowed(product('in_identity_okyc_otp'), 7)).toBe(false);
    expect(isActionAllowed(product('in_contact_email_otp'), 'verify')).toBe(false);
    expect(operationFor(product('in_contact_email_otp'), undefined)?.action).toBe('request-test');
  });

  it('are required in every provider-API call to a multi-step product, its first step too, and optional for a typed trial', () => {
    const first = exampleRequest(product('in_contact_email_otp'));
    const { action: _action, ...withoutAction } = first;
    expect(refusal(parse('in_contact_email_otp', withoutAction))).toEqual({
      ok: false,
      code: 106,
      error: { field: 'action', message: 'action must be one of: request-test, submit-test' },
    });
    expect(typed('in_contact_email_otp', withoutAction)).toMatchObject({ ok: true, operation: { action: 'request-test' } });
  });

  it('refuse a disallowed action before anything else', () => {
    expect(refusal(parse('in_identity_pan_lite', { action: 'fetch', mode: 'x' }))).toEqual({
      ok: false,
      code: 'action',
      error: { field: 'action', message: 'action disallowed for the product' },
    });
  });
});

describe('response codes', () => {
  it('carry the seed’s meanings and HTTP statuses', () => {
    expect(RESPONSE_CODES[100]).toEqual({ message: 'Valid Authentication', httpStatus: 200 });
    expect(RESPONSE_CODES[107]).toEqual({ message: 'Duplicate Transaction', httpStatus: 400 });
    expect(RESPONSE_CODES[109]).toEqual({ message: 'Source timed out', httpStatus: 504 });
    expect(RESPONSE_CODES[111]).toEqual({ message: 'Internal Error', httpStatus: 500 });
    expect(RESPONSE_CODES[99]).toEqual({ message: 'Unknown Error', httpStatus: 500 });
  });

  it('are billable for 100 to 103 only', () => {
    expect([...BILLABLE_CODES].sort()).toEqual([100, 101, 102, 103]);
    expect(isBillable(104)).toBe(false);
    expect(isBillable(null)).toBe(false);
  });
});
