import { CATEGORIES, type ProductDefinition } from '../product.js';
import { products } from '../products.js';
import { choiceField, dataJsonSchema, type JsonSchema, operationId, requestJsonSchema, resultJsonSchema } from '../docs.js';
import type { Operation } from '../model.js';
import { ENVELOPE_FIELDS, providerEnvelope } from '../requests/envelope.js';
import { BANK_REASON_CODES, BANK_REASON_NAMES } from '../requests/magic.js';
import { REFUSALS_IN_ORDER, type Refusal } from '../requests/refusals.js';
import { RESPONSE_CODES, type ResponseCode } from '../requests/response-codes.js';
import { describeSelector } from '../sandbox/magic-table.js';
import { SANDBOX_OTP } from '../sandbox/index.js';
import { EXAMPLE_IDS, exampleCalls, type ExampleCall } from './examples.js';
import { guide } from './guide.js';
import { type CodeSample, curlCodeSample, type Environment, languageSamples } from './samples.js';

/**
 * The OpenAPI 3.1 document of the provider API, generated from the catalog: one operation per
 * product path (a multi-step product's steps merged into one, as variants chosen by `action`),
 * tagged by category, with request and result schemas from the definitions, the sandbox's own
 * answers as examples, code samples, both environments as servers and both error tables.
 */
export const API_VERSION = 'v1';

export const serverUrl = (baseUrl: string, environment: Environment): string => `${baseUrl}/${environment}/api/${API_VERSION}`;

/** The product's path under a server: its arn split on '_'. */
export const productPath = (product: Pick<ProductDefinition, 'arn'>): string => `/${product.arn.split('_').join('/')}`;

const pascal = (text: string): string =>
  text
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join('');

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Where the answers of one HTTP status come from: its codes, and its refusals without a code. */
interface StatusGroup {
  status: number;
  codes: ResponseCode[];
  refusals: Refusal[];
}

const SUCCESS_CODES: readonly ResponseCode[] = [100, 101, 102, 103];

function errorGroups(): StatusGroup[] {
  const groups = new Map<number, StatusGroup>();
  const group = (status: number) => groups.get(status) ?? groups.set(status, { status, codes: [], refusals: [] }).get(status)!;
  for (const [code, { httpStatus }] of Object.entries(RESPONSE_CODES)) {
    if (!SUCCESS_CODES.includes(Number(code) as ResponseCode)) group(httpStatus).codes.push(Number(code) as ResponseCode);
  }
  for (const refusal of REFUSALS_IN_ORDER) group(refusal.httpStatus).refusals.push(refusal);
  return [...groups.values()].sort((a, b) => a.status - b.status);
}

const FIELD_ERROR: JsonSchema = {
  type: 'object',
  description: 'The first broken rule of the request.',
  properties: {
    field: { type: 'string', description: "Where, in dot notation: 'data.customer_pan_number', 'task_id', 'body'." },
    message: { type: 'string', description: "The rule's message, as the trial form words it." },
  },
  required: ['field', 'message'],
  additionalProperties: false,
};

/** The envelope's schema with the codes an answer may carry and its `result`. */
function envelopeSchema(codes: readonly (ResponseCode | null)[], result: JsonSchema | undefined, resultRequired = false): JsonSchema {
  return {
    type: 'object',
    properties: {
      request_id: { type: 'string', format: 'uuid', description: ENVELOPE_FIELDS.request_id },
      group_id: { type: 'string', format: 'uuid', description: ENVELOPE_FIELDS.group_id },
      task_id: { type: 'string', format: 'uuid', description: ENVELOPE_FIELDS.task_id },
      success: { type: 'boolean', description: ENVELOPE_FIELDS.success },
      response_code: { enum: codes, description: ENVELOPE_FIELDS.response_code },
      response_message: { type: 'string', description: ENVELOPE_FIELDS.response_message },
      metadata: {
        type: 'object',
        properties: { billable: { type: 'string', enum: ['Y', 'N'], description: ENVELOPE_FIELDS['metadata.billable'] } },
        required: ['billable'],
        additionalProperties: false,
      },
      ...(result ? { result } : {}),
    },
    required: ['request_id', 'group_id', 'task_id', 'success', 'response_code', 'response_message', 'metadata', ...(resultRequired ? ['result'] : [])],
    additionalProperties: false,
  };
}

const statusName = (status: number) => `Status${status}`;

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers, structured fields) every answer
 * to a call naming an existing app carries; a 429 adds Retry-After.
 */
const RATE_LIMIT_HEADERS: Record<string, JsonSchema> = {
  'RateLimit-Policy': {
    description:
      "The app's limit: `q` calls per window of `w` seconds, from the organisation's plan unless the provider set the organisation's own. On every answer whose `app-id` names an app (not on 'app not found' nor on an oversized body).",
    schema: { type: 'string', pattern: '^"app";q=[0-9]+;w=1$' },
    example: '"app";q=20;w=1',
  },
  RateLimit: {
    description:
      'What is left of the current window: `r` calls, for `t` more seconds. A call counts once its app, address and key are accepted; a refusal before that spends nothing and says what is left.',
    schema: { type: 'string', pattern: '^"app";r=[0-9]+;t=[0-9]+$' },
    example: '"app";r=12;t=1',
  },
  'Retry-After': {
    description: 'On a 429: seconds until the next window, when calls are accepted again.',
    schema: { type: 'integer', minimum: 1 },
    example: 1,
  },
};

const headerRefs = (status: number) =>
  Object.fromEntries(
    Object.keys(RATE_LIMIT_HEADERS)
      .filter((name) => name !== 'Retry-After' || status === 429)
      .map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );

function errorResponse({ status, codes, refusals }: StatusGroup): JsonSchema {
  const lines = [
    ...codes.map((code) => `- \`${code}\` ${RESPONSE_CODES[code].message}`),
    ...refusals.map((refusal) => `- \`${refusal.message}\` (no code): ${refusal.when}`),
  ];
  const result: JsonSchema | undefined = codes.length
    ? {
        type: 'object',
        description: 'For 104 and 106, the first broken rule; bank products also say their reason code.',
        properties: { errors: { type: 'array', items: ref('FieldError'), minItems: 1, maxItems: 1 } },
      }
    : undefined;
  const example = (code: ResponseCode | null, message: string) =>
    providerEnvelope(
      EXAMPLE_IDS,
      code,
      message,
      code === 106 ? { errors: [{ field: 'data.customer_pan_number', message: 'Please enter a valid Pan number' }] } : undefined,
    );
  return {
    description: lines.join('\n'),
    headers: headerRefs(status),
    content: {
      'application/json': {
        schema: envelopeSchema([...codes, ...(refusals.length ? [null] : [])], result),
        examples: Object.fromEntries([
          ...codes.map((code) => [`code${code}`, { summary: `${code} ${RESPONSE_CODES[code].message}`, value: example(code, RESPONSE_CODES[code].message) }]),
          ...refusals.map((refusal) => [pascal(refusal.message), { summary: refusal.message, value: example(null, refusal.message) }]),
        ]),
      },
    },
  };
}

/** Collects the component schemas while the paths are built. */
class Schemas {
  readonly all: Record<string, JsonSchema> = {};
  add(name: string, schema: JsonSchema) {
    if (this.all[name]) throw new Error(`Two schemas named ${name}`);
    this.all[name] = schema;
    return ref(name);
  }
}

function discriminated(property: string, variants: ReadonlyArray<[string, string]>): JsonSchema {
  return {
    oneOf: variants.map(([, name]) => ref(name)),
    discriminator: { propertyName: property, mapping: Object.fromEntries(variants.map(([value, name]) => [value, ref(name).$ref])) },
  };
}

/** One step's body: a schema, or one variant per option of its choice field (discriminated by it). */
function stepBody(product: ProductDefinition, operation: Operation, schemas: Schemas): JsonSchema {
  const base = pascal(operationId(product, operation));
  const title = operation.action ? `${operation.action}: ${operation.summary}` : operation.summary;
  const choice = choiceField(operation);
  if (!choice) return schemas.add(`${base}Body`, { title, ...requestJsonSchema(operation) });
  const variants = choice.options!.map((option) => [option.value, `${base}${pascal(option.value)}`, option.label] as const);
  if (choice.in === 'body') {
    if (product.operations.length > 1) throw new Error(`${product.arn}: a body-level choice in a multi-step product is not documented`);
    for (const [value, name, label] of variants) schemas.add(`${name}Body`, { title: label, ...requestJsonSchema(operation, { [choice.name]: value }) });
    return discriminated(
      choice.name,
      variants.map(([value, name]) => [value, `${name}Body`]),
    );
  }
  for (const [value, name, label] of variants) schemas.add(`${name}Data`, { title: label, ...dataJsonSchema(operation, { [choice.name]: value }) });
  const data = discriminated(
    choice.name,
    variants.map(([value, name]) => [value, `${name}Data`]),
  );
  return schemas.add(`${base}Body`, { title, ...requestJsonSchema(operation, {}, data) });
}

function requestSchema(product: ProductDefinition, schemas: Schemas): JsonSchema {
  const steps = product.operations.map((operation) => [operation.action, stepBody(product, operation, schemas)] as const);
  if (steps.length === 1) return steps[0]![1];
  return {
    oneOf: steps.map(([, schema]) => schema),
    discriminator: { propertyName: 'action', mapping: Object.fromEntries(steps.map(([action, schema]) => [action!, (schema as { $ref: string }).$ref])) },
  };
}

function successResponse(product: ProductDefinition, calls: readonly ExampleCall[], schemas: Schemas): JsonSchema {
  const results = product.operations.map((operation) =>
    schemas.add(`${pascal(operationId(product, operation))}Result`, {
      title: operation.action ? `${operation.action} result` : 'Result',
      ...resultJsonSchema(operation.result),
    }),
  );
  const record: JsonSchema = results.length === 1 ? results[0]! : { anyOf: results };
  const result: JsonSchema = {
    description: 'The record for 100 and 103 (fields the source did not return are null in a 103), two records for 102, none for 101.',
    anyOf: [
      ...results,
      {
        title: '102 Multiple Records Found',
        type: 'object',
        properties: { records: { type: 'array', items: record, minItems: 2 } },
        required: ['records'],
        additionalProperties: false,
      },
    ],
  };
  return {
    description: SUCCESS_CODES.map((code) => `- \`${code}\` ${RESPONSE_CODES[code].message}`).join('\n'),
    headers: headerRefs(200),
    content: {
      'application/json': {
        schema: envelopeSchema(SUCCESS_CODES, result),
        examples: Object.fromEntries(calls.map((call) => [call.key, { summary: call.title, value: call.answer }])),
      },
    },
  };
}

function describeOperation(product: ProductDefinition, calls: readonly ExampleCall[]): string {
  const parts = [product.short_description, product.additional_info];
  if (product.operations.length > 1) {
    parts.push(
      [
        'Steps, each a call to this path with its `action`:',
        '',
        ...product.operations.map(
          (operation, index) =>
            `${index + 1}. \`${operation.action}\`: ${operation.summary}${operation.requestIdAt ? ` Send the answer's \`${operation.requestIdAt}\` as \`data.request_id\` of the next step.` : ''}`,
        ),
      ].join('\n'),
    );
  }
  const sandbox = product.operations.map((operation) => {
    const call = operation.action ? `\`${operation.action}\`` : 'The call';
    if (operation.selectors.length === 0) return `${call} answers the hosted page's outcome (\`status: "PENDING"\` until the customer finishes there).`;
    const where = operation.selectors.map((selector) => describeSelector(operation, selector)).join('; or ');
    const otp = operation.fields.some((field) => field.name === 'otp') ? ` The OTP \`${SANDBOX_OTP}\` verifies.` : '';
    return `${call} reads its selector from ${where}.${otp}`;
  });
  parts.push(`**Test environment.** ${sandbox.join(' ')} A selector \`0101\` answers 101 No Record Found, and so on (see Test environment).`);
  if (product.bankReasons) {
    parts.push(
      [
        '**Reason codes.** `result.reason_code` says what the bank answered:',
        '',
        '| reason_code | meaning | response_code |',
        '| --- | --- | --- |',
        ...BANK_REASON_NAMES.map((reason) => `| ${reason} | ${BANK_REASON_CODES[reason].meaning} | ${BANK_REASON_CODES[reason].responseCode} |`),
      ].join('\n'),
    );
  }
  if (calls.length > product.operations.length) parts.push(`Examples: ${calls.map((call) => call.title).join('; ')}.`);
  return parts.join('\n\n');
}

function codeSamples(product: ProductDefinition, calls: readonly ExampleCall[], baseUrl: string): CodeSample[] {
  const url = (environment: Environment) => `${serverUrl(baseUrl, environment)}${productPath(product)}`;
  if (product.operations.length === 1) {
    const [call] = calls;
    const test = { environment: 'test' as const, url: url('test'), body: call!.body };
    return [curlCodeSample(test), curlCodeSample({ ...test, environment: 'live', url: url('live') }), ...languageSamples(test)];
  }
  return (['test', 'live'] as const).flatMap((environment) =>
    calls.map((call) => curlCodeSample({ environment, url: url(environment), body: call.body }, call.operation.action)),
  );
}

export interface DocumentedProduct {
  product: ProductDefinition;
  calls: ExampleCall[];
  samples: CodeSample[];
}

/** Every product with its example calls and code samples, as the document and the doc entries show them. */
export const documentedProducts = (baseUrl: string): DocumentedProduct[] =>
  products.map((product) => {
    const calls = exampleCalls(product, baseUrl);
    return { product, calls, samples: codeSamples(product, calls, baseUrl) };
  });

const SECURITY_SCHEMES = {
  appId: { type: 'apiKey', in: 'header', name: 'app-id', description: "The App ID of the calling app (the app's page in Apps)." },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'api-key',
    description: 'An enabled key of that app, of the environment called: `vgk_test_…` on test, `vgk_live_…` on live.',
  },
} as const;

/** The document; `documented` may be computed once and shared with the doc entries. */
export function openApiDocument(baseUrl: string, documented: readonly DocumentedProduct[] = documentedProducts(baseUrl)): JsonSchema {
  const schemas = new Schemas();
  schemas.add('FieldError', FIELD_ERROR);
  const paths = Object.fromEntries(
    documented.map(({ product, calls, samples }) => [
      productPath(product),
      {
        post: {
          operationId: product.docs.operation,
          summary: product.name,
          description: describeOperation(product, calls),
          tags: [product.docs.tag],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: requestSchema(product, schemas),
                examples: Object.fromEntries(calls.map((call) => [call.key, { summary: call.title, value: call.body }])),
              },
            },
          },
          responses: {
            '200': successResponse(product, calls, schemas),
            ...Object.fromEntries(errorGroups().map(({ status }) => [String(status), { $ref: `#/components/responses/${statusName(status)}` }])),
          },
          'x-codeSamples': samples,
        },
      },
    ]),
  );
  const categories = Object.values(CATEGORIES);
  return {
    openapi: '3.1.0',
    info: { title: 'Verigate provider API', version: API_VERSION, description: guide(baseUrl) },
    servers: [
      { url: serverUrl(baseUrl, 'test'), description: 'Test: the sandbox, one test credit per call' },
      { url: serverUrl(baseUrl, 'live'), description: 'Live: the verification sources, billed per plan' },
    ],
    security: [{ appId: [], apiKey: [] }],
    tags: categories.flatMap((category) => {
      const members = products.filter((product) => product.category === category);
      return members.length === 0
        ? []
        : [{ name: members[0]!.docs.tag, 'x-displayName': category, description: `${members.map((product) => product.name).join(', ')}.` }];
    }),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      headers: RATE_LIMIT_HEADERS,
      schemas: schemas.all,
      responses: Object.fromEntries(errorGroups().map((group) => [statusName(group.status), errorResponse(group)])),
    },
  };
}
