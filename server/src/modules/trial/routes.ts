import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products, requestBodyLimit } from '@verigate/catalog';
import { estampArticle, estampBranch, estampCodeParam, providerEnvelope, trialHeaders, trialRequest } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';

export const trialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { trial } = ctx.services;
  // Products that take files accept larger bodies; the pipeline holds each product to its own limit.
  const bodyLimit = Math.max(...products.map((product) => requestBodyLimit(product, ctx.config.BODY_LIMIT_BYTES)));

  app.post(
    '/demoPortal/product',
    { bodyLimit, schema: { headers: trialHeaders, body: trialRequest, response: replies(providerEnvelope) } },
    async (request) => {
      const { userId } = await ctx.requireUser(request);
      return { data: await trial.run({ userId, headers: request.headers, body: request.body, ip: request.ip, log: request.log }) };
    },
  );

  app.get('/estamp/getBranches', { schema: { response: replies(z.array(estampBranch)) } }, async (request) => {
    await ctx.requireUser(request);
    return { data: [...trial.branches()] };
  });

  app.get('/estamp/articles/:code', { schema: { params: estampCodeParam, response: replies(z.array(estampArticle)) } }, async (request) => {
    await ctx.requireUser(request);
    return { data: [...trial.articles(request.params.code)] };
  });
};
