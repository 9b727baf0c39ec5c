import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, or, sql } from 'drizzle-orm';
import { products } from '@verigate/catalog';
import { openApiValidator, type OpenApiValidator } from '@verigate/catalog/testing';
import { transactions } from '../db/schema.js';
import { ADMIN_TOKEN, creditsOf, everyProductCustomer, pathOf, type Customer, type ProviderReply } from '../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';

/**
 * The published OpenAPI document and the gateway agree on what they refuse: for every product,
 * requests are derived from the document alone (its request schemas and examples, read from
 * /openapi.json) so that each breaks one rule of its schema — a required property left out, a
 * value of another JSON type, null, a text too long or too short or off its pattern, a value
 * off its enum or range, a body that is not JSON or not sent as application/json — plus random
 * text that misses a pattern (fast-check). None is answered 2xx or 5xx, none spends a test
 * credit or is recorded billable, and every answer is one the document lists for its status,
 * naming the broken field.
 */
type Json = Record<string, any>;

let server: TestServer;
let customer: Customer;
let document: Json;
let validator: OpenApiValidator;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN });
  customer = await everyProductCustomer(server, ALLOWLISTED[0]!);
  document = (await server.request('GET', '/openapi.json')).body;
  validator = openApiValidator(document);
}, 120_000);
afterAll(() => server.close());

/** A schema with its `$ref`s followed and, where a discriminator chooses, the branch `value` takes. */
function resolve(schema: Json, value: unknown): Json {
  let current = schema;
  for (;;) {
    if (typeof current.$ref === 'string') {
      current = (current.$ref as string)
        .slice(2)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce((node: Json, part) => node[part], document);
    } else if (current.oneOf && current.discriminator) {
      const chosen = (value as Json | null)?.[current.discriminator.propertyName];
      const target = current.discriminator.mapping[chosen];
      if (!target) throw new Error(`no branch of ${current.discriminator.propertyName} for ${String(chosen)}`);
      current = { $ref: target };
    } else return current;
  }
}

/** One request that breaks the document: the body (or raw text and content type) and the field it breaks. */
interface Broken {
  what: string;
  /** The field the answer must name, in the gateway's dot notation. */
  field: string;
  body?: unknown;
  raw?: { text: string; contentType: string | undefined };
}

const clone = <T>(value: T): T => structuredClone(value);

/** `body` with the value at `path` replaced (undefined: left out). */
function withValue(body: Json, path: string[], value: unknown): Json {
  const copy = clone(body);
  const parent = path.slice(0, -1).reduce((node: Json, key) => node[key], copy);
  const last = path.at(-1)!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

/** Values of another kind than `schema` allows, with what each breaks. */
function wrongValues(schema: Json, example: unknown): Array<[string, unknown]> {
  const values: Array<[string, unknown]> = [['null', null]];
  const type = schema.type ?? (schema.enum ? 'string' : undefined);
  if (type === 'string') {
    values.push(['a number', 12345], ['a boolean', true], ['blank', '']);
    if (schema.maxLength !== undefined) values.push(['over maxLength', '7'.repeat(schema.maxLength + 1)]);
    if (schema.minLength > 1) values.push(['under minLength', 'A'.repeat(schema.minLength - 1)]);
    if (typeof example === 'string') {
      values.push(['lower case', example.toLowerCase()], ['padded', ` ${example} `], ['cut short', example.slice(0, -1)]);
    }
    if (schema.enum) values.push(['off the enum', 'NOT-AN-OPTION']);
  }
  if (type === 'integer' || type === 'number') {
    values.push(['numeric text', String(example ?? 1)], ['a boolean', false]);
    if (type === 'integer') values.push(['a fraction', 1.5]);
    if (schema.minimum !== undefined) values.push(['under minimum', schema.minimum - 1]);
    if (schema.maximum !== undefined) values.push(['over maximum', schema.maximum + 1]);
  }
  if (type === 'boolean') values.push(['text', 'true'], ['a number', 1]);
  if (type === 'array') {
    values.push(['an object', {}], ['text', 'x']);
    if (schema.minItems > 0) values.push(['too few items', []]);
    if (schema.maxItems !== undefined && Array.isArray(example)) values.push(['too many items', Array.from({ length: schema.maxItems + 1 }, () => example[0])]);
  }
  if (type === 'object') values.push(['text', 'x'], ['an array', []]);
  return values;
}

/** Every one-rule break of the object at `path` of `body` (as `schema` describes it), nested objects and array items included. */
function breaks(body: Json, schema: Json, path: string[]): Broken[] {
  const object = resolve(
    schema,
    path.reduce((node: Json, key) => node?.[key], body),
  );
  const value: Json = path.reduce((node: Json, key) => node[key], body);
  const name = (key: string) => [...path, key].join('.');
  const found: Broken[] = [];
  for (const key of object.required ?? []) found.push({ what: `${name(key)} left out`, field: name(key), body: withValue(body, [...path, key], undefined) });
  if (object.additionalProperties === false)
    found.push({ what: `an undocumented property`, field: name('undocumented'), body: withValue(body, [...path, 'undocumented'], 'x') });
  for (const [key, raw] of Object.entries<Json>(object.properties ?? {})) {
    const property = resolve(raw, value[key]);
    const example = value[key];
    for (const [what, wrong] of wrongValues(property, example)) {
      found.push({ what: `${name(key)} ${what}`, field: name(key), body: withValue(body, [...path, key], wrong) });
    }
    if (example === undefined) continue;
    if (property.type === 'object' || property.properties || property.oneOf) found.push(...breaks(body, raw, [...path, key]));
    if (property.type === 'array' && Array.isArray(example) && example.length > 0 && typeof example[0] === 'object') {
      found.push(...breaks(body, { type: 'object', ...resolve(property.items, example[0]) }, [...path, key, '0']));
    }
  }
  return found;
}

/** The bodies that are not JSON or not sent as JSON, and bodies of another JSON type than an object. */
function unreadable(body: Json): Broken[] {
  const text = JSON.stringify(body);
  return [
    ...['text/plain', undefined, 'application/x-www-form-urlencoded', 'application/json-patch+json', 'application/json; charset=latin1'].map((contentType) => ({
      what: `sent as ${contentType ?? 'no content type'}`,
      field: 'content-type',
      raw: { text, contentType },
    })),
    { what: 'not JSON', field: 'body', raw: { text: text.slice(0, -1), contentType: 'application/json' } },
    { what: 'an array', field: 'body', body: [body] },
    { what: 'a string', field: 'body', body: 'mode=sync' },
  ];
}

interface Documented {
  path: string;
  schema: Json;
  examples: Json[];
}

const documentedOperations = (): Documented[] =>
  Object.entries<Json>(document.paths).map(([path, item]) => {
    const content = item.post.requestBody.content['application/json'];
    return { path, schema: content.schema, examples: Object.values<Json>(content.examples).map((example) => example.value) };
  });

async function send(path: string, broken: Broken): Promise<ProviderReply> {
  const raw = broken.raw ?? { text: JSON.stringify(broken.body), contentType: 'application/json' };
  const response = await server.app.inject({
    method: 'POST',
    url: pathOf(path.slice(1).split('/').join('_')),
    headers: { 'app-id': customer.appId, 'api-key': customer.key, ...(raw.contentType ? { 'content-type': raw.contentType } : {}) },
    payload: raw.text,
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** Checks one answer to a request the document refuses. */
function expectRefused(path: string, broken: Broken, reply: ProviderReply) {
  const label = `${path} ${broken.what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 240)}`;
  expect(reply.status >= 400 && reply.status < 500, label).toBe(true);
  expect(reply.body.metadata.billable, label).toBe('N');
  expect(validator.response(path, reply.status, reply.body), label).toEqual([]);
  if (reply.body.response_code === 104 || reply.body.response_code === 106) expect(reply.body.result.errors[0].field, label).toBe(broken.field);
  else if (broken.field === 'content-type') expect([reply.status, reply.body.response_code], label).toEqual([415, null]);
  else expect([broken.field, reply.body.response_message], label).toEqual(['action', 'action disallowed for the product']);
}

/** Sends the breaks the document refuses, a few at a time; returns how many were sent. */
async function sendAll(path: string, all: Broken[]): Promise<number> {
  const refused = all.filter((broken) => broken.raw || validator.request(path, broken.body).length > 0);
  for (let index = 0; index < refused.length; index += 16) {
    const batch = refused.slice(index, index + 16);
    const replies = await Promise.all(batch.map((broken) => send(path, broken)));
    replies.forEach((reply, at) => expectRefused(path, batch[at]!, reply));
  }
  return refused.length;
}

/** Text fields with a pattern in the example's branch, as [path, pattern]. */
function patterned(body: Json, schema: Json, path: string[] = []): Array<[string[], RegExp]> {
  const object = resolve(
    schema,
    path.reduce((node: Json, key) => node?.[key], body),
  );
  return Object.entries<Json>(object.properties ?? {}).flatMap(([key, raw]) => {
    const value = path.reduce((node: Json, part) => node[part], body)[key];
    const property = resolve(raw, value);
    if (typeof property.pattern === 'string') return [[[...path, key], new RegExp(property.pattern, 'u')] as [string[], RegExp]];
    return property.properties || property.oneOf ? patterned(body, raw, [...path, key]) : [];
  });
}

describe('what the OpenAPI document refuses, the gateway refuses and never bills', () => {
  const sent = { requests: 0, products: 0 };

  it('documents every product with an example the document accepts', () => {
    const operations = documentedOperations();
    expect(operations.map((operation) => operation.path).sort()).toEqual(products.map((product) => `/${product.arn.split('_').join('/')}`).sort());
    for (const { path, examples } of operations) for (const example of examples) expect(validator.request(path, example), path).toEqual([]);
  });

  it('refuses every one-rule break of every documented request schema, and every body not sent as JSON', async () => {
    for (const { path, schema, examples } of documentedOperations()) {
      let count = 0;
      for (const example of examples) count += await sendAll(path, [...breaks(example, schema, []), ...unreadable(example)]);
      expect(count, path).toBeGreaterThan(10);
      sent.requests += count;
      sent.products += 1;
    }
    expect(sent.products).toBe(products.length);
  }, 240_000);

  it('refuses random text that misses a documented pattern', async () => {
    const cases = documentedOperations().flatMap(({ path, schema, examples }) =>
      examples.flatMap((example) => patterned(example, schema).map(([at, pattern]) => ({ path, example, at, pattern }))),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), fc.string({ maxLength: 24 }), async ({ path, example, at, pattern }, text) => {
        fc.pre(!pattern.test(text));
        const broken: Broken = { what: `${at.join('.')} = ${JSON.stringify(text)}`, field: at.join('.'), body: withValue(example, at, text) };
        fc.pre(validator.request(path, broken.body).length > 0);
        expectRefused(path, broken, await send(path, broken));
        sent.requests += 1;
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('spent no test credit and recorded no call billable', async () => {
    for (const product of products) expect(await creditsOf(server, customer.orgId, product.arn), product.arn).toBe(10_000);
    const [row] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.organisationId, customer.orgId), or(eq(transactions.billable, true), eq(transactions.testCredit, true))));
    expect(row!.count).toBe(0);
    const [all] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.organisationId, customer.orgId));
    expect(all!.count).toBe(sent.requests);
  });
});
