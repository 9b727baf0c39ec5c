import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dataEnvelope, DEFAULT_ERROR_MESSAGE, errEnvelope, UNAVAILABLE_MESSAGE } from '@verigate/contracts';
import { AppError, isDatabaseUnavailable } from './errors.js';
import { firstIssue, holdsNul, NUL_MESSAGE } from './validation.js';

/** Route schemas are the contracts' zod schemas; a failure becomes the first broken rule's message. */
const zodValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: firstIssue(result.error) };
  };

/**
 * A route's answers as its contract describes them: `{data}` holding `data` on success, the
 * `{err}` envelope otherwise. The serializer checks every answer against them, so a route that
 * answers a shape its contract does not describe fails (a masked 500) instead of reaching a client.
 */
export const replies = <T extends z.ZodType>(data: T) => ({ 200: dataEnvelope(data), '4xx': errEnvelope, '5xx': errEnvelope });
/** The answers of a file download: the file itself, or a refusal in the `{err}` envelope. */
export const fileReplies = <T extends z.ZodType>(body: T) => ({ 200: body, '4xx': errEnvelope, '5xx': errEnvelope });

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_BAD_URL: 'The path is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'The path is too long',
};

/** A framework's client error (bad JSON, too large, undecodable path, …) as the `{err}` envelope. */
export function clientErrorEnvelope(error: FastifyError) {
  const status = error.statusCode ?? 400;
  const message = FASTIFY_CLIENT_ERRORS[error.code] ?? error.message;
  const code = status === 413 ? 'payload_too_large' : status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request';
  return { err: { status, code, message } };
}

/** One place turns every failure into the `{err}` envelope; server faults are masked, a database out of reach is a 503. */
function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ err: { status: error.status, code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } });
    }
    if ((error.statusCode ?? 500) < 500) return reply.status(error.statusCode!).send(clientErrorEnvelope(error));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ err: { status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ err: { status: 500, code: 'internal', message: DEFAULT_ERROR_MESSAGE } });
  });
}

/** A NUL byte in a path, query or JSON body is refused before any validation or service sees it. */
export async function refuseNulBytes(request: FastifyRequest): Promise<void> {
  if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw new AppError('bad_request', NUL_MESSAGE);
}

/**
 * The customer API's contract at run time: requests validated and answers serialized with the
 * contracts' zod schemas, failures in the `{err}` envelope, and no `/api` route without a
 * declared answer (`schema.response`), so every new route states its contract.
 */
export function installContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidator);
  app.setSerializerCompiler(serializerCompiler);
  installErrorEnvelope(app);
  const contracts: RouteContract[] = [];
  contractsOf.set(app, contracts);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.schema?.response) {
      throw new Error(`${String(route.method)} ${route.url} declares no response schema: give it schema.response from the contracts`);
    }
    const schema = (route.schema ?? {}) as RouteContract['schema'];
    for (const method of [route.method].flat()) contracts.push({ method: String(method), url: route.url, schema });
  });
}

/** A route as registered, with the zod schemas of its contract. */
export interface RouteContract {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; headers?: z.ZodType };
}
const contractsOf = new WeakMap<FastifyInstance, RouteContract[]>();

/** Every route of an app built with installContracts and its contract: what the contract-driven fuzz test walks. */
export const routeContracts = (app: FastifyInstance): readonly RouteContract[] => contractsOf.get(app) ?? [];
