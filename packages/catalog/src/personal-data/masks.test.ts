import { describe, expect, it } from 'vitest';
import { SAMPLE_JPEG, SAMPLE_PNG } from '../documents/files.js';
import { SAMPLE_PDF } from '../documents/pdf.js';
import {
  keepEnds,
  maskAadhaar,
  maskAccountNumber,
  maskByShape,
  maskDateOfBirth,
  maskEmail,
  maskEmbedded,
  maskIdentityNumber,
  maskInitials,
  maskPhone,
  maskText,
  maskUpi,
  OTP_MARKER,
  summariseFile,
} from './masks.js';

const decodedLength = (base64: string) => atob(base64).length;

describe('the mask of each personal kind', () => {
  it('keeps the last four digits of an Aadhaar number, spaces or not', () => {
    expect(maskAadhaar('234567891234')).toBe('********1234');
    expect(maskAadhaar('2345 6789 1234')).toBe('********1234');
    expect(maskText('aadhaar', '234567891234')).toBe('********1234');
  });

  it('keeps the first two and last two characters of PAN, DL, EPIC, passport, GSTIN, CIN, UAN and RC numbers', () => {
    expect(maskIdentityNumber('ABCPE1234F')).toBe('AB******4F');
    expect(maskIdentityNumber('MH0220191234567')).toBe('MH***********67');
    expect(maskIdentityNumber('ABC1234567')).toBe('AB******67');
    expect(maskIdentityNumber('J8369854')).toBe('J8****54');
    expect(maskIdentityNumber('27ABCPE1234F1Z5')).toBe('27***********Z5');
    expect(maskIdentityNumber('U72200KA2015PTC081234')).toBe('U7*****************34');
    expect(maskIdentityNumber('100912341234')).toBe('10********34');
    expect(maskIdentityNumber('MH12AB1234')).toBe('MH******34');
  });

  it('keeps the last four of account numbers, UPI ids and phone numbers', () => {
    expect(maskAccountNumber('50100421234')).toBe('*******1234');
    expect(maskUpi('rahul.sharma1234@okhdfc')).toBe('*******************hdfc');
    expect(maskPhone('9876541234')).toBe('******1234');
    expect(maskPhone('+91 98765-41234')).toBe('*********1234');
  });

  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('rahul@acme.in')).toBe('r***@acme.in');
    expect(maskEmail('priya.sharma@example.com')).toBe('p***@example.com');
    expect(maskEmail('no-domain')).toBe('n***');
    expect(maskEmail('')).toBe('***');
  });

  it('keeps the initials of names and addresses', () => {
    expect(maskInitials('Rahul Kumar Sharma')).toBe('R. K. S.');
    expect(maskText('name', 'R.K. Sharma')).toBe('R. K. S.');
    expect(maskText('address', '12, MG ROAD, BENGALURU, KARNATAKA 560034')).toBe('1. M. R. B. K. 5.');
    expect(maskInitials('  ')).toBe('');
  });

  it('keeps only the year of a date of birth, in every format the API takes', () => {
    expect(maskDateOfBirth('1990-01-31')).toBe('1990');
    expect(maskDateOfBirth('31-JAN-1990')).toBe('1990');
    expect(maskDateOfBirth('31/01/1990')).toBe('1990');
    expect(maskDateOfBirth('no date')).toBe('*******');
  });

  it('never keeps an OTP', () => {
    expect(maskText('otp', '123456')).toBe(OTP_MARKER);
    expect(OTP_MARKER).not.toMatch(/\d/);
  });

  it('keeps a file as its type by its first bytes and its decoded size', () => {
    expect(summariseFile(SAMPLE_PNG)).toEqual({ type: 'png', bytes: decodedLength(SAMPLE_PNG) });
    expect(summariseFile(SAMPLE_JPEG)).toEqual({ type: 'jpeg', bytes: decodedLength(SAMPLE_JPEG) });
    expect(summariseFile(SAMPLE_PDF)).toEqual({ type: 'pdf', bytes: decodedLength(SAMPLE_PDF) });
    expect(summariseFile(`data:image/png;base64,${SAMPLE_PNG}`)).toEqual({ type: 'png', bytes: decodedLength(SAMPLE_PNG) });
    expect(summariseFile(btoa('plain text, not an image'))).toEqual({ type: 'unknown', bytes: 24 });
    expect(summariseFile('not base64 at all!')).toEqual({ type: 'unknown', bytes: 18 });
  });

  it("keeps a value declared 'none' as it is", () => {
    expect(maskText('none', 'VALID')).toBe('VALID');
  });

  it('hides at least half of a short value', () => {
    expect(keepEnds('1234', 0, 4)).toBe('**34');
    expect(keepEnds('S1234', 2, 2)).toBe('S***4');
    expect(keepEnds('AB', 2, 2)).toBe('*B');
    expect(keepEnds('', 2, 2)).toBe('');
    expect(maskAadhaar('1234')).toBe('**34');
  });
});

describe('a value of no declared kind, masked by its shape', () => {
  it.each([
    ['ABCPE1234F', 'AB******4F'],
    ['27ABCPE1234F1Z5', '27***********Z5'],
    ['234567891234', '********1234'],
    ['2345 6789 1234', '********1234'],
    ['9876541234', '******1234'],
    ['+91 9876541234', '********1234'],
    ['50100421234', '*******1234'],
    ['123456', '******'],
    ['priya.sharma@example.com', 'p***@example.com'],
    ['rahul@okhdfc', '********hdfc'],
    ['1990-01-31', '1990'],
    ['31-JAN-1990', '1990'],
    ['Rahul Kumar Sharma', 'R. K. S.'],
    ['VALID', 'V.'],
    ['', ''],
  ])('%s → %s', (value, masked) => {
    expect(maskByShape(value)).toBe(masked);
  });

  it('summarises long base64 as a file', () => {
    expect(maskByShape(SAMPLE_JPEG)).toEqual({ type: 'jpeg', bytes: decodedLength(SAMPLE_JPEG) });
    expect(maskByShape(`data:application/pdf;base64,${SAMPLE_PDF}`)).toEqual({ type: 'pdf', bytes: decodedLength(SAMPLE_PDF) });
  });
});

describe("a text declared 'none'", () => {
  it('is kept, but for the tokens in it that are personal by their shape', () => {
    expect(maskEmbedded('Valid Authentication')).toBe('Valid Authentication');
    expect(maskEmbedded('3f1c2a9e-5b7d-4c1e-9a2b-0c4d5e6f7a8b')).toBe('3f1c2a9e-5b7d-4c1e-9a2b-0c4d5e6f7a8b');
    expect(maskEmbedded('00000000-0000-4000-8000-000000000001')).toBe('00000000-0000-4000-8000-000000000001');
    expect(maskEmbedded('HDFC0000123')).toBe('HDFC0000123');
    expect(maskEmbedded('2025-03-14T09:30:00.000Z')).toBe('2025-03-14T09:30:00.000Z');
    expect(maskEmbedded('call 9876541234 or mail rahul@acme.in')).toBe('call ******1234 or mail r***@acme.in');
    expect(maskEmbedded('pay rahul.sharma1234@okhdfc')).toBe('pay *******************hdfc');
    expect(maskEmbedded('PAN abcpe1234f, GSTIN 27ABCPE1234F1Z5, Aadhaar 2345 6789 1234')).toBe('PAN ab******4f, GSTIN 27***********Z5, Aadhaar ********1234');
    expect(maskEmbedded(`photo ${SAMPLE_PNG}`)).toBe(`photo [file ${decodedLength(SAMPLE_PNG)} bytes]`);
  });
});
