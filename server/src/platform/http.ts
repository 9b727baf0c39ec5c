import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_ERROR_MESSAGE } from '@verigate/contracts';
import { AppError } from './errors.js';
import { firstIssue } from './validation.js';

/** Route schemas are the contracts' zod schemas; a failure becomes the first broken rule's message. */
export const zodValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: firstIssue(result.error) };
  };

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

/** One place turns every failure into the `{err}` envelope; server faults are masked. */
export function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ err: { status: error.status, code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message = FASTIFY_CLIENT_ERRORS[error.code] ?? error.message;
      const code = status === 413 ? 'payload_too_large' : status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request';
      return reply.status(status).send({ err: { status, code, message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ err: { status: 500, code: 'internal', message: DEFAULT_ERROR_MESSAGE } });
  });
}
