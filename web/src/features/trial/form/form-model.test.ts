import { exampleRequest, operationFor, productByArn, products, type Field, type Operation } from '@verigate/catalog';
import { brokenRequest, SEED_MESSAGE_CASES } from '@verigate/catalog/testing';
import { MONTHS } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  composeDate,
  initialState,
  shownFields,
  validate,
  withCount,
  withValue,
  type DateParts,
  type FormState,
  type FormValue,
} from './form-model';

const REQUEST_ID = '7d7c2d6e-3f0a-4c43-9d55-2a3f1b6f9e10';

function parts(field: Field, text: string): DateParts {
  if (field.date?.format === 'DD-MMM-YYYY') {
    const [day, month, year] = text.split('-');
    return { day: day!, month: month!, year: year! };
  }
  if (field.date?.format === 'MM/YYYY') {
    const [month, year] = text.split('/');
    return { day: '', month: MONTHS[Number(month) - 1]!, year: year! };
  }
  const [year, month, day] = text.split('-');
  return { day: day!, month: MONTHS[Number(month) - 1]!, year: year! };
}

/** The state a person reaches by entering a request's values into the form (ticking a toggle for a toggled field). */
function stateFrom(operation: Operation, request: Record<string, unknown>): FormState {
  const start = initialState(operation);
  const values: Record<string, FormValue> = { ...start.values };
  const toggles: Record<string, boolean> = {};
  const counts: Record<string, number> = { ...start.counts };
  const enter = (fields: readonly Field[], given: Record<string, unknown>, prefix: string) => {
    for (const field of fields) {
      const value = given[field.name];
      const path = `${prefix}${field.name}`;
      if (value === undefined || field.form.fixed || field.form.fromPreviousStep) continue;
      const shownWhen = field.form.shownWhen;
      if (shownWhen && 'toggle' in shownWhen) toggles[shownWhen.toggle] = true;
      if (field.type === 'object') enter(field.fields ?? [], value as Record<string, unknown>, `${path}.`);
      else if (field.type === 'array') {
        const items = value as Array<Record<string, unknown>>;
        counts[path] = items.length;
        items.forEach((item, index) => enter(field.items!.fields ?? [], item, `${path}.${index}.`));
      } else if (field.form.control === 'date-parts' && typeof value === 'string') values[path] = parts(field, value);
      else values[path] = typeof value === 'boolean' ? value : String(value);
    }
  };
  enter(
    operation.fields.filter((field) => field.in === 'body'),
    request,
    '',
  );
  enter(
    operation.fields.filter((field) => field.in !== 'body'),
    request.data as Record<string, unknown>,
    '',
  );
  return { values, toggles, counts, consent: (request.data as Record<string, unknown>).consent === 'Y' };
}

const everyOperation = products.flatMap((product) =>
  product.operations.map((operation) => [`${product.name} ${operation.action ?? ''}`.trim(), product, operation] as const),
);

describe('a trial form from its definition', () => {
  it.each(everyOperation)('%s: the documented example passes the form and is sent as the API takes it', (_name, product, operation) => {
    const example = exampleRequest(product, operation);
    const state = stateFrom(operation, example);
    expect(validate(product, operation, state, REQUEST_ID)).toEqual({});
    const { data } = buildPayload(operation, state, REQUEST_ID);
    expect(data).toMatchObject({ consent: 'Y', consent_text: expect.any(String) });
    for (const field of operation.fields.filter((item) => item.name in data && item.in !== 'body')) {
      const value = data[field.name];
      if (field.form.fromPreviousStep) expect(value).toBe(REQUEST_ID);
      else if (field.form.fixed) expect(value).toEqual(field.form.fixed.value);
      else if (field.type === 'number') expect(Number(value)).toBe(example.data[field.name]);
      else if (field.type !== 'array' && field.type !== 'object') expect(value).toEqual(example.data[field.name]);
    }
  });

  it.each(SEED_MESSAGE_CASES.map((testCase) => [`${testCase.arn} ${testCase.path}: ${testCase.message}`, testCase] as const))('%s', (_name, testCase) => {
    const product = productByArn(testCase.arn)!;
    const operation = operationFor(product, testCase.action)!;
    const errors = validate(product, operation, stateFrom(operation, brokenRequest(testCase)), REQUEST_ID);
    const path = testCase.path === 'data.consent' ? 'consent' : testCase.path.replace(/^data\./, '');
    expect(errors[path]).toBe(testCase.message);
  });

  it('RC advance reports only its first failure, in field order, and consent last', () => {
    const product = productByArn('in_vehicle_rc_advance')!;
    const operation = product.operations[0]!;
    const state = stateFrom(operation, exampleRequest(product));
    const blank = (current: FormState, name: string) => withValue(operation, current, name, '');
    const broken = blank(blank(state, 'vehicle_class'), 'vehicle_model');
    expect(validate(product, operation, broken)).toEqual({ vehicle_model: '*Vehicle model cannot be empty' });
    expect(validate(product, operation, { ...state, consent: false })).toEqual({ consent: '*Please provide consent!' });
  });

  it('reports every broken field at once elsewhere', () => {
    const product = productByArn('in_identity_passport_lite')!;
    const errors = validate(product, product.operations[0]!, initialState(product.operations[0]!));
    expect(errors).toMatchObject({
      first_name: 'First Name field is invalid',
      passport_number: 'Please enter a valid passport number',
      gender: 'Please select gender!',
      country: 'Please select country!',
      consent: 'Please provide consent!',
    });
  });

  it('shows a name only while the name-match toggle is ticked, and then requires it', () => {
    const product = productByArn('in_identity_voter_lite')!;
    const operation = product.operations[0]!;
    const state = withValue(operation, { ...initialState(operation), consent: true }, 'customer_epic_number', 'ABC1234567');
    expect(shownFields(operation.fields, state).map((field) => field.name)).toEqual(['customer_epic_number']);
    const ticked = { ...state, toggles: { nameMatch: true } };
    expect(shownFields(operation.fields, ticked).map((field) => field.name)).toEqual(['customer_epic_number', 'name_to_match']);
    expect(validate(product, operation, ticked)).toEqual({ name_to_match: 'Please enter a valid Name' });
    expect(buildPayload(operation, state).data).not.toHaveProperty('name_to_match');
  });

  it('switches CKYC between PAN and AADHAAR, clearing the other fields', () => {
    const product = productByArn('in_identity_ckyc_lite')!;
    const operation = product.operations[0]!;
    const typed = withValue(operation, initialState(operation), 'customer_pan_number', 'ABCPE1234F');
    expect(shownFields(operation.fields, typed).map((field) => field.name)).toEqual(['document_type', 'customer_pan_number']);
    const switched = withValue(operation, typed, 'document_type', 'AADHAAR');
    expect(switched.values.customer_pan_number).toBe('');
    expect(shownFields(operation.fields, switched).map((field) => field.name)).toEqual([
      'document_type',
      'customer_aadhaar_number',
      'customer_name',
      'customer_dob',
      'customer_gender',
    ]);
  });

  it('chooses an e-stamp article again when the branch changes', () => {
    const operation = productByArn('in_contract_estamp_lite')!.operations[0]!;
    const chosen = withValue(operation, withValue(operation, initialState(operation), 'stateCode', 'KA'), 'articleId', '101');
    expect(withValue(operation, chosen, 'stateCode', 'MH').values.articleId).toBe('');
  });

  it('sends fixed values the form does not show, and the eSign signers it adds', () => {
    const operation = productByArn('in_contract_esign_aadhaar')!.operations[0]!;
    const twoSigners = withCount(operation, initialState(operation), 'signers', 2);
    expect(twoSigners.values['signers.1.signer_name']).toBe('');
    const { data } = buildPayload(operation, twoSigners);
    expect(data).toMatchObject({ txn_expiry_min: 10080, response_url: expect.stringMatching(/^https:/), document: { info: expect.any(String) } });
    expect((data.signers as Array<Record<string, unknown>>).map((signer) => signer.signer_purpose)).toEqual(['Demo', 'Demo']);
  });

  it('writes the date parts in each API format', () => {
    const field = (format: 'YYYY-MM-DD' | 'DD-MMM-YYYY' | 'MM/YYYY') => ({ date: { format, minYear: 1950 } }) as Field;
    expect(composeDate(field('YYYY-MM-DD'), { day: '7', month: 'MAR', year: '1991' })).toBe('1991-03-07');
    expect(composeDate(field('DD-MMM-YYYY'), { day: '07', month: 'MAR', year: '1991' })).toBe('07-MAR-1991');
    expect(composeDate(field('MM/YYYY'), { day: '', month: 'NOV', year: '2018' })).toBe('11/2018');
    expect(composeDate(field('YYYY-MM-DD'), { day: '', month: '', year: '' })).toBeUndefined();
  });
});
