import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordCredentials,
  encryptedRequest,
  firstPasswordCredentials,
  linkRequest,
  loginCredentials,
  resetCredentials,
  signUpRequest,
  userIdParam,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { createUserService } from './service.js';

const linkTokenParam = z.strictObject({ token: z.string().max(256) });

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createUserService(ctx);
  const { envelope } = ctx;

  app.post('/user', { schema: { body: signUpRequest } }, async (request) => ({ data: await service.signUp(request.body, request.ip) }));

  app.post('/user/verification-link', { schema: { body: linkRequest } }, async (request) => ({
    data: await service.resendVerification(request.body, request.ip),
  }));

  app.get('/user/verify-email/:token', { schema: { params: linkTokenParam } }, async (request, reply) =>
    reply.redirect(await service.followLink('verify', request.params.token)),
  );

  app.get('/user/password-reset/:token', { schema: { params: linkTokenParam } }, async (request, reply) =>
    reply.redirect(await service.followLink('reset', request.params.token)),
  );

  app.post('/user/password/:userId', { schema: { params: userIdParam, body: encryptedRequest } }, async (request) => {
    const credentials = envelope.open(request.body.encryptedData, firstPasswordCredentials);
    const signedIn = credentials.token ? null : (await ctx.requireUser(request)).userId;
    return { data: await service.setFirstPassword(request.params.userId, credentials, signedIn) };
  });

  app.post('/user/login', { schema: { body: encryptedRequest } }, async (request) => {
    const credentials = envelope.open(request.body.encryptedData, loginCredentials);
    const captchaToken = request.headers.captchatoken;
    const token = Array.isArray(captchaToken) ? captchaToken[0] : captchaToken;
    return { data: await service.login(credentials, request.ip, (email) => ctx.captcha.check(email, token)) };
  });

  app.post('/user/password-reset', { schema: { body: linkRequest } }, async (request) => ({
    data: await service.requestPasswordReset(request.body, request.ip),
  }));

  app.put('/user/password-reset', { schema: { body: encryptedRequest } }, async (request) => ({
    data: await service.resetPassword(envelope.open(request.body.encryptedData, resetCredentials)),
  }));

  app.put('/user/change-password', { schema: { body: encryptedRequest } }, async (request) => {
    const { userId, sessionId } = await ctx.requireUser(request);
    return { data: await service.changePassword(userId, sessionId, envelope.open(request.body.encryptedData, changePasswordCredentials)) };
  });

  app.post('/user/logout', async (request) => {
    const { sessionId } = await ctx.requireUser(request);
    await ctx.sessions.revoke(sessionId);
    return { data: { message: 'Logged out' } };
  });

  app.get('/user/:userId', { schema: { params: userIdParam } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await service.getProfile(userId, request.params.userId) };
  });
};
