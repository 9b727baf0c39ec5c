import type { Condition, Field, Operation, ResultField, ResultShape } from './model.js';
import type { ProductDefinition } from './product.js';
import { EXAMPLE_CONSENT } from './requests/examples.js';
import { TASK_ID_MESSAGE, TASK_ID_PATTERN } from './requests/refusals.js';
import { conditionHolds } from './requests/schemas.js';

/**
 * OpenAPI pieces derived from a definition: an operation id per call, the docs anchor of a
 * product, and JSON Schemas (2020-12, as OpenAPI 3.1 uses) of the request body and of `result`,
 * with the fields' descriptions, examples, limits and patterns — the rules the gateway checks.
 */
export type JsonSchema = Record<string, unknown>;

/** What the body fields every product shares mean (the schemas' and the doc entries' descriptions). */
export const BODY_FIELDS = {
  action: { description: 'The step of the flow this call makes.' },
  mode: { description: "Always 'sync': the answer comes in the response." },
  task_id: {
    description: `Optional UUIDv4 of your own; the same task_id again within 15 minutes answers 107 Duplicate Transaction, and one that is not a UUIDv4 answers 106 '${TASK_ID_MESSAGE}'.`,
  },
  consent: { description: "'Y': the customer consented. Anything else answers 104 Missing or Invalid Consent.", example: EXAMPLE_CONSENT.consent },
  consent_text: { description: 'The consent wording the customer agreed to.', example: EXAMPLE_CONSENT.consent_text },
} as const;

/** The operation anchor: the arn without its region, plus the action of a flow's step. */
export const operationId = (product: ProductDefinition, operation: Operation): string =>
  operation.action ? `${product.docs.operation}-${operation.action}` : product.docs.operation;

/** Where /doc shows a product (seed 001 §2: /doc#tag/{tag}/operation/{operation}). */
export const docsLink = (product: Pick<ProductDefinition, 'docs'>): string => `/doc#tag/${product.docs.tag}/operation/${product.docs.operation}`;

/**
 * A pattern's source as JSON Schema reads it (no flags): a case-insensitive pattern gets both
 * cases in its letter ranges. A pattern this cannot translate is an error, not a looser schema.
 */
export function patternSource(pattern: RegExp): string {
  if (!pattern.flags.includes('i')) return pattern.source;
  const widened = pattern.source.replace(/([a-z])-([a-z])/g, (range, from: string, to: string) => `${range}${from.toUpperCase()}-${to.toUpperCase()}`);
  if (/(^|[^\\])[a-zA-Z](?![^[]*\])/.test(widened.replace(/\\[a-zA-Z]/g, ''))) throw new Error(`Cannot express /${pattern.source}/i without flags`);
  return widened;
}

const FORMAT_PATTERNS = { 'YYYY-MM-DD': '^\\d{4}-\\d{2}-\\d{2}$', 'DD-MMM-YYYY': '^\\d{2}-[A-Z]{3}-\\d{4}$', 'MM/YYYY': '^\\d{2}/\\d{4}$' } as const;

function limits(field: Field): JsonSchema {
  const schema: JsonSchema = {};
  for (const rule of field.rules) {
    if (rule.kind === 'length')
      Object.assign(schema, rule.min !== undefined ? { minLength: rule.min } : {}, rule.max !== undefined ? { maxLength: rule.max } : {});
    if (rule.kind === 'pattern') schema.pattern = patternSource(rule.pattern);
    if (rule.kind === 'range') Object.assign(schema, rule.min !== undefined ? { minimum: rule.min } : {}, rule.max !== undefined ? { maximum: rule.max } : {});
  }
  return schema;
}

/** The values a schema is narrowed to: a discriminating field's value ('report_id', 'document_type'). */
export type Chosen = Readonly<Record<string, string>>;

const describeCondition = (condition: Condition) =>
  `${condition.field} ${condition.matches ? `matches ${condition.matches.source}` : `is ${condition.equals?.join(' or ')}`}`;

/** Whether a condition is decided by the chosen values (true/false), or left to the request (undefined). */
const decided = (condition: Condition, chosen: Chosen): boolean | undefined => (condition.field in chosen ? conditionHolds(condition, chosen) : undefined);

/** A field's JSON Schema; conditions the chosen values do not decide are spelt out in its description. */
export function fieldJsonSchema(field: Field, chosen: Chosen = {}): JsonSchema {
  const conditional =
    typeof field.required === 'object' && decided(field.required, chosen) === undefined ? ` Required when ${describeCondition(field.required)}.` : '';
  const applies = field.when && decided(field.when, chosen) === undefined ? ` Only with ${describeCondition(field.when)}.` : '';
  const accepted = field.file ? ` Accepted: ${field.file.accept.join(', ')}, at most ${field.file.maxBytes} bytes.` : '';
  const common: JsonSchema = {
    title: field.label,
    description: `${field.description}${accepted}${conditional}${applies}`,
    ...(field.example !== undefined && field.type !== 'object' && field.type !== 'array' ? { example: field.example } : {}),
    ...(field.default !== undefined ? { default: field.default } : {}),
  };
  const value = chosen[field.name];
  if (value !== undefined) return { type: 'string', enum: [value], ...common, example: value };
  switch (field.type) {
    case 'string':
      return { type: 'string', ...limits(field), ...common };
    case 'number':
      return { type: field.number?.integer ? 'integer' : 'number', ...limits(field), ...common };
    case 'boolean':
      return { type: 'boolean', ...common };
    case 'enum':
      return { type: 'string', ...(field.optionsBy ? {} : { enum: field.options!.map((option) => option.value) }), ...common };
    case 'date':
      return { type: 'string', pattern: FORMAT_PATTERNS[field.date!.format], ...common };
    case 'file':
      return { type: 'string', contentEncoding: 'base64', ...common };
    case 'object':
      return { ...objectSchema(field.fields!, chosen), ...common };
    case 'array':
      return {
        type: 'array',
        items: fieldJsonSchema(field.items!, chosen),
        ...(field.minItems !== undefined ? { minItems: field.minItems } : {}),
        ...(field.maxItems !== undefined ? { maxItems: field.maxItems } : {}),
        ...common,
      };
  }
}

/** Text with something besides white space: a blank value of a required field is a missing one. */
const NOT_BLANK = '\\S';

/** A required field's schema: a text without a pattern of its own refuses a blank value too. */
function requiredFieldJsonSchema(field: Field, chosen: Chosen): JsonSchema {
  const schema = fieldJsonSchema(field, chosen);
  return schema.type === 'string' && schema.pattern === undefined && schema.enum === undefined ? { ...schema, pattern: NOT_BLANK } : schema;
}

/** A condition as a JSON Schema `if`: the other field present and holding the value. */
const conditionSchema = (condition: Condition): JsonSchema => ({
  properties: { [condition.field]: condition.matches ? { type: 'string', pattern: patternSource(condition.matches) } : { enum: condition.equals } },
  required: [condition.field],
});

function objectSchema(fields: readonly Field[], chosen: Chosen): JsonSchema {
  const applicable = fields.filter((field) => !field.when || decided(field.when, chosen) !== false);
  const required = applicable.filter((field) =>
    field.required === true
      ? !field.when || decided(field.when, chosen) === true
      : typeof field.required === 'object' && decided(field.required, chosen) === true,
  );
  const requiredWhen = applicable.filter((field) => typeof field.required === 'object' && decided(field.required, chosen) === undefined);
  return {
    type: 'object',
    properties: Object.fromEntries(
      applicable.map((field) => [field.name, required.includes(field) ? requiredFieldJsonSchema(field, chosen) : fieldJsonSchema(field, chosen)]),
    ),
    required: required.map((field) => field.name),
    ...(requiredWhen.length > 0
      ? {
          allOf: requiredWhen.map((field) => ({
            if: conditionSchema(field.required as Condition),
            then: { properties: { [field.name]: requiredFieldJsonSchema(field, chosen) }, required: [field.name] },
          })),
        }
      : {}),
  };
}

/**
 * The field whose value decides which other fields apply ('report_id' of merchant reports,
 * CKYC's 'document_type'): a request with it is documented as one variant per option.
 */
export function choiceField(operation: Operation): Field | undefined {
  const readFor = new Set(operation.fields.flatMap((field) => (field.when?.equals ? [field.when.field] : [])));
  return operation.fields.find((field) => field.type === 'enum' && field.options && !field.when && readFor.has(field.name));
}

/** The JSON Schema of a call's `data`: its fields (narrowed to `chosen`), consent, and an at-least-one rule. */
export function dataJsonSchema(operation: Operation, chosen: Chosen = {}): JsonSchema {
  const data = objectSchema(
    operation.fields.filter((field) => field.in !== 'body'),
    chosen,
  );
  return {
    ...data,
    properties: {
      ...(data.properties as object),
      consent: { type: 'string', enum: ['Y'], ...BODY_FIELDS.consent },
      consent_text: { type: 'string', minLength: 1, pattern: NOT_BLANK, ...BODY_FIELDS.consent_text },
    },
    required: [...(data.required as string[]), 'consent', 'consent_text'],
    ...(operation.atLeastOne ? { anyOf: operation.atLeastOne.fields.map((name) => ({ required: [name] })), description: operation.atLeastOne.message } : {}),
  };
}

/**
 * The JSON Schema of a call's body: mode, the action of a flow's step, body fields, task_id and
 * data — `dataSchema` when given (a reference to data variants), else the operation's data.
 */
export function requestJsonSchema(operation: Operation, chosen: Chosen = {}, dataSchema?: JsonSchema): JsonSchema {
  const bodyFields = objectSchema(
    operation.fields.filter((field) => field.in === 'body'),
    chosen,
  );
  return {
    type: 'object',
    required: [...(operation.action ? ['action'] : []), 'mode', ...(bodyFields.required as string[]), 'data'],
    properties: {
      ...(operation.action ? { action: { type: 'string', enum: [operation.action], ...BODY_FIELDS.action } } : {}),
      mode: { type: 'string', enum: ['sync'], ...BODY_FIELDS.mode },
      ...(bodyFields.properties as object),
      task_id: { type: 'string', format: 'uuid', pattern: TASK_ID_PATTERN.source, ...BODY_FIELDS.task_id },
      data: dataSchema ?? dataJsonSchema(operation, chosen),
    },
  };
}

function resultFieldSchema(field: ResultField): JsonSchema {
  const type = field.nullable ? [field.type, 'null'] : field.type;
  if (field.type === 'object') return { ...resultJsonSchema(field.fields!), type, description: field.description };
  if (field.type === 'array') return { type, description: field.description, items: resultFieldSchema(field.items!) };
  return { type, description: field.description };
}

/** The JSON Schema of `result` in a 100 answer: every documented field, and nothing undocumented. */
export function resultJsonSchema(shape: ResultShape): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, resultFieldSchema(field)])),
    required: Object.entries(shape)
      .filter(([, field]) => !field.optional)
      .map(([name]) => name),
    additionalProperties: false,
  };
}
