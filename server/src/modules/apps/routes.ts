import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appActionQuery,
  appGetQuery,
  appIdParam,
  appKeys,
  appListHeaders,
  appListQuery,
  appProducts,
  appView,
  appWhitelist,
  createAppRequest,
  deleteKeyRequest,
  generatedKey,
  generateKeyRequest,
  messageResponse,
  rollKeyRequest,
  toggleKeyRequest,
  TRIAL_MESSAGES,
  updateAppProductsRequest,
  updateWhitelistRequest,
  type StepUpProof,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';
import { parseBody } from '../../platform/validation.js';

const proofOf = (body: StepUpProof): StepUpProof => ('zpin' in body ? { orgId: body.orgId, zpin: body.zpin } : { relayId: body.relayId, otp: body.otp });

export const appRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { apps, stepUp } = ctx.services;

  /** The Trial Center's page (seed 001 §7) lists the test app alone, for the user its x-user-id names. */
  app.get('/app', { schema: { querystring: appListQuery, headers: appListHeaders, response: replies(z.array(appView)) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    const trialCenter = request.query.page === 'trial-center';
    if (trialCenter && request.headers['x-user-id'] !== undefined && request.headers['x-user-id'] !== userId)
      throw new AppError('not_found', TRIAL_MESSAGES.missingIds);
    return { data: await apps.list(organisationId, { testOnly: trialCenter }) };
  });

  app.post('/app', { schema: { body: createAppRequest, response: replies(appView) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await apps.create(organisationId, request.body.name.trim(), `user:${userId}`, originOf(request)) };
  });

  app.get('/app/:appId', { schema: { params: appIdParam, querystring: appGetQuery, response: replies(z.union([appView, appWhitelist])) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    if (request.query.onlyIpWhitelisted) return { data: await apps.whitelist(organisationId, request.params.appId) };
    return { data: await apps.get(organisationId, request.params.appId) };
  });

  app.delete('/app/:appId', { schema: { params: appIdParam, response: replies(messageResponse) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await apps.remove(organisationId, request.params.appId, `user:${userId}`, originOf(request)) };
  });

  /** Sensitive actions: the body is validated, the app found, then the ZPIN or OTP checked, then the change made. */
  app.put(
    '/app/:appId',
    { schema: { params: appIdParam, querystring: appActionQuery, response: replies(z.union([generatedKey, appKeys, appProducts, appWhitelist])) } },
    async (request) => {
      const { organisationId, userId } = await ctx.requireOrganisation(request);
      const { appId } = request.params;
      const { action } = request.query;
      const actor = `user:${userId}`;
      const origin = originOf(request);
      const confirmed = async (proof: StepUpProof) => {
        await apps.get(organisationId, appId);
        await stepUp.verify(organisationId, userId, proofOf(proof), action, origin);
      };
      switch (action) {
        case 'generate_app_key': {
          const body = parseBody(generateKeyRequest, request.body);
          return { data: await apps.generateKey(organisationId, appId, body.keyName, actor, origin, body.expiresAt) };
        }
        case 'roll_app_key': {
          const body = parseBody(rollKeyRequest, request.body);
          await confirmed(body);
          return { data: await apps.rollKey(organisationId, appId, body, actor, origin) };
        }
        case 'delete_app_key':
          return { data: await apps.deleteKey(organisationId, appId, parseBody(deleteKeyRequest, request.body).keyName, actor, origin) };
        case 'enable_app_key':
        case 'disable_app_key': {
          const body = parseBody(toggleKeyRequest, request.body);
          await confirmed(body);
          return {
            data: await apps.setKeyStatus(organisationId, appId, body.keyName, action === 'enable_app_key' ? 'ENABLED' : 'DISABLED', actor, origin),
          };
        }
        case 'app_update_subscribed_product': {
          const body = parseBody(updateAppProductsRequest, request.body);
          await confirmed(body);
          return { data: await apps.setProducts(organisationId, appId, body.productIds, actor, origin) };
        }
        case 'update_whitelisted_ip': {
          const body = parseBody(updateWhitelistRequest, request.body);
          await confirmed(body);
          return { data: await apps.setWhitelist(organisationId, appId, body.whitelisted_ips, actor, origin) };
        }
      }
    },
  );
};
