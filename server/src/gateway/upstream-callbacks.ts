import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { productByArn } from '@verigate/catalog';
import { UPSTREAM_CALLBACK_BODY_LIMIT, UPSTREAM_CALLBACK_MESSAGES, upstreamCallback, upstreamCallbackAnswer } from '@verigate/contracts';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import { replies } from '../platform/http.js';
import { firstIssue } from '../platform/validation.js';
import { recordLiveCompletion, type FlowCompleted } from './completions.js';

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** The signature headers as sent once each; a repeated header is left out, and so refused. */
function signatureHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of SIGNATURE_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * `POST /upstream-callbacks/:arn` (contracts: upstream-callbacks.ts; operators' guide in
 * README.md here). The live environment learns of an asynchronous completion only from its
 * upstream: this is where the upstream says so. The signature is checked first, on the raw
 * body, so an unsigned caller learns nothing about calls or products. Without
 * UPSTREAM_CALLBACK_SECRET the route answers 404: nobody can sign.
 */
export const upstreamCallbackRoutes: FastifyPluginAsync<{ db: Database; clock: Clock; secret: string | undefined; onFlowCompleted: FlowCompleted }> = async (
  app,
  { db, clock, secret, onFlowCompleted },
) => {
  const signer = secret ? new Webhook(secret) : undefined;
  // The signature covers the bytes as sent: the body is kept as text and parsed only once verified.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: UPSTREAM_CALLBACK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post<{ Params: { arn: string }; Body: string | undefined }>(
    '/upstream-callbacks/:arn',
    { bodyLimit: UPSTREAM_CALLBACK_BODY_LIMIT, schema: { response: replies(upstreamCallbackAnswer) } },
    async (request) => {
      if (!signer) throw new AppError('not_found', UPSTREAM_CALLBACK_MESSAGES.disabled);
      const raw = typeof request.body === 'string' ? request.body : '';
      try {
        signer.verify(raw, signatureHeaders(request), { jsonParse: false });
      } catch {
        throw new AppError('unauthorized', UPSTREAM_CALLBACK_MESSAGES.badSignature);
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AppError('bad_request', UPSTREAM_CALLBACK_MESSAGES.malformed);
      }
      const parsed = upstreamCallback.safeParse(json);
      if (!parsed.success) throw firstIssue(parsed.error);
      const product = productByArn(request.params.arn);
      if (product?.flow?.kind !== 'hosted') throw new AppError('not_found', UPSTREAM_CALLBACK_MESSAGES.notAsynchronous);
      const completion = await recordLiveCompletion(
        db,
        { requestId: parsed.data.request_id, taskId: parsed.data.task_id, productArn: product.arn, passed: parsed.data.outcome === 'passed' },
        clock.now(),
        onFlowCompleted,
      );
      if (!completion) throw new AppError('not_found', UPSTREAM_CALLBACK_MESSAGES.callNotFound);
      return { data: completion };
    },
  );
};
