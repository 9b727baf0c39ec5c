import type { FastifyReply, FastifyRequest } from 'fastify';
import { isBillable, productByArn } from '@verigate/catalog';
import type { Telemetry } from '../platform/telemetry.js';
import type { GatewayAnswer, GatewayCall } from './pipeline.js';

/**
 * What an answered provider-API call tells the operator: its metrics (an unknown path counts as
 * product 'unknown', so a scanner cannot grow the label set) and its organisation in the
 * request's log line. The pipeline never waits on it.
 */
export function observeProviderCall(telemetry: Telemetry, request: FastifyRequest, reply: FastifyReply, call: GatewayCall, answer: GatewayAnswer): void {
  request.organisationId = answer.organisationId;
  const responseCode = answer.body.response_code;
  telemetry.providerCallAnswered({
    product: call.productRoute && productByArn(call.arn) ? call.arn : 'unknown',
    environment: call.environment,
    responseCode,
    billable: isBillable(responseCode),
    seconds: reply.elapsedTime / 1000,
  });
}
