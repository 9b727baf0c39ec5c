import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productListQuery, productView } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';

export const productRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/product', { schema: { querystring: productListQuery, response: replies(z.array(productView)) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await ctx.services.products.list(organisationId, request.query) };
  });
};
