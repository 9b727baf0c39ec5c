import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planIdParam, planList, planPricing, summary } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';

export const planRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { plans } = ctx.services;

  app.get('/plan', { schema: { response: replies(planList) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await plans.list(organisationId) };
  });

  app.get('/plan/:planId', { schema: { params: planIdParam, response: replies(planPricing) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await plans.pricing(organisationId, request.params.planId) };
  });

  app.get('/summary', { schema: { response: replies(summary) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await plans.summary(organisationId) };
  });
};
