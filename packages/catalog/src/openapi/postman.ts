/**
 * A Postman collection (format v2.1) generated from the OpenAPI document, so both always describe
 * the same API: each operation becomes a request (an operation with several documented calls, a
 * folder of them) with its method, its URL on the `baseUrl` variable (the document's first server,
 * the test environment), the document's header security schemes as variables, and the example body.
 */

type JsonObject = Record<string, any>;

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

interface PostmanRequest {
  name: string;
  request: {
    method: string;
    header: Array<{ key: string; value: string }>;
    url: { raw: string; host: string[]; path: string[] };
    body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
    description?: string;
  };
}

interface PostmanFolder {
  name: string;
  description?: string;
  item: Array<PostmanFolder | PostmanRequest>;
}

export interface PostmanCollection {
  info: { name: string; description: string; schema: typeof POSTMAN_SCHEMA; version: string };
  variable: Array<{ key: string; value: string; description?: string }>;
  item: PostmanFolder[];
}

/** `app-id` → `appId`: the variable a header's value comes from. */
const variableOf = (header: string) => header.replace(/[-_]+([a-z0-9])/gi, (_match, letter: string) => letter.toUpperCase());

export function postmanCollection(document: JsonObject): PostmanCollection {
  const servers = document.servers as Array<{ url: string; description?: string }>;
  const headerSchemes = Object.values(document.components.securitySchemes as Record<string, JsonObject>).filter(
    (scheme) => scheme.type === 'apiKey' && scheme.in === 'header',
  );
  const authHeaders = headerSchemes.map((scheme) => ({ key: scheme.name as string, value: `{{${variableOf(scheme.name)}}}` }));

  const requestOf = (name: string, method: string, path: string, operation: JsonObject, body: unknown): PostmanRequest => {
    const segments = path.split('/').filter(Boolean);
    const content = operation.requestBody?.content?.['application/json'];
    return {
      name,
      request: {
        method: method.toUpperCase(),
        header: [...authHeaders, ...(content ? [{ key: 'content-type', value: 'application/json' }] : [])],
        url: { raw: `{{baseUrl}}/${segments.join('/')}`, host: ['{{baseUrl}}'], path: segments },
        ...(body === undefined ? {} : { body: { mode: 'raw' as const, raw: JSON.stringify(body, null, 2), options: { raw: { language: 'json' as const } } } }),
        ...(operation.summary ? { description: operation.summary as string } : {}),
      },
    };
  };

  const folders = new Map<string, PostmanFolder>();
  for (const tag of (document.tags ?? []) as JsonObject[])
    folders.set(tag.name, { name: tag['x-displayName'] ?? tag.name, description: tag.description, item: [] });

  for (const [path, item] of Object.entries(document.paths as Record<string, JsonObject>)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag: string = operation.tags?.[0] ?? 'Other';
      const folder = folders.get(tag) ?? folders.set(tag, { name: tag, item: [] }).get(tag)!;
      const examples = Object.values(
        (operation.requestBody?.content?.['application/json']?.examples ?? {}) as Record<string, { summary?: string; value: unknown }>,
      );
      const name: string = operation.summary ?? operation.operationId;
      if (examples.length <= 1) folder.item.push(requestOf(name, method, path, operation, examples[0]?.value));
      else
        folder.item.push({
          name,
          item: examples.map((example, index) => requestOf(example.summary ?? `${name} ${index + 1}`, method, path, operation, example.value)),
        });
    }
  }

  return {
    info: {
      name: document.info.title,
      description: `Generated from the OpenAPI document. Set \`baseUrl\` (test: ${servers[0]!.url}; live: ${servers.at(-1)!.url}) and ${headerSchemes
        .map((scheme) => `\`${variableOf(scheme.name)}\` (${scheme.name})`)
        .join(', ')}.`,
      schema: POSTMAN_SCHEMA,
      version: document.info.version,
    },
    variable: [
      { key: 'baseUrl', value: servers[0]!.url, description: servers[0]!.description },
      ...headerSchemes.map((scheme) => ({ key: variableOf(scheme.name), value: '', description: scheme.description as string })),
    ],
    item: [...folders.values()].filter((folder) => folder.item.length > 0),
  };
}
