import { describe, expect, it } from 'vitest';
import { DOC_PLACEHOLDERS, docEntry, WEBHOOK_EVENT_DOCS, WEBHOOK_EVENT_TYPES } from '@verigate/contracts';
import { docsLink } from '../docs.js';
import { CATEGORIES, productByArn, products } from '../index.js';
import { BANK_REASON_NAMES } from '../requests/magic.js';
import { REFUSALS_IN_ORDER } from '../requests/refusals.js';
import { RESPONSE_CODES } from '../requests/response-codes.js';
import { parseProductRequest } from '../requests/schemas.js';
import { openApiValidator } from '../testing/openapi.js';
import { docEntries, documentedProducts, openApiDocument, productPath } from './index.js';

const BASE = 'https://portal.verigate.test';
const documented = documentedProducts(BASE);
const document = openApiDocument(BASE, documented) as Record<string, any>;
const validator = openApiValidator(document);
const operationOf = (arn: string) => document.paths[productPath(productByArn(arn)!)].post;
const LANGUAGES = ['Python', 'Java', 'JavaScript', 'C#', 'PHP', 'Go', 'R'];

describe('the OpenAPI document', () => {
  it('has one operation per product path, with the product’s docs anchor as its id and tag', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toHaveLength(products.length);
    for (const product of products) {
      const operation = operationOf(product.arn);
      expect(Object.keys(document.paths[productPath(product)])).toEqual(['post']);
      expect(operation).toMatchObject({ operationId: product.docs.operation, summary: product.name, tags: [product.docs.tag] });
      expect(docsLink(product)).toBe(`/doc#tag/${operation.tags[0]}/operation/${operation.operationId}`);
    }
  });

  it('has a tag per category, named by its anchor slug and shown by its name', () => {
    expect(document.tags.map((tag: { 'x-displayName': string }) => tag['x-displayName'])).toEqual(Object.values(CATEGORIES));
    for (const product of products)
      expect(document.tags.find((tag: { name: string }) => tag.name === product.docs.tag)['x-displayName']).toBe(product.category);
  });

  it('names both environments as servers and the two authentication headers as security schemes', () => {
    expect(document.servers.map((server: { url: string }) => server.url)).toEqual([`${BASE}/test/api/v1`, `${BASE}/live/api/v1`]);
    expect(document.components.securitySchemes).toMatchObject({
      appId: { type: 'apiKey', in: 'header', name: 'app-id' },
      apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
    });
    expect(document.security).toEqual([{ appId: [], apiKey: [] }]);
  });

  it('merges a multi-step product’s steps into one entry with a discriminator on action', () => {
    for (const product of products.filter((candidate) => candidate.operations.length > 1)) {
      const schema = operationOf(product.arn).requestBody.content['application/json'].schema;
      expect(schema.discriminator.propertyName).toBe('action');
      expect(Object.keys(schema.discriminator.mapping)).toEqual(product.operations.map((operation) => operation.action));
      expect(schema.oneOf).toHaveLength(product.operations.length);
    }
  });

  it('documents a report type or a search-by choice as variants discriminated by that field', () => {
    const report = operationOf('in_merchant_report_advance').requestBody.content['application/json'];
    expect(report.schema.discriminator).toMatchObject({ propertyName: 'report_id' });
    expect(Object.keys(report.schema.discriminator.mapping)).toEqual(['PAN_CIN', 'PAN_GST_CIN', 'PAN_GST', 'CIN_GST', 'GST_CIN']);
    const panGst = document.components.schemas.MerchantReportAdvancePanGstBody;
    expect(panGst.required).toEqual(['mode', 'report_id', 'data']);
    expect(panGst.properties.data.required).toEqual(['customer_pan_number', 'business_gstin_number', 'consent', 'consent_text']);
    expect(Object.keys(report.examples)).toEqual(['PAN_CIN', 'PAN_GST_CIN', 'PAN_GST', 'CIN_GST', 'GST_CIN']);
    const ckyc = document.components.schemas.IdentityCkycLiteBody.properties.data;
    expect(ckyc.discriminator).toMatchObject({ propertyName: 'document_type' });
    expect(document.components.schemas.IdentityCkycLiteAadhaarData.required).toEqual(
      expect.arrayContaining(['customer_aadhaar_number', 'customer_name', 'customer_dob', 'customer_gender']),
    );
  });

  it('gives every call an example the API accepts and the request schema describes, answered 100 by the sandbox', () => {
    for (const { product, calls } of documented) {
      const examples = operationOf(product.arn).requestBody.content['application/json'].examples;
      for (const call of calls) {
        expect(examples[call.key].value).toEqual(call.body);
        expect(parseProductRequest(product, call.body).ok, `${product.arn} ${call.key}`).toBe(true);
        expect(validator.request(productPath(product), call.body), `${product.arn} ${call.key}`).toEqual([]);
        expect(call.answer).toMatchObject({ success: true, response_code: 100, response_message: RESPONSE_CODES[100].message });
        expect(validator.response(productPath(product), 200, call.answer), `${product.arn} ${call.key}`).toEqual([]);
      }
    }
  }, 30_000);

  it('refuses what the gateway refuses, and answers it does not give', () => {
    const pan = productByArn('in_identity_pan_lite')!;
    const body = documented.find((item) => item.product === pan)!.calls[0]!.body;
    expect(validator.request(productPath(pan), { ...body, data: { ...body.data, consent_text: undefined } })).not.toEqual([]);
    expect(validator.request(productPath(pan), { ...body, data: { ...body.data, customer_pan_number: 'ABCPE1234' } })).not.toEqual([]);
    const answer = documented.find((item) => item.product === pan)!.calls[0]!.answer;
    expect(validator.response(productPath(pan), 200, { ...answer, result: { ...answer.result, undocumented: 1 } })).not.toEqual([]);
    expect(validator.response(productPath(pan), 200, { ...answer, response_code: 106 })).not.toEqual([]);
    const refused = { ...answer, success: false, response_code: null, response_message: 'app not found', metadata: { billable: 'N' }, result: undefined };
    expect(validator.response(productPath(pan), 401, JSON.parse(JSON.stringify(refused)))).toEqual([]);
    expect(validator.response(productPath(pan), 401, { ...refused, response_code: 100 })).not.toEqual([]);
    const otp = productByArn('in_contact_mobile_otp')!;
    const verify = documented.find((item) => item.product === otp)!.calls[1]!.body;
    expect(validator.request(productPath(otp), verify)).toEqual([]);
    expect(validator.request(productPath(otp), { ...verify, action: 'init' })).not.toEqual([]);
  });

  it('documents every error answer: each code and refusal under its HTTP status', () => {
    const responses = operationOf('in_identity_pan_lite').responses;
    for (const [code, { httpStatus, message }] of Object.entries(RESPONSE_CODES)) {
      const status = String(httpStatus);
      const description: string = status === '200' ? responses[status].description : document.components.responses[`Status${status}`].description;
      expect(description, `code ${code}`).toContain(`\`${code}\` ${message}`);
    }
    for (const refusal of REFUSALS_IN_ORDER) {
      const response = document.components.responses[`Status${refusal.httpStatus}`];
      expect(response.description).toContain(refusal.message);
      expect(responses[String(refusal.httpStatus)]).toEqual({ $ref: `#/components/responses/Status${refusal.httpStatus}` });
    }
  });

  it('documents 429 and the RateLimit fields on every answer of every operation, Retry-After on the 429', () => {
    const { headers, responses } = document.components;
    expect(Object.keys(headers)).toEqual(['RateLimit-Policy', 'RateLimit', 'Retry-After']);
    expect(responses.Status429.description).toContain('rate limit exceeded');
    const headersOf = (response: { $ref?: string; headers?: Record<string, unknown> }) =>
      Object.keys((response.$ref ? responses[response.$ref.split('/').at(-1)!] : response).headers ?? {});
    for (const product of products) {
      const operation = operationOf(product.arn);
      expect(operation.responses['429'], product.arn).toEqual({ $ref: '#/components/responses/Status429' });
      for (const [status, response] of Object.entries(operation.responses as Record<string, { $ref?: string }>))
        expect(headersOf(response), `${product.arn} ${status}`).toEqual(
          status === '429' ? ['RateLimit-Policy', 'RateLimit', 'Retry-After'] : ['RateLimit-Policy', 'RateLimit'],
        );
    }
    expect(document.info.description.split('\n')).toContain('# Rate limits');
  });

  it('documents every webhook event with its data fields, and how to verify a signature in Node and Python', () => {
    const guide: string = document.info.description;
    for (const heading of ['# Webhooks', '## Signature', '## Delivery and retries']) expect(guide.split('\n')).toContain(heading);
    for (const type of WEBHOOK_EVENT_TYPES) expect(guide).toContain(`| \`${type}\` | ${WEBHOOK_EVENT_DOCS[type].when} |`);
    expect(guide).toContain("import { Webhook } from 'standardwebhooks';");
    expect(guide).toContain('from standardwebhooks.webhooks import Webhook');
  });

  it('has the introduction of seed 001 §2 with both error tables, bank reason codes and response fields', () => {
    const guide: string = document.info.description;
    for (const heading of [
      '# Introduction',
      '# Product subscription',
      '# App key management',
      '# Base URLs',
      '# Authentication headers',
      '# Response fields',
      '# Error tables',
      '## Authentication errors',
      '## Status codes',
      '## Bank reason codes',
    ])
      expect(guide.split('\n')).toContain(heading);
    expect(guide).toContain('enter the OTP sent to the admin email');
    expect(guide).toContain(`${BASE}/test/api/v1`);
    for (const refusal of REFUSALS_IN_ORDER) expect(guide).toContain(`| ${refusal.httpStatus} | ${refusal.message} |`);
    for (const [code, { httpStatus, message }] of Object.entries(RESPONSE_CODES)) expect(guide).toContain(`| ${code} | ${httpStatus} | ${message} |`);
    for (const reason of BANK_REASON_NAMES) expect(guide).toContain(`| ${reason} |`);
    for (const field of ['request_id', 'group_id', 'task_id', 'success', 'response_code', 'response_message', 'metadata.billable', 'result'])
      expect(guide).toContain(`| \`${field}\` |`);
  });

  it('describes every result field of every step', () => {
    for (const product of products) {
      const result = operationOf(product.arn).responses['200'].content['application/json'].schema.properties.result;
      const steps = result.anyOf.filter((schema: { $ref?: string }) => schema.$ref);
      expect(steps).toHaveLength(product.operations.length);
      product.operations.forEach((operation, index) => {
        const schema = document.components.schemas[steps[index].$ref.split('/').pop()];
        for (const [name, field] of Object.entries(operation.result))
          expect(schema.properties[name].description, `${product.arn} ${name}`).toBe(field.description);
      });
    }
  });
});

describe('code samples', () => {
  it('give single-operation paths cURL for test and live and the seven other languages', () => {
    for (const product of products.filter((candidate) => candidate.operations.length === 1)) {
      const samples = operationOf(product.arn)['x-codeSamples'];
      expect(samples.map((sample: { label: string }) => sample.label)).toEqual(['cURL (test)', 'cURL (live)', ...LANGUAGES]);
      for (const sample of samples.slice(2)) expect(sample.source, `${product.arn} ${sample.lang}`).toContain(`${BASE}/test/api/v1${productPath(product)}`);
    }
  });

  it('give multi-step paths cURL for each step in test and live', () => {
    for (const product of products.filter((candidate) => candidate.operations.length > 1)) {
      const labels = operationOf(product.arn)['x-codeSamples'].map((sample: { label: string }) => sample.label);
      expect(labels).toEqual(['test', 'live'].flatMap((environment) => product.operations.map((operation) => `cURL (${environment} · ${operation.action})`)));
    }
  });

  it('show the app id and key placeholders of their environment, and never a key', () => {
    for (const product of products)
      for (const sample of operationOf(product.arn)['x-codeSamples']) {
        const live = sample.label.includes('live');
        expect(sample.source).toContain(live ? DOC_PLACEHOLDERS.liveAppId : DOC_PLACEHOLDERS.testAppId);
        expect(sample.source).toContain(live ? DOC_PLACEHOLDERS.liveKey : DOC_PLACEHOLDERS.testKey);
        expect(sample.source).not.toMatch(/vgk_(test|live)_[0-9A-Za-z]{32}/);
      }
  });

  it('send the documented example body', () => {
    const pan = operationOf('in_identity_pan_lite');
    const body = pan.requestBody.content['application/json'].examples.default.value;
    const python = pan['x-codeSamples'].find((sample: { lang: string }) => sample.lang === 'Python').source as string;
    expect(python).toContain(`"customer_pan_number": "${body.data.customer_pan_number}"`);
    expect(python).toContain('requests.post(url, json=payload, headers=headers)');
  });
});

describe('the doc entries of GET /doc', () => {
  const appId = '3b2a1c0d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const entries = docEntries(BASE, appId, documented);

  it('have one entry per call of every product, in the contract’s shape', () => {
    expect(entries).toHaveLength(products.reduce((sum, product) => sum + product.operations.length, 0));
    for (const entry of entries) expect(docEntry.safeParse(JSON.parse(JSON.stringify(entry))).success, entry.arn).toBe(true);
    expect(entries.filter((entry) => entry.arn === 'in_contact_mobile_otp').map((entry) => entry.action)).toEqual(['request', 'verify']);
  });

  it('show the customer’s app id in the headers and the cURL command, with the key as a placeholder', () => {
    for (const entry of entries) {
      expect(entry.headers.find((header) => header.name === 'app-id')!.example).toBe(appId);
      expect(entry.curl).toContain(`app-id: ${appId}`);
      expect(entry.curl).toContain(DOC_PLACEHOLDERS.testKey);
    }
  });

  it('name the params in dot notation with their example and whether they are required', () => {
    const pan = entries.find((entry) => entry.arn === 'in_identity_pan_lite')!;
    expect(pan).toMatchObject({ name: 'PAN Lite', type: 'lite', category: 'Identity Verification' });
    expect(pan.params.find((param) => param.name === 'data.customer_pan_number')).toMatchObject({ example: 'ABCPE1234F', required: true });
    expect(pan.params.find((param) => param.name === 'data.name_to_match')).toMatchObject({ required: false });
    const esign = entries.find((entry) => entry.arn === 'in_contract_esign_aadhaar' && entry.action === 'init')!;
    expect(esign.params.map((param) => param.name)).toEqual(expect.arrayContaining(['data.document.data', 'data.signers.0.signer_email']));
    const report = entries.find((entry) => entry.arn === 'in_merchant_report_advance')!;
    expect(report.params.find((param) => param.name === 'report_id')).toMatchObject({ required: true });
  });

  it('list every response with its HTTP status, the 100 with the sandbox’s answer', () => {
    const pan = entries.find((entry) => entry.arn === 'in_identity_pan_lite')!;
    expect(pan.responses.map((response) => [response.response_code, response.http_status])).toEqual(
      expect.arrayContaining([
        [100, 200],
        [106, 400],
        [109, 504],
        [99, 500],
        [null, 401],
      ]),
    );
    expect(pan.responses[0]!.example).toMatchObject({ response_code: 100, result: { pan_number: 'ABCPE1234F' } });
  });
});
