import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordCredentials,
  encryptedRequest,
  errEnvelope,
  firstPasswordCredentials,
  linkRequest,
  loginCredentials,
  loginAnswer,
  messageResponse,
  resetCredentials,
  signUpRequest,
  userIdParam,
  userProfile,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

const linkTokenParam = z.strictObject({ token: z.string().max(256) });
/** An emailed link answers with a redirect to the portal's next screen, and no body. */
const redirect = { 302: z.undefined(), '4xx': errEnvelope, '5xx': errEnvelope };

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { users } = ctx.services;
  const { envelope } = ctx;
  const message = replies(messageResponse);

  app.post('/user', { schema: { body: signUpRequest, response: message } }, async (request) => ({ data: await users.signUp(request.body, request.ip) }));

  app.post('/user/verification-link', { schema: { body: linkRequest, response: message } }, async (request) => ({
    data: await users.resendVerification(request.body, request.ip),
  }));

  app.get('/user/verify-email/:token', { schema: { params: linkTokenParam, response: redirect } }, async (request, reply) =>
    reply.redirect(await users.followLink('verify', request.params.token)),
  );

  app.get('/user/password-reset/:token', { schema: { params: linkTokenParam, response: redirect } }, async (request, reply) =>
    reply.redirect(await users.followLink('reset', request.params.token)),
  );

  app.post('/user/password/:userId', { schema: { params: userIdParam, body: encryptedRequest, response: message } }, async (request) => {
    const credentials = envelope.open(request.body.encryptedData, firstPasswordCredentials);
    const signedIn = credentials.token ? null : (await ctx.requireUser(request)).userId;
    return { data: await users.setFirstPassword(request.params.userId, credentials, signedIn) };
  });

  app.post('/user/login', { schema: { body: encryptedRequest, response: replies(loginAnswer) } }, async (request) => {
    const credentials = envelope.open(request.body.encryptedData, loginCredentials);
    const captchaToken = request.headers.captchatoken;
    const token = Array.isArray(captchaToken) ? captchaToken[0] : captchaToken;
    return { data: await users.login(credentials, originOf(request), token || undefined) };
  });

  app.post('/user/password-reset', { schema: { body: linkRequest, response: message } }, async (request) => ({
    data: await users.requestPasswordReset(request.body, request.ip),
  }));

  app.put('/user/password-reset', { schema: { body: encryptedRequest, response: message } }, async (request) => ({
    data: await users.resetPassword(envelope.open(request.body.encryptedData, resetCredentials)),
  }));

  app.put('/user/change-password', { schema: { body: encryptedRequest, response: message } }, async (request) => {
    const { userId, sessionId } = await ctx.requireUser(request);
    return { data: await users.changePassword(userId, sessionId, envelope.open(request.body.encryptedData, changePasswordCredentials)) };
  });

  app.post('/user/logout', { schema: { response: message } }, async (request) => {
    const { sessionId } = await ctx.requireUser(request);
    await ctx.sessions.revoke(sessionId);
    return { data: { message: 'Logged out' } };
  });

  app.get('/user/:userId', { schema: { params: userIdParam, response: replies(userProfile) } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await users.getProfile(userId, request.params.userId) };
  });
};
