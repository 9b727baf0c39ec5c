import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertBalanceUpdateRequest,
  alertBalanceUpdated,
  orgPlanInfo,
  organisationDetails,
  paymentList,
  planChanged,
  planSubscribeRequest,
  planSubscriptionList,
  KYC_FILE_FIELDS,
  KYC_PDF_MAX_BYTES,
  businessPocUpdateRequest,
  businessPocUpdated,
  createOrganisationRequest,
  messageResponse,
  onboardingSkipped,
  organisation,
  organisationActionQuery,
  organisationGetQuery,
  organisationReadQuery,
  productUsage,
  productUsageQuery,
  reportPage,
  reportQuery,
  totalTransactionCounts,
  totalTransactionCountsQuery,
  transactionStats,
  transactionStatsQuery,
  organisationIdParam,
  productIdsRequest,
  subscriptionResult,
  techPocUpdateRequest,
  technicalPocUpdated,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';
import { parseBody } from '../../platform/validation.js';
import { readKycForm } from './kyc-form.js';

const organisationRead = z.union([
  organisationDetails,
  orgPlanInfo,
  paymentList,
  planSubscriptionList,
  reportPage,
  productUsage,
  transactionStats,
  totalTransactionCounts,
]);
const organisationAction = z.union([z.array(subscriptionResult), onboardingSkipped, technicalPocUpdated, businessPocUpdated, planChanged, alertBalanceUpdated]);

export const organisationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { organisations, products, apps, plans, billing, payments, usage } = ctx.services;
  await app.register(fastifyMultipart, { limits: { fileSize: KYC_PDF_MAX_BYTES - 1, files: KYC_FILE_FIELDS.length, fields: 10, fieldSize: 256, parts: 12 } });

  app.post('/organisation', { schema: { body: createOrganisationRequest, response: replies(organisation) } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await organisations.create(userId, request.body, originOf(request)) };
  });

  app.get(
    '/organisation/:organisationId',
    { schema: { params: organisationIdParam, querystring: organisationReadQuery, response: replies(organisationRead) } },
    async (request) => {
      const { organisationId } = request.params;
      await ctx.requireMember(request, organisationId);
      switch (request.query.action) {
        case 'get_org_csv_usage_reports':
          return { data: await usage.report(organisationId, parseBody(reportQuery, request.query)) };
        case 'get_org_product_usage':
          return { data: await usage.productUsage(organisationId, parseBody(productUsageQuery, request.query)) };
        case 'get_org_transaction_stats':
          return { data: await usage.transactionStats(organisationId, parseBody(transactionStatsQuery, request.query)) };
        case 'get_org_total_transaction_counts':
          parseBody(totalTransactionCountsQuery, request.query);
          return { data: await usage.totalCounts(organisationId) };
      }
      switch (parseBody(organisationGetQuery, request.query).action) {
        case 'get_org_plan_info':
          return { data: await plans.planInfo(organisationId) };
        case 'get_org_past_payments':
          return { data: await payments.pastPayments(organisationId) };
        case 'get_org_plan_subscriptions':
          return { data: await plans.subscriptions(organisationId) };
        default:
          return { data: { ...(await organisations.get(organisationId)), ...(await plans.organisationBilling(organisationId)) } };
      }
    },
  );

  app.put(
    '/organisation/:organisationId',
    { schema: { params: organisationIdParam, querystring: organisationActionQuery, response: replies(organisationAction) } },
    async (request) => {
      const { organisationId } = request.params;
      const { userId } = await ctx.requireMember(request, organisationId);
      const actor = `user:${userId}`;
      const origin = originOf(request);
      switch (request.query.action) {
        case 'org_product_subscribe':
          return { data: await products.subscribe(organisationId, parseBody(productIdsRequest, request.body).productIds, actor, origin) };
        case 'org_product_unsubscribe':
          return { data: await products.unsubscribe(organisationId, parseBody(productIdsRequest, request.body).productIds, actor, origin) };
        case 'skip_onboarding':
          parseBody(z.strictObject({}), request.body);
          return { data: await apps.skipOnboarding(organisationId, actor, origin) };
        case 'org_techpoc_update':
          return {
            data: await organisations.updateContact(
              organisationId,
              'technical_poc',
              parseBody(techPocUpdateRequest, request.body).technical_poc,
              actor,
              origin,
            ),
          };
        case 'org_businesspoc_update':
          return {
            data: await organisations.updateContact(
              organisationId,
              'business_poc',
              parseBody(businessPocUpdateRequest, request.body).business_poc,
              actor,
              origin,
            ),
          };
        case 'org_plan_subscribe': {
          const body = parseBody(planSubscribeRequest, request.body);
          return { data: await plans.subscribe(organisationId, body.planId, body.enable_immediately, actor, origin) };
        }
        case 'org_activate_next_plan':
          parseBody(z.strictObject({}), request.body);
          return { data: await plans.activateNext(organisationId, actor, origin) };
        case 'org_alert_balance_update':
          return {
            data: await billing.updateAlertBalance(organisationId, parseBody(alertBalanceUpdateRequest, request.body).alert_balance, actor, origin),
          };
      }
    },
  );

  app.post('/organisation/:organisationId/kyc', { schema: { params: organisationIdParam, response: replies(messageResponse) } }, async (request) => {
    const { userId } = await ctx.requireMember(request, request.params.organisationId);
    const { fields, files } = await readKycForm(request);
    return { data: await organisations.submitKyc(request.params.organisationId, userId, fields, files, originOf(request)) };
  });
};
