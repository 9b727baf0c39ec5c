import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListQuery } from '@verigate/contracts';
import type { AppContext } from '../../context.js';

export const productRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/product', { schema: { querystring: productListQuery } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await ctx.services.products.list(organisationId, request.query) };
  });
};
