import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spendSettings, spendSettingsPath, spendSettingsRequest, spendSummary, spendSummaryPath } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

/** The spend controls and figures of the organisation the request acts for (`x-org-id`, else the user's own). */
export const spendRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { spend } = ctx.services;

  app.get(spendSettingsPath, { schema: { response: replies(spendSettings) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await spend.settings(organisationId) };
  });

  app.put(spendSettingsPath, { schema: { body: spendSettingsRequest, response: replies(spendSettings) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await spend.saveSettings(organisationId, userId, request.body, originOf(request)) };
  });

  app.get(spendSummaryPath, { schema: { response: replies(spendSummary) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await spend.summary(organisationId) };
  });
};
