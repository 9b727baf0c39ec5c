import { describe, expect, it } from 'vitest';
import { createOrganisationRequest, kycFields, normaliseContact } from './organisation.js';

const contact = { name: 'Priya Sharma', email: 'priya@acme.in', designation: 'Director', phone: '9876543210' };
const organisation = {
  name: 'Acme & Sons Pvt. Ltd.',
  trade_name: "D'Souza Verification (India) Pvt Ltd",
  category: 'Fintech',
  category_id: '5f0c7a4e-4a8f-4c1e-9b1a-1f2e3d4c5b6a',
  country_code: 'IND',
  business_poc: contact,
  technical_poc: contact,
};

describe('POST /organisation payload', () => {
  it("takes registered company names with & . , ' ( ) - and digits after the first letter", () => {
    const parsed = createOrganisationRequest.parse({ ...organisation, name: 'Acme 24x7 Services (India), Ltd.' });
    expect(parsed.name).toBe('Acme 24x7 Services (India), Ltd.');
    expect(parsed.trade_name).toBe("D'Souza Verification (India) Pvt Ltd");
  });

  it('keeps the seed messages for a leading digit and for other characters', () => {
    expect(createOrganisationRequest.safeParse({ ...organisation, name: '24x7 Acme' }).error?.issues[0]?.message).toBe(
      'Organization name Should not start with a number',
    );
    expect(createOrganisationRequest.safeParse({ ...organisation, trade_name: 'Acme #1' }).error?.issues[0]?.message).toBe('should contain alphabets only!');
  });

  it('trims names and emails and reads pasted phone numbers, the way the form sends them', () => {
    const parsed = createOrganisationRequest.parse({
      ...organisation,
      name: '  Acme & Sons Pvt. Ltd.  ',
      business_poc: { name: ' Priya Sharma ', email: ' priya@acme.in ', designation: ' Director ', phone: ' 98765 43210 ' },
      technical_poc: { ...contact, phone: '+91 98765 43210' },
    });
    expect(parsed.name).toBe('Acme & Sons Pvt. Ltd.');
    expect(parsed.business_poc).toEqual(contact);
    expect(parsed.technical_poc.phone).toBe('9876543210');
  });

  it('still refuses a phone that is wrong once its spaces are gone', () => {
    const result = createOrganisationRequest.safeParse({ ...organisation, business_poc: { ...contact, phone: '98765 4321' } });
    expect(result.error?.issues[0]?.message).toBe('Phone Number should be 10 digits');
  });

  it('strips +91 from Indian phones only', () => {
    expect(normaliseContact({ ...contact, phone: '+91 98765 43210' }, 'IND').phone).toBe('9876543210');
    expect(normaliseContact({ ...contact, phone: '20 7946 0000' }, 'GBR').phone).toBe('2079460000');
  });
});

describe('KYC fields', () => {
  const fields = {
    bankAccountNumber: '1234 5678 9012',
    gstinNumber: '27ABCDE1234F1Z5',
    ifsc: 'HDFC0001234',
    authorName: ' Meera Iyer ',
    designation: 'Director',
    registrationDocumentType: 'CIN',
  };

  it('reads a bank account number typed in groups as its digits, and trims the signatory', () => {
    const parsed = kycFields.parse(fields);
    expect(parsed.bankAccountNumber).toBe('123456789012');
    expect(parsed.authorName).toBe('Meera Iyer');
  });

  it('refuses an account number that is not 9 to 18 digits once the spaces are gone', () => {
    expect(kycFields.safeParse({ ...fields, bankAccountNumber: '1234 5678' }).error?.issues[0]?.message).toBe('Please enter a valid account number');
  });
});
