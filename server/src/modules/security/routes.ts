import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginResponse,
  messageResponse,
  organisationIdParam,
  recoveryCodes,
  sessionIdParam,
  sessionView,
  totpConfirmRequest,
  TWO_FACTOR_MESSAGES,
  twoFactorCodeRequest,
  twoFactorLoginRequest,
  twoFactorPolicy,
  twoFactorSetup,
  twoFactorStatus,
} from '@verigate/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

/** A member's own security (packages/contracts/src/two-factor.ts): the second sign-in step, two-factor set-up, and their sessions. */
export const securityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { users, twoFactor } = ctx.services;

  app.post('/user/login/two-factor', { schema: { body: twoFactorLoginRequest, response: replies(loginResponse) } }, async (request) => ({
    data: await users.loginWithCode(request.body.challenge, request.body.code, originOf(request)),
  }));

  app.get('/user/two-factor', { schema: { response: replies(twoFactorStatus) } }, async (request) => ({
    data: await twoFactor.status((await ctx.requireUser(request)).userId),
  }));

  app.post('/user/two-factor/setup', { schema: { response: replies(twoFactorSetup) } }, async (request) => ({
    data: await twoFactor.setUp((await ctx.requireUser(request)).userId),
  }));

  app.post('/user/two-factor/confirm', { schema: { body: totpConfirmRequest, response: replies(recoveryCodes) } }, async (request) => ({
    data: await twoFactor.confirm((await ctx.requireUser(request)).userId, request.body.code, originOf(request)),
  }));

  app.post('/user/two-factor/recovery-codes', { schema: { body: twoFactorCodeRequest, response: replies(recoveryCodes) } }, async (request) => ({
    data: await twoFactor.newRecoveryCodes((await ctx.requireUser(request)).userId, request.body.code, originOf(request)),
  }));

  app.delete('/user/two-factor', { schema: { body: twoFactorCodeRequest, response: replies(messageResponse) } }, async (request) => ({
    data: await twoFactor.turnOff((await ctx.requireUser(request)).userId, request.body.code, originOf(request)),
  }));

  app.get('/organisation/:organisationId/two-factor', { schema: { params: organisationIdParam, response: replies(twoFactorPolicy) } }, async (request) => {
    const { organisationId } = await ctx.requireMember(request, request.params.organisationId);
    return { data: await twoFactor.policyOf(organisationId) };
  });

  app.put(
    '/organisation/:organisationId/two-factor',
    { schema: { params: organisationIdParam, body: twoFactorPolicy, response: replies(twoFactorPolicy) } },
    async (request) => {
      const { userId, organisationId } = await ctx.requireMember(request, request.params.organisationId);
      return { data: await twoFactor.setPolicy(organisationId, userId, request.body.required, originOf(request)) };
    },
  );

  app.get('/user/sessions', { schema: { response: replies(z.array(sessionView)) } }, async (request) => {
    const { userId, sessionId } = await ctx.requireUser(request);
    return { data: await ctx.sessions.openOf(userId, sessionId) };
  });

  app.delete('/user/sessions/:id', { schema: { params: sessionIdParam, response: replies(messageResponse) } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    await ctx.sessions.end(userId, request.params.id);
    return { data: { message: TWO_FACTOR_MESSAGES.sessionEnded } };
  });

  app.delete('/user/sessions', { schema: { response: replies(messageResponse) } }, async (request) => {
    const { userId, sessionId } = await ctx.requireUser(request);
    await ctx.sessions.endOthers(userId, sessionId);
    return { data: { message: TWO_FACTOR_MESSAGES.otherSessionsEnded } };
  });
};
