import { DOC_PLACEHOLDERS, type DocEntry, type DocHeader, type DocParam, type DocResponse } from '@verigate/contracts';
import type { Field, Operation } from '../model.js';
import { ENVELOPE_FIELDS } from '../requests/envelope.js';
import { exampleValue } from '../requests/examples.js';
import { BODY_FIELDS } from '../docs.js';
import { REFUSALS_IN_ORDER } from '../requests/refusals.js';
import { RESPONSE_CODES, type ResponseCode } from '../requests/response-codes.js';
import { type DocumentedProduct, documentedProducts, productPath, serverUrl } from './document.js';
import { EXAMPLE_IDS } from './examples.js';
import { curlSample } from './samples.js';

/**
 * GET /doc's entries (seed 001 §3 Doc entry): one per call of each product, from the same example
 * calls as the OpenAPI document. `appId` is the customer's test app, shown in the headers and the
 * cURL command instead of the placeholder; the key stays a placeholder.
 */
const HEADERS = (appId: string): DocHeader[] => [
  { name: 'app-id', example: appId, required: true, description: 'The App ID of the calling app.' },
  { name: 'api-key', example: DOC_PLACEHOLDERS.testKey, required: true, description: 'An enabled key of that app, of the environment called.' },
  { name: 'content-type', example: 'application/json', required: true, description: 'The body is JSON.' },
];

const isRequired = (field: Field) => field.required === true && !field.when;

/** A field and the fields inside it, named in dot notation as the API's errors name them. */
function paramsOf(field: Field, prefix: string): DocParam[] {
  const name = `${prefix}${field.name}`;
  const example = exampleValue(field);
  const own: DocParam = { name, ...(example !== undefined ? { example } : {}), required: isRequired(field), description: field.description };
  if (field.fields) return [own, ...field.fields.flatMap((inner) => paramsOf(inner, `${name}.`))];
  if (field.items?.fields) return [own, ...field.items.fields.flatMap((inner) => paramsOf(inner, `${name}.0.`))];
  return [own];
}

function params(operation: Operation): DocParam[] {
  const shared = (name: keyof typeof BODY_FIELDS, example: unknown, param: string = name): DocParam => ({
    name: param,
    example,
    required: name !== 'task_id',
    description: BODY_FIELDS[name].description,
  });
  return [
    ...(operation.action ? [shared('action', operation.action)] : []),
    shared('mode', 'sync'),
    ...operation.fields.filter((field) => field.in === 'body').flatMap((field) => paramsOf(field, '')),
    shared('task_id', EXAMPLE_IDS.taskId),
    ...operation.fields.filter((field) => field.in !== 'body').flatMap((field) => paramsOf(field, 'data.')),
    shared('consent', BODY_FIELDS.consent.example, 'data.consent'),
    shared('consent_text', BODY_FIELDS.consent_text.example, 'data.consent_text'),
  ];
}

const CODE_ORDER: readonly ResponseCode[] = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 99];

function responses(example: Record<string, unknown>): DocResponse[] {
  return [
    ...CODE_ORDER.map((code) => ({
      http_status: RESPONSE_CODES[code].httpStatus,
      response_code: code,
      response_message: RESPONSE_CODES[code].message,
      description: code === 100 ? `${ENVELOPE_FIELDS.result}` : `${RESPONSE_CODES[code].message}.`,
      ...(code === 100 ? { example } : {}),
    })),
    ...REFUSALS_IN_ORDER.map((refusal) => ({
      http_status: refusal.httpStatus,
      response_code: null,
      response_message: refusal.message,
      description: `When ${refusal.when}.`,
    })),
  ];
}

export function docEntries(
  baseUrl: string,
  testAppId: string = DOC_PLACEHOLDERS.testAppId,
  documented: readonly DocumentedProduct[] = documentedProducts(baseUrl),
): DocEntry[] {
  return documented.flatMap(({ product, calls }) =>
    product.operations.map((operation) => {
      const call = calls.find((candidate) => candidate.operation === operation)!;
      const curl = curlSample({ environment: 'test', url: `${serverUrl(baseUrl, 'test')}${productPath(product)}`, body: call.body, appId: testAppId });
      const [, , , type] = product.arn.split('_');
      return {
        arn: product.arn,
        name: product.name,
        description: operation.action ? `${product.short_description} Step ${operation.action}: ${operation.summary}` : product.short_description,
        type: type!,
        category: product.category,
        ...(operation.action ? { action: operation.action } : {}),
        curl,
        headers: HEADERS(testAppId),
        params: params(operation),
        responses: responses(call.answer as unknown as Record<string, unknown>),
      };
    }),
  );
}
