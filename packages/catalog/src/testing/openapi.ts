import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks requests and answers against the OpenAPI document's own schemas (JSON Schema 2020-12,
 * formats included), as a client generated from the document would read them. Discriminators are
 * annotations here: the `oneOf` they sit on does the checking.
 */
type Json = Record<string, any>;

const pointer = (...parts: string[]) => `#/${parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

export interface OpenApiValidator {
  /** The problems of a request body sent to `path` (empty when it conforms). */
  request(path: string, body: unknown): string[];
  /** The problems of an answer with HTTP `status` from `path`. */
  response(path: string, status: number, body: unknown): string[];
}

export function openApiValidator(document: Json): OpenApiValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const check = (at: string, value: unknown): string[] => {
    let validate = compiled.get(at);
    if (!validate) compiled.set(at, (validate = ajv.compile({ $ref: `openapi${at}` })));
    return validate(value) ? [] : (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message}`);
  };
  const operation = (path: string) => {
    const found = document.paths?.[path]?.post;
    if (!found) throw new Error(`The document has no POST ${path}`);
    return found;
  };
  return {
    request(path, body) {
      operation(path);
      return check(pointer('paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema'), body);
    },
    response(path, status, body) {
      const response = operation(path).responses[String(status)];
      if (!response) return [`no ${status} response is documented`];
      const at =
        typeof response.$ref === 'string'
          ? `${response.$ref}/content/application~1json/schema`
          : pointer('paths', path, 'post', 'responses', String(status), 'content', 'application/json', 'schema');
      return check(at, body);
    },
  };
}
