import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const eventQuery = z.strictObject({ action: z.enum(['account_activation_request'], { error: 'Unknown action' }) });

/** `POST /events?action=…`: requests an organisation makes of the provider's team. */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/events', { schema: { querystring: eventQuery } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await ctx.services.organisations.requestActivation(organisationId, userId) };
  });
};
