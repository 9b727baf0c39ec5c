import { describe, expect, it } from 'vitest';
import { DAYS, MONTHS, YEARS } from '@verigate/contracts';
import { batchHeaderProblems, batchTemplate, requestFromCsvRow, requiredBatchColumns } from '../batch.js';
import { fieldJsonSchema, operationId, requestJsonSchema, resultJsonSchema } from '../docs.js';
import { ESTAMP_ARTICLES, ESTAMP_BRANCHES, ESTAMP_NOTICE, estampArticles } from '../estamp.js';
import { isHiddenFromTrial, productByArn, products } from '../index.js';
import type { Field, Operation } from '../model.js';
import { productActions } from '../requests/actions.js';
import { exampleRequest } from '../requests/examples.js';
import { acceptedExtensions } from '../requests/fields.js';
import { parseProductRequest } from '../requests/schemas.js';
import { brokenRequest, SEED_MESSAGE_CASES } from '../testing/index.js';

const allFields = (fields: readonly Field[]): Field[] =>
  fields.flatMap((field) => [field, ...allFields(field.fields ?? []), ...allFields(field.items ? [field.items] : [])]);
const operations = products.flatMap((product) => product.operations.map((operation) => [product.arn, operation.action ?? '', operation] as const));

describe('every product definition', () => {
  it('defines all 67 catalogue products, each with at least one operation', () => {
    expect(products).toHaveLength(67);
    for (const product of products) expect(product.operations.length, product.arn).toBeGreaterThan(0);
  });

  it.each(operations)('%s %s: every field is labelled, described and has its messages', (_arn, _action, operation) => {
    for (const field of allFields(operation.fields)) {
      expect(field.label.trim(), field.name).not.toBe('');
      expect(field.description.trim(), field.name).not.toBe('');
      expect(field.message.trim(), field.name).not.toBe('');
      expect(field.requiredMessage.trim(), field.name).not.toBe('');
      for (const rule of field.rules) expect(rule.message.trim(), field.name).not.toBe('');
      if (field.type === 'enum') expect(field.options!.length > 0 || field.optionsBy !== undefined, field.name).toBe(true);
      if (field.type === 'file') expect(acceptedExtensions(field).length, field.name).toBeGreaterThan(0);
      if (field.type === 'date') expect(field.form.control, field.name).toBe('date-parts');
    }
    expect(new Set(operation.fields.map((field) => field.name)).size).toBe(operation.fields.length);
  });

  it.each(operations)('%s %s: conditions and selectors name fields of the call', (_arn, _action, operation) => {
    const names = new Set(['consent_text', ...operation.fields.map((field) => field.name)]);
    for (const field of operation.fields) {
      if (field.when) expect(names.has(field.when.field), `${field.name} when`).toBe(true);
      if (typeof field.required === 'object') expect(names.has(field.required.field), `${field.name} required`).toBe(true);
    }
    for (const selector of operation.selectors) expect(names.has(selector.field.split('.')[0]!), selector.field).toBe(true);
    if (operation.session !== 'continues') expect(operation.selectors.length, 'a first step has a magic selector').toBeGreaterThan(0);
  });

  it.each(operations)('%s %s: its example request is valid as it stands', (arn, _action, operation) => {
    const parsed = parseProductRequest(productByArn(arn)!, exampleRequest(productByArn(arn)!, operation));
    expect(parsed.ok ? 'valid' : parsed.error).toBe('valid');
  });

  it.each(operations)('%s %s: docs get a JSON schema of the request and of the result', (arn, _action, operation: Operation) => {
    const request = requestJsonSchema(operation);
    expect(Object.keys((request.properties as { data: { properties: object } }).data.properties)).toEqual(
      expect.arrayContaining([...operation.fields.filter((field) => field.in !== 'body').map((field) => field.name), 'consent', 'consent_text']),
    );
    expect(Object.keys(resultJsonSchema(operation.result).properties as object)).toEqual(Object.keys(operation.result));
    expect(operationId(productByArn(arn)!, operation)).toMatch(/^[a-z0-9-]+$/);
  });

  it('gives every call its own docs operation id', () => {
    const ids = products.flatMap((product) => product.operations.map((operation) => operationId(product, operation)));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('flows', () => {
  it('use the seed’s actions: email request-test → submit-test, mobile and OKYC request → verify, hosted pages init → fetch', () => {
    const actions = (arn: string) => productActions(productByArn(arn)!);
    expect(actions('in_contact_email_otp')).toEqual(['request-test', 'submit-test']);
    expect(actions('in_contact_mobile_otp')).toEqual(['request', 'verify']);
    expect(actions('in_identity_okyc_otp')).toEqual(['request', 'verify']);
    for (const arn of ['in_face_liveness_lite', 'in_contract_esign_aadhaar', 'in_identity_digilocker_lite', 'in_ocr_card_sdk', 'in_identity_student_sdk'])
      expect(actions(arn), arn).toEqual(['init', 'fetch']);
    const multiStep = products.filter((product) => product.operations.length > 1);
    expect(multiStep.map((product) => product.arn).sort()).toHaveLength(8);
    for (const product of multiStep) {
      expect(product.flow, product.arn).toBeDefined();
      expect(product.operations.map((operation) => operation.session)).toEqual(['opens', 'continues']);
      expect(product.operations[0]!.requestIdAt, product.arn).toBeDefined();
      expect(product.operations[1]!.fields.map((field) => field.name)).toContain('request_id');
    }
    for (const product of products.filter((item) => item.operations.length === 1)) expect(productActions(product)).toEqual([]);
  });

  it('tell the form where to read the next step’s id and the page to open', () => {
    const first = (arn: string) => productByArn(arn)!.operations[0]!;
    expect(first('in_contact_mobile_otp').requestIdAt).toBe('request_id');
    expect(first('in_face_liveness_lite')).toMatchObject({ requestIdAt: 'result.request_id', openUrlAt: 'result.sdk_url' });
    expect(first('in_contract_esign_aadhaar')).toMatchObject({ requestIdAt: 'result.requests.0.request_id', openUrlAt: 'result.requests.0.signing_url' });
    expect(productByArn('in_contact_email_otp')!.flow).toMatchObject({ resendLockSeconds: 60, otpSentFlag: 'is_otp_sent' });
    expect(productByArn('in_contact_mobile_otp')!.flow).toMatchObject({ resendLockSeconds: 30, otpSentFlag: 'otp_sent' });
  });
});

describe('trial form hints', () => {
  const field = (arn: string, name: string, action?: string) =>
    productByArn(arn)!
      .operations.find((operation) => operation.action === action)!
      .fields.find((item) => item.name === name)!;

  it('reveal the name to match with the name-match toggle on voter, bank and PAN forms', () => {
    for (const arn of ['in_identity_voter_lite', 'in_financial_bank_lite', 'in_financial_bank_advance', 'in_identity_pan_lite']) {
      expect(field(arn, 'name_to_match').form.shownWhen, arn).toEqual({ toggle: 'nameMatch' });
      expect(
        productByArn(arn)!.form.toggles.map((toggle) => toggle.id),
        arn,
      ).toEqual(['nameMatch']);
    }
    expect(productByArn('in_face_liveness_lite')!.form.toggles.map((toggle) => toggle.id)).toEqual(['faceMatch']);
  });

  it('switch CKYC between PAN and AADHAAR, clearing the fields, with dates as DD-MMM-YYYY parts', () => {
    for (const arn of ['in_identity_ckyc_lite', 'in_identity_ckyc_advance']) {
      expect(field(arn, 'document_type').form).toMatchObject({ control: 'switch', clearsOthers: true });
      expect(field(arn, 'document_type').options!.map((option) => option.value)).toEqual(['PAN', 'AADHAAR']);
      expect(field(arn, 'customer_aadhaar_number').when).toEqual({ field: 'document_type', equals: ['AADHAAR'] });
      expect(field(arn, 'customer_dob').date!.format).toBe('DD-MMM-YYYY');
    }
    expect(field('in_identity_ckyc_lite', 'customer_gender').when).toBeDefined();
    expect(field('in_identity_ckyc_advance', 'customer_gender').when).toBeUndefined();
  });

  it('order the RC advanced checks as the seed lists them, with 3 s errors and the starred consent', () => {
    const rc = productByArn('in_vehicle_rc_advance')!;
    const messages = rc.operations[0]!.fields.slice(1).map((item) => item.requiredMessage);
    expect(messages).toEqual([
      '*Maker description cannot be empty',
      '*Vehicle model cannot be empty',
      '*Vehicle capacity cannot be empty',
      '*Fuel description cannot be empty',
      '*Seating capacity cannot be empty',
      '*Insurance comp. cannot be empty',
      '*Vehicle weight cannot be empty',
      '*Vehicle class cannot be empty',
      '*Vehicle RC permit cannot be empty',
      '*Permit issued date cannot be empty',
      '*Permit start date cannot be empty',
      '*Permit expiry date cannot be empty',
      '*Vehicle permit type cannot be empty',
      '*Vehicle body type cannot be empty',
      '*Manufacturing date cannot be empty',
    ]);
    expect(rc.form).toMatchObject({ ordered: true, consentMessage: '*Please provide consent!' });
    expect(field('in_vehicle_rc_advance', 'vehicle_rc_permit_issued').form.years).toEqual({ from: 1950, to: 'current' });
  });

  it('state the PAN rule under every PAN field: the fourth letter names the holder type', () => {
    for (const [arn, name] of [
      ['in_identity_pan_lite', 'customer_pan_number'],
      ['in_identity_pan_advance', 'customer_pan_number'],
    ] as const) {
      expect(field(arn, name).form.hint).toMatch(/fourth letter names the holder type: P person, C company/);
    }
  });

  it('ESIC stops silently', () => {
    expect(products.filter((product) => product.form.silentFailure).map((product) => product.arn)).toEqual([
      'in_employment_esic_lite',
      'in_employment_esic_advance',
    ]);
  });

  it('load e-stamp articles after a branch, with the dummy-stamp notice', () => {
    const estamp = productByArn('in_contract_estamp_lite')!;
    expect(estamp.form.notice).toBe('A dummy Estamp is generated for testing purpose. The dummy Estamp generated on trail center is NOT legally valid');
    expect(field('in_contract_estamp_lite', 'articleId').form).toMatchObject({
      optionsFrom: 'estamp-articles',
      dependsOn: { field: 'stateCode', message: 'Please select branch name first' },
    });
    expect(field('in_contract_estamp_lite', 'stateCode').form.optionsFrom).toBe('estamp-branches');
    for (const branch of ESTAMP_BRANCHES) expect(estampArticles(branch.branch_code.toLowerCase())!.length, branch.name).toBeGreaterThan(0);
    const ids = Object.values(ESTAMP_ARTICLES).flatMap((articles) => articles.map((article) => article.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(estampArticles('ZZ')).toBeUndefined();
    expect(ESTAMP_NOTICE).toBe(estamp.form.notice);
  });

  it('offer file inputs with the seed’s accepted types', () => {
    expect(acceptedExtensions(field('in_ocr_card_lite', 'card_front_image'))).toEqual(['png', 'jpeg', 'jpg', 'pdf']);
    expect(acceptedExtensions(field('in_ocr_cheque_lite', 'cheque_image'))).toEqual(['png', 'jpeg', 'jpg']);
    expect(acceptedExtensions(field('in_ocr_document_processor', 'document_file')).sort()).toEqual(['jpeg', 'jpg', 'pdf', 'png', 'tif', 'tiff', 'webp']);
    expect(field('in_ocr_card_lite', 'card_type').options!.map((option) => option.value)).toContain('AADHAAR_MASKED');
  });

  it('build date-part selects from the reference lists', () => {
    const dob = field('in_identity_passport_lite', 'customer_dob');
    expect(dob.form.years).toEqual({ from: 1950, to: 'current' });
    expect(field('in_identity_passport_lite', 'expiry_date').form.years).toEqual({ from: 1950, to: 2050 });
    expect(YEARS).toContain(1950);
    expect(DAYS).toHaveLength(31);
    expect(MONTHS[0]).toBe('JAN');
  });
});

describe('batch', () => {
  it('is supported by single-step products with flat fields, with CSV columns in field order', () => {
    const supported = products.filter((product) => product.batch.supported);
    expect(supported.length).toBeGreaterThan(40);
    for (const product of products) {
      const flat = product.operations.length === 1 && product.operations[0]!.fields.every((item) => !['file', 'object', 'array'].includes(item.type));
      expect(product.batch.supported, product.arn).toBe(flat);
      if (flat) expect(product.batch.columns).toEqual(product.operations[0]!.fields.map((item) => item.name));
    }
    expect(productByArn('in_ocr_card_lite')!.batch.supported).toBe(false);
    expect(productByArn('in_contact_mobile_otp')!.batch.supported).toBe(false);
  });

  it('answers INSURANCE for RC advance, FINANCE for the reverse variant, NONE otherwise', () => {
    expect(productByArn('in_vehicle_rc_advance')!.batch.response_type).toBe('INSURANCE');
    expect(productByArn('in_vehicle_rc_reverse')!.batch.response_type).toBe('FINANCE');
    expect(products.filter((product) => product.batch.response_type !== 'NONE')).toHaveLength(2);
  });

  it.each(products.filter((product) => product.batch.supported).map((product) => [product.arn, product] as const))(
    '%s: its template row is a valid request',
    (_arn, product) => {
      const [header, row] = batchTemplate(product).trim().split('\n');
      expect(header!.split(',')).toEqual(product.batch.columns);
      const cells = row!.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
      const csvRow = Object.fromEntries(product.batch.columns.map((column, index) => [column, cells[index]]));
      const parsed = parseProductRequest(product, requestFromCsvRow(product, csvRow, 'Consent collected by the batch owner'), undefined, 'form');
      expect(parsed.ok ? 'valid' : parsed.error).toBe('valid');
    },
  );
});

describe('seed messages (seed 001 §5)', () => {
  it.each(SEED_MESSAGE_CASES.map((testCase) => [`${testCase.arn} ${testCase.path} → ${testCase.message}`, testCase] as const))('%s', (_name, testCase) => {
    const parsed = parseProductRequest(productByArn(testCase.arn)!, brokenRequest(testCase));
    expect(parsed).toEqual({ ok: false, code: testCase.code ?? 106, error: { field: testCase.path, message: testCase.message } });
  });

  it('cover every visible trial product but those whose only inputs are chosen from lists', () => {
    const covered = new Set(SEED_MESSAGE_CASES.map((testCase) => testCase.arn));
    const uncovered = products.filter((product) => !isHiddenFromTrial(product) && !covered.has(product.arn)).map((product) => product.arn);
    expect(uncovered.length).toBeLessThan(25);
    for (const arn of uncovered) {
      const product = productByArn(arn)!;
      const fields = product.operations.flatMap((operation) => allFields(operation.fields));
      expect(fields.length, arn).toBeGreaterThan(0);
    }
  });
});

describe('every field rule', () => {
  const cases = operations.flatMap(([arn, action, operation]) =>
    operation.fields.filter((field) => field.in !== 'body').map((field) => [`${arn} ${action} ${field.name}`, arn, operation, field] as const),
  );

  it.each(cases)('%s: missing, wrong-typed and over-long values get the field’s messages', (_name, arn, operation, field) => {
    const product = productByArn(arn)!;
    const example = exampleRequest(product, operation);
    const send = (value: unknown) => {
      const data = { ...example.data };
      if (value === undefined) delete data[field.name];
      else data[field.name] = value;
      return parseProductRequest(product, { ...example, data });
    };
    const path = `data.${field.name}`;
    if (field.required === true && !field.when)
      expect(send(undefined)).toMatchObject({ ok: false, code: 106, error: { field: path, message: field.requiredMessage } });
    const applies = !field.when || exampleRequest(product, operation).data[field.name] !== undefined;
    if (!applies) return;
    const wrongType = send({ not: 'a value' });
    expect(wrongType.ok, 'an object where a value belongs').toBe(false);
    if (!wrongType.ok && field.type !== 'object') expect(wrongType.error).toEqual({ field: path, message: field.message });
    const [first] = field.rules;
    if (first?.kind === 'length' && first.max !== undefined)
      expect(send('9'.repeat(first.max + 1))).toMatchObject({ ok: false, error: { field: path, message: first.message } });
  });
});

describe('docs schemas', () => {
  it('carry limits, patterns, enums and conditional requirements', () => {
    const pan = productByArn('in_identity_pan_lite')!.operations[0]!.fields[0]!;
    expect(fieldJsonSchema(pan)).toMatchObject({ type: 'string', maxLength: 10, pattern: '^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$', example: 'ABCPE1234F' });
    const dl = productByArn('in_identity_dl_lite')!.operations[0]!.fields[1]!;
    expect(fieldJsonSchema(dl).description).toContain('Required when customer_dl_number matches AP|TS');
    const esign = requestJsonSchema(productByArn('in_contract_esign_aadhaar')!.operations[0]!);
    expect(esign.required).toEqual(['action', 'mode', 'data']);
    expect(JSON.stringify(esign)).toContain('"signer_email"');
  });
});

describe('batch header', () => {
  const pan = productByArn('in_identity_pan_lite')!;
  it('needs the required columns, in any order, and refuses unknown and repeated ones', () => {
    expect(requiredBatchColumns(pan)).toContain('customer_pan_number');
    expect(batchHeaderProblems(pan, ['\uFEFFcustomer_pan_number'])).toEqual({ missing: [], unknown: [], duplicate: [] });
    expect(batchHeaderProblems(pan, ['name'])).toEqual({ missing: ['customer_pan_number'], unknown: ['name'], duplicate: [] });
    expect(batchHeaderProblems(pan, ['customer_pan_number', 'customer_pan_number']).duplicate).toEqual(['customer_pan_number']);
  });
  it('accepts every batch template header', () => {
    for (const product of products.filter((item) => item.batch.supported)) {
      const header = batchTemplate(product).split('\n')[0]!.split(',');
      expect(batchHeaderProblems(product, header), product.arn).toEqual({ missing: [], unknown: [], duplicate: [] });
    }
  });
});
