import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resendOtpRequest, sendOtpRequest } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../platform/validation.js';

const eventQuery = z.strictObject({ action: z.enum(['account_activation_request', 'send_otp', 'resend_otp'], { error: 'Unknown action' }) });

/** `POST /events?action=…`: requests to the provider's team, and the emailed OTPs of the step-up. */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/events', { schema: { querystring: eventQuery } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    switch (request.query.action) {
      case 'account_activation_request':
        parseBody(z.strictObject({}), request.body);
        return { data: await ctx.services.organisations.requestActivation(organisationId, userId) };
      case 'send_otp':
        return { data: await ctx.services.stepUp.sendOtp(organisationId, userId, parseBody(sendOtpRequest, request.body).purpose, request.ip) };
      case 'resend_otp':
        return { data: await ctx.services.stepUp.resendOtp(organisationId, userId, parseBody(resendOtpRequest, request.body).relay_id, request.ip) };
    }
  });
};
