import { describe, expect, it } from 'vitest';
import { productByArn } from '../index.js';
import { isActionAllowed, PRODUCT_ACTIONS } from './actions.js';
import { FIELD_MESSAGES } from './fields.js';
import { BILLABLE_CODES, isBillable, RESPONSE_CODES } from './response-codes.js';
import { parseProductRequest, requestSchemas, type SchemaArn } from './schemas.js';

const consent = { consent: 'Y', consent_text: 'I agree to the verification of my details' };
const body = (data: Record<string, unknown>) => ({ mode: 'sync', data: { ...data, ...consent } });

function refusal(arn: SchemaArn, input: unknown) {
  const parsed = parseProductRequest(arn, input);
  if (parsed.ok) throw new Error(`expected a refusal, got ${JSON.stringify(parsed.data)}`);
  return parsed;
}

describe('request schemas', () => {
  it('exist only for catalog products', () => {
    for (const arn of Object.keys(requestSchemas)) expect(productByArn(arn), arn).toBeDefined();
    for (const arn of Object.keys(PRODUCT_ACTIONS)) expect(productByArn(arn), arn).toBeDefined();
  });

  it('accepts a PAN in any case and with spaces around, with optional DOB and name to match', () => {
    const parsed = parseProductRequest(
      'in_identity_pan_lite',
      body({ customer_pan_number: ' abcpe1234f ', customer_dob: '1990-01-31', name_to_match: 'Asha Rao' }),
    );
    expect(parsed).toEqual({ ok: true, data: { customer_pan_number: 'ABCPE1234F', customer_dob: '1990-01-31', name_to_match: 'Asha Rao' } });
    expect(parseProductRequest('in_identity_pan_advance', body({ customer_pan_number: 'AAACV1234Z' })).ok).toBe(true);
  });

  it('refuses a broken PAN, date of birth or name with the field and its message (106)', () => {
    for (const pan of ['ABCPE1234', 'ABCPE12345', '12345ABCDE', 'ABCXE1234F', '', 42, undefined]) {
      expect(refusal('in_identity_pan_lite', body({ customer_pan_number: pan }))).toEqual({
        ok: false,
        code: 106,
        error: { field: 'data.customer_pan_number', message: FIELD_MESSAGES.pan },
      });
    }
    for (const dob of ['31-01-1990', '1990-02-30', '1949-12-31', '2999-01-01']) {
      expect(refusal('in_identity_pan_lite', body({ customer_pan_number: 'ABCPE1234F', customer_dob: dob })).error).toEqual({
        field: 'data.customer_dob',
        message: FIELD_MESSAGES.dob,
      });
    }
    expect(refusal('in_identity_pan_lite', body({ customer_pan_number: 'ABCPE1234F', name_to_match: 'R2D2' })).error.message).toBe('Please enter a valid Name');
  });

  it('validates GSTIN, bank account and IFSC', () => {
    expect(parseProductRequest('in_merchant_gstin_lite', body({ business_gstin_number: '27abcpe1234f1z5' }))).toEqual({
      ok: true,
      data: { business_gstin_number: '27ABCPE1234F1Z5' },
    });
    for (const gstin of ['27ABCPE1234F1Z', '27ABCPE1234F1X5', 'AAABCPE1234F1Z5']) {
      expect(refusal('in_merchant_gstin_lite', body({ business_gstin_number: gstin })).error).toEqual({
        field: 'data.business_gstin_number',
        message: 'Please enter a valid GSTIN number',
      });
    }
    expect(parseProductRequest('in_financial_bank_lite', body({ account_number: '5010 0420 1234', ifsc: 'hdfc0000123' }))).toEqual({
      ok: true,
      data: { account_number: '501004201234', ifsc: 'HDFC0000123' },
    });
    expect(refusal('in_financial_bank_lite', body({ account_number: '12345678901234567', ifsc: 'HDFC0000123' })).error.message).toBe(
      'Please enter a valid Account number',
    );
    expect(refusal('in_financial_bank_lite', body({ account_number: '50100420123', ifsc: 'HDFC1000123' })).error).toEqual({
      field: 'data.ifsc',
      message: 'Please enter a valid IFSC number',
    });
  });

  it('needs a DL date of birth only when the number contains AP or TS', () => {
    expect(parseProductRequest('in_identity_dl_lite', body({ customer_dl_number: 'MH02 2019-0001234' })).ok).toBe(true);
    expect(refusal('in_identity_dl_lite', body({ customer_dl_number: 'AP0220190001234' })).error).toEqual({
      field: 'data.customer_dob',
      message: FIELD_MESSAGES.dlDob,
    });
    expect(parseProductRequest('in_identity_dl_lite', body({ customer_dl_number: 'TS0220190001234', customer_dob: '1985-06-15' })).ok).toBe(true);
    for (const dl of ['MH0220190', 'MH022019000123456789X', '1202201900012345']) {
      expect(refusal('in_identity_dl_lite', body({ customer_dl_number: dl })).error.message).toBe('Please enter a valid DL number');
    }
  });

  it('validates an Aadhaar number of 12 digits not starting with 0 or 1', () => {
    expect(parseProductRequest('in_identity_aadhaar_lite', body({ customer_aadhaar_number: '2345 6789 0123' }))).toEqual({
      ok: true,
      data: { customer_aadhaar_number: '234567890123' },
    });
    for (const aadhaar of ['12345678901', '123456789012', '0234567890123', '23456789012A']) {
      expect(refusal('in_identity_aadhaar_lite', body({ customer_aadhaar_number: aadhaar })).error.message).toBe('Please enter a valid Aadhaar number');
    }
  });

  it('refuses a missing or non-sync mode and a missing data object (106)', () => {
    expect(refusal('in_identity_pan_lite', { data: { customer_pan_number: 'ABCPE1234F', ...consent } }).error).toEqual({
      field: 'mode',
      message: "mode must be 'sync'",
    });
    expect(refusal('in_identity_pan_lite', { mode: 'async', data: {} }).error.message).toBe("mode must be 'sync'");
    expect(refusal('in_identity_pan_lite', { mode: 'sync' }).error).toEqual({ field: 'data', message: FIELD_MESSAGES.data });
    expect(refusal('in_identity_pan_lite', [1, 2]).error.message).toBe(FIELD_MESSAGES.body);
  });

  it('answers 104 for consent other than Y or a missing consent text, before the fields are checked', () => {
    const noConsent = refusal('in_identity_pan_lite', { mode: 'sync', data: { customer_pan_number: 'bad', consent: 'N', consent_text: 'no' } });
    expect(noConsent).toEqual({ ok: false, code: 104, error: { field: 'data.consent', message: 'Please provide consent!' } });
    expect(refusal('in_identity_pan_lite', { mode: 'sync', data: { customer_pan_number: 'ABCPE1234F' } }).code).toBe(104);
    expect(refusal('in_identity_pan_lite', { mode: 'sync', data: { customer_pan_number: 'ABCPE1234F', consent: 'Y', consent_text: '  ' } }).error).toEqual({
      field: 'data.consent_text',
      message: FIELD_MESSAGES.consentText,
    });
  });
});

describe('actions', () => {
  it('allows no action to a single-step product and only the listed ones to a multi-step product', () => {
    expect(isActionAllowed('in_identity_pan_lite', undefined)).toBe(true);
    expect(isActionAllowed('in_identity_pan_lite', 'verify')).toBe(false);
    expect(isActionAllowed('in_identity_okyc_otp', 'request')).toBe(true);
    expect(isActionAllowed('in_identity_okyc_otp', 'verify')).toBe(true);
    expect(isActionAllowed('in_identity_okyc_otp', 'init')).toBe(false);
    expect(isActionAllowed('in_identity_okyc_otp', 7)).toBe(false);
  });
});

describe('response codes', () => {
  it('carry the seed’s meanings and HTTP statuses', () => {
    expect(RESPONSE_CODES[100]).toEqual({ message: 'Valid Authentication', httpStatus: 200 });
    expect(RESPONSE_CODES[107]).toEqual({ message: 'Duplicate Transaction', httpStatus: 400 });
    expect(RESPONSE_CODES[109]).toEqual({ message: 'Source timed out', httpStatus: 504 });
    expect(RESPONSE_CODES[99]).toEqual({ message: 'Unknown Error', httpStatus: 500 });
  });

  it('are billable for 100 to 103 only', () => {
    expect([...BILLABLE_CODES].sort()).toEqual([100, 101, 102, 103]);
    expect(isBillable(104)).toBe(false);
    expect(isBillable(null)).toBe(false);
  });
});
