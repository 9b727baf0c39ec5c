import { describe, expect, it } from 'vitest';
import { openApiValidator } from '../testing/openapi.js';
import { documentedProducts, openApiDocument } from './index.js';
import { postmanCollection, POSTMAN_SCHEMA } from './postman.js';

const BASE = 'https://portal.verigate.test';
const document = openApiDocument(BASE, documentedProducts(BASE)) as Record<string, any>;
const validator = openApiValidator(document);
const collection = postmanCollection(document);

type Item = { name: string; item?: Item[]; request?: any };
const requests = (items: Item[]): NonNullable<Item['request']>[] => items.flatMap((item) => (item.item ? requests(item.item) : [item.request]));
const all = requests(collection.item);

describe('the Postman collection', () => {
  it('is a v2.1 collection with the base URL and both authentication headers as variables', () => {
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA);
    expect(collection.variable).toEqual([
      expect.objectContaining({ key: 'baseUrl', value: `${BASE}/test/api/v1` }),
      expect.objectContaining({ key: 'appId', value: '' }),
      expect.objectContaining({ key: 'apiKey', value: '' }),
    ]);
  });

  it('has every operation of the document, each documented call once, with a valid URL and its example body', () => {
    const expected = Object.entries(document.paths as Record<string, any>).flatMap(([path, item]) =>
      Object.entries(item as Record<string, any>).flatMap(([method, operation]) =>
        Object.values(operation.requestBody.content['application/json'].examples as Record<string, { value: unknown }>).map((example) => ({
          method: method.toUpperCase(),
          path,
          body: example.value,
        })),
      ),
    );
    expect(all).toHaveLength(expected.length);
    expect(all.map((request) => ({ method: request.method, path: `/${request.url.path.join('/')}`, body: JSON.parse(request.body.raw) }))).toEqual(expected);
    for (const request of all) {
      const url = new URL(request.url.raw.replace('{{baseUrl}}', collection.variable[0]!.value));
      expect(url.pathname).toBe(`/test/api/v1/${request.url.path.join('/')}`);
      expect(request.header).toEqual([
        { key: 'app-id', value: '{{appId}}' },
        { key: 'api-key', value: '{{apiKey}}' },
        { key: 'content-type', value: 'application/json' },
      ]);
      // The body is a request the document accepts.
      expect(validator.request(`/${request.url.path.join('/')}`, JSON.parse(request.body.raw))).toEqual([]);
    }
  });
});
