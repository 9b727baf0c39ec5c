import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessCategory, country } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';

export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { reference } = ctx.services;

  app.get('/country', { schema: { response: replies(z.array(country)) } }, async () => ({ data: await reference.countries() }));

  app.get('/organisation/categories', { schema: { response: replies(z.array(businessCategory)) } }, async () => ({ data: await reference.categories() }));
};
