import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationRequested,
  addBalanceRequestBody,
  eventActionQuery,
  otpResent,
  otpSent,
  requestRegistered,
  resendOtpRequest,
  rupeesToPaise,
  sendOtpRequest,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';
import { parseBody } from '../../platform/validation.js';

/** `POST /events?action=…`: requests to the provider's team, and the emailed OTPs of the step-up. */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { organisations, stepUp, requests, users } = ctx.services;

  const answers = z.union([activationRequested, otpSent, otpResent, requestRegistered]);
  app.post('/events', { schema: { querystring: eventActionQuery, response: replies(answers) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    switch (request.query.action) {
      case 'account_activation_request':
        parseBody(z.strictObject({}), request.body);
        return { data: await organisations.requestActivation(organisationId, userId, (await users.emailsOf([userId])).get(userId) ?? null, originOf(request)) };
      case 'send_otp':
        return { data: await stepUp.sendOtp(organisationId, userId, parseBody(sendOtpRequest, request.body).purpose, originOf(request)) };
      case 'resend_otp':
        return { data: await stepUp.resendOtp(organisationId, userId, parseBody(resendOtpRequest, request.body).relay_id, originOf(request)) };
      case 'add_balance_request': {
        const amount = rupeesToPaise(parseBody(addBalanceRequestBody, request.body).balance_amount);
        return { data: await requests.create(organisationId, userId, 'ADD_BALANCE_REQUEST', amount, originOf(request)) };
      }
    }
  });
};
