import type { Field, Operation, ResultField, ResultShape } from './model.js';
import type { ProductDefinition } from './product.js';
import { FIELD_MESSAGES } from './requests/fields.js';

/**
 * OpenAPI pieces derived from a definition: an operation id per call, and JSON Schemas of the
 * request body and of `result`, with the fields' descriptions, examples, limits and patterns.
 */
export type JsonSchema = Record<string, unknown>;

/** The operation anchor: the arn without its region, plus the action of a flow's step. */
export const operationId = (product: ProductDefinition, operation: Operation): string =>
  operation.action ? `${product.docs.operation}-${operation.action}` : product.docs.operation;

const FORMAT_PATTERNS = { 'YYYY-MM-DD': '^\\d{4}-\\d{2}-\\d{2}$', 'DD-MMM-YYYY': '^\\d{2}-[A-Z]{3}-\\d{4}$', 'MM/YYYY': '^\\d{2}/\\d{4}$' } as const;

function limits(field: Field): JsonSchema {
  const schema: JsonSchema = {};
  for (const rule of field.rules) {
    if (rule.kind === 'length')
      Object.assign(schema, rule.min !== undefined ? { minLength: rule.min } : {}, rule.max !== undefined ? { maxLength: rule.max } : {});
    if (rule.kind === 'pattern') schema.pattern = rule.pattern.source;
    if (rule.kind === 'range') Object.assign(schema, rule.min !== undefined ? { minimum: rule.min } : {}, rule.max !== undefined ? { maximum: rule.max } : {});
  }
  return schema;
}

const objectSchema = (fields: readonly Field[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(fields.map((field) => [field.name, fieldJsonSchema(field)])),
  required: fields.filter((field) => field.required === true && !field.when).map((field) => field.name),
});

/** A field's JSON Schema; conditional requirements are spelt out in its description. */
export function fieldJsonSchema(field: Field): JsonSchema {
  const conditional =
    typeof field.required === 'object'
      ? ` Required when ${field.required.field} ${field.required.matches ? `matches ${field.required.matches.source}` : `is ${field.required.equals?.join(' or ')}`}.`
      : '';
  const applies = field.when
    ? ` Only with ${field.when.field} ${field.when.equals ? field.when.equals.join(' or ') : `matching ${field.when.matches?.source}`}.`
    : '';
  const common: JsonSchema = {
    title: field.label,
    description: `${field.description}${conditional}${applies}`,
    ...(field.example !== undefined && field.type !== 'object' && field.type !== 'array' ? { example: field.example } : {}),
    ...(field.default !== undefined ? { default: field.default } : {}),
  };
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
      return { type: 'string', format: 'byte', contentMediaType: field.file!.accept.join(' | '), ...common };
    case 'object':
      return { ...objectSchema(field.fields!), ...common };
    case 'array':
      return {
        type: 'array',
        items: fieldJsonSchema(field.items!),
        minItems: field.minItems,
        ...(field.maxItems !== undefined ? { maxItems: field.maxItems } : {}),
        ...common,
      };
  }
}

/** The JSON Schema of a call's body: mode, the action of a flow's step, body fields, data with consent. */
export function requestJsonSchema(operation: Operation): JsonSchema {
  const dataFields = operation.fields.filter((field) => field.in !== 'body');
  const data = objectSchema(dataFields);
  return {
    type: 'object',
    required: ['mode', 'data', ...(operation.action ? ['action'] : [])],
    properties: {
      mode: { type: 'string', enum: ['sync'], description: FIELD_MESSAGES.mode },
      ...(operation.action ? { action: { type: 'string', enum: [operation.action] } } : {}),
      ...Object.fromEntries(operation.fields.filter((field) => field.in === 'body').map((field) => [field.name, fieldJsonSchema(field)])),
      task_id: {
        type: 'string',
        format: 'uuid',
        description: 'Optional UUIDv4 of your own; the same task_id within 15 minutes answers 107 Duplicate Transaction.',
      },
      data: {
        ...data,
        properties: {
          ...(data.properties as object),
          consent: { type: 'string', enum: ['Y'], description: "'Y': the customer consented. Anything else answers 104." },
          consent_text: { type: 'string', description: 'The consent wording the customer agreed to.' },
        },
        required: [...(data.required as string[]), 'consent', 'consent_text'],
      },
    },
  };
}

function resultFieldSchema(field: ResultField): JsonSchema {
  const type = field.nullable ? [field.type, 'null'] : field.type;
  if (field.type === 'object') return { type, description: field.description, ...resultJsonSchema(field.fields!) };
  if (field.type === 'array') return { type, description: field.description, items: resultFieldSchema(field.items!) };
  return { type, description: field.description };
}

/** The JSON Schema of `result` in a 100 answer. */
export function resultJsonSchema(shape: ResultShape): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, resultFieldSchema(field)])),
    required: Object.entries(shape)
      .filter(([, field]) => !field.optional)
      .map(([name]) => name),
  };
}
