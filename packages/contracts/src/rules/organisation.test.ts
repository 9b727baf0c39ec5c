import { describe, expect, it } from 'vitest';
import { contactProblems } from '../organisation.js';
import {
  appNameRules,
  bankAccountRules,
  contactEmailRules,
  contactNameRules,
  designationRules,
  gstinRules,
  ifscRules,
  keyNameRules,
  organisationNameRules,
  pdfProblem,
  phoneNormaliser,
  phoneRules,
  signatoryRules,
  tradeNameRules,
} from './organisation.js';
import { firstBrokenRule, type Rule } from './rule.js';

const check = (rules: readonly Rule[]) => (value: string) => firstBrokenRule(rules, value);

describe('organisation (seed 000 §5)', () => {
  it.each([
    ['', 'Organization name cannot be empty'],
    ['1 Acme', 'Organization name Should not start with a number'],
    ['  1 Acme', 'Organization name Should not start with a number'],
    ['Acme_Labs', 'should contain alphabets only!'],
    ['Acme@Labs', 'should contain alphabets only!'],
    ['&Acme', 'should contain alphabets only!'],
    ['Ac', 'must be at least 3 characters long'],
    ['A'.repeat(51), 'must be at most 50 characters long'],
  ])('legal name %j → %s', (value, message) => expect(check(organisationNameRules)(value)).toBe(message));

  it.each(['Acme & Sons Pvt. Ltd.', "D'Souza Verification (India) Pvt Ltd", 'Acme 24x7 Services', 'Tata-Hitachi, Ltd.', '  Acme Finance  '])(
    'accepts the registered company name %j as legal and trade name',
    (value) => {
      expect(check(organisationNameRules)(value)).toBeNull();
      expect(check(tradeNameRules)(value)).toBeNull();
    },
  );

  it('trade name has its own wording and the same limits', () => {
    expect(check(tradeNameRules)('')).toBe('Trade name cannot be empty');
    expect(check(tradeNameRules)('9Acme')).toBe('Trade name Should not start with a number');
    expect(check(tradeNameRules)('Acme Finance')).toBeNull();
    expect(check(tradeNameRules)('A'.repeat(50))).toBeNull();
  });
});

describe('contact form (seed 000 §5, seed 001 §5)', () => {
  it('name: required, alphabets, 3 to 50 in onboarding, at most 40 (no minimum) in the edit form', () => {
    expect(check(contactNameRules('onboarding'))('')).toBe('Name cannot be Empty');
    expect(check(contactNameRules('onboarding'))('R2D2')).toBe('should contain alphabets only!');
    expect(check(contactNameRules('onboarding'))('Ra')).toBe('must be at least 3 characters long');
    expect(check(contactNameRules('onboarding'))('A'.repeat(50))).toBeNull();
    expect(check(contactNameRules('edit'))('A'.repeat(41))).toBe('must be at most 40 characters long');
    expect(check(contactNameRules('edit'))('Al')).toBeNull();
  });

  it.each([
    ['', 'Email cannot be empty'],
    ['ravi@', 'Please enter a valid email'],
    ['9ravi@acme.in', 'Email Cannot start with a number'],
    ['ravi@rediffmail.com', 'Only work emails are allowed'],
    [`${'r'.repeat(60)}@acme.in`, 'Email should not exceed 64 characters'],
  ])('email %j → %s', (value, message) => expect(check(contactEmailRules)(value)).toBe(message));

  it('designation: required, alphabets, 50 in onboarding and 25 in the edit form', () => {
    expect(check(designationRules('onboarding'))('')).toBe('Designation cannot be empty');
    expect(check(designationRules('onboarding'))('CTO 2')).toBe('should contain alphabets only!');
    expect(check(designationRules('onboarding'))('D'.repeat(50))).toBeNull();
    expect(check(designationRules('edit'))('D'.repeat(26))).toBe('must be at most 25 characters long');
  });

  it.each([
    ['', 'Phone number cannot be empty'],
    ['98765-4321', 'Please enter a valid phone number'],
    ['0987654321', 'Exclude 0 from the beginning'],
    ['987654321', 'Phone Number should be 10 digits'],
    ['98765432101', 'Phone Number should be 10 digits'],
    ['9876543210', null],
    [' 98765 43210 ', null],
    ['+91 98765 43210', null],
    ['+9198765 43210', null],
    ['+91 0987654321', 'Exclude 0 from the beginning'],
    ['+44 98765 43210', 'Please enter a valid phone number'],
  ])('Indian phone %j → %s', (value, message) => expect(check(phoneRules('IND'))(value)).toBe(message));

  it('reads a phone without its spaces, and an Indian one without +91', () => {
    expect(phoneNormaliser('IND')(' +91 98765 43210 ')).toBe('9876543210');
    expect(phoneNormaliser('GBR')(' 20 7946 0000 ')).toBe('2079460000');
    expect(phoneNormaliser('GBR')('+91 98765')).toBe('+9198765');
    expect(check(phoneRules('GBR'))('20 7946 0000')).toBeNull();
  });

  it('elsewhere the phone is optional but valid when entered', () => {
    expect(check(phoneRules('GBR'))('')).toBeNull();
    expect(check(phoneRules('GBR'))('2079460000')).toBeNull();
    expect(check(phoneRules('GBR'))('20-79')).toBe('Please enter a valid phone number');
  });

  it('reports each broken field of a contact once, by the form variant', () => {
    const problems = contactProblems({ name: 'A'.repeat(45), email: 'x@gmail.com', designation: 'Head', phone: '' }, 'edit', 'IND');
    expect(problems).toEqual([
      { field: 'name', message: 'must be at most 40 characters long' },
      { field: 'email', message: 'Only work emails are allowed' },
      { field: 'phone', message: 'Phone number cannot be empty' },
    ]);
  });
});

describe('KYC form (seed 000 §5)', () => {
  it('requires the bank account, GSTIN and IFSC', () => {
    expect(check(bankAccountRules)('')).toBe('Field Cannot be Empty');
    expect(check(gstinRules)('')).toBe('Field Cannot be Empty');
    expect(check(ifscRules)('')).toBe('Field Cannot be Empty');
    expect(check(bankAccountRules)('12345678')).toBe('Please enter a valid account number');
    expect(check(bankAccountRules)('123456789')).toBeNull();
    expect(check(bankAccountRules)('1234 5678 9012')).toBeNull();
    expect(check(bankAccountRules)('   ')).toBe('Field Cannot be Empty');
    expect(check(gstinRules)('27ABCDE1234F1Z5')).toBeNull();
    expect(check(ifscRules)('HDFC0001234')).toBeNull();
    expect(check(ifscRules)('HDFC1001234')).toBe('Please enter a valid IFSC code');
  });

  it('wants signatory name and designation in letters', () => {
    expect(check(signatoryRules)('')).toBe('Field Cannot be Empty');
    expect(check(signatoryRules)('Meera 2')).toBe('should contain alphabets only!');
  });

  it('takes PDFs under 2 MB only', () => {
    expect(pdfProblem(null)).toBe('Please upload the file!');
    expect(pdfProblem({ name: 'gst.png', type: 'image/png', size: 10 })).toBe('File should be in pdf format');
    expect(pdfProblem({ name: 'gst.pdf', type: 'application/pdf', size: 2_000_000 })).toBe('File should be less than 2 MB');
    expect(pdfProblem({ name: 'gst.pdf', type: 'application/pdf', size: 1_999_999 })).toBeNull();
  });
});

describe('key and app names (seed 000 §5)', () => {
  it.each([
    [keyNameRules, '', 'Key name cannot be empty'],
    [keyNameRules, 'key_1', 'Key name should contain alphanumeric char only'],
    [keyNameRules, '1key', 'Key name should not start with a number'],
    [keyNameRules, 'k'.repeat(26), 'Key name should be less than 25 character'],
    [keyNameRules, 'Test Key', null],
    [appNameRules, '', 'Name is required to create a new app'],
    [appNameRules, 'app!', 'App name should contain alphanumeric char only'],
    [appNameRules, '2app', 'App name should not start with a number'],
    [appNameRules, 'a'.repeat(26), 'App name should be less than 25 character'],
    [appNameRules, 'Test App', null],
  ])('%#: %j → %s', (rules, value, message) => expect(check(rules)(value)).toBe(message));
});
