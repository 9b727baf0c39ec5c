import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KYC_FILE_FIELDS,
  KYC_MESSAGES,
  KYC_PDF_MAX_BYTES,
  businessPocUpdateRequest,
  createOrganisationRequest,
  kycFields,
  organisationIdParam,
  productIdsRequest,
  techPocUpdateRequest,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { firstIssue, parseBody } from '../../platform/validation.js';
import type { KycUpload } from './service.js';

const getQuery = z.strictObject({ action: z.enum(['get_org_details'], { error: 'Unknown action' }).optional() });
const putQuery = z.strictObject({
  action: z.enum(['org_product_subscribe', 'org_product_unsubscribe', 'skip_onboarding', 'org_techpoc_update', 'org_businesspoc_update'], {
    error: 'Unknown action',
  }),
});

export const organisationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { organisations, products, apps } = ctx.services;
  await app.register(fastifyMultipart, { limits: { fileSize: KYC_PDF_MAX_BYTES - 1, files: KYC_FILE_FIELDS.length, fields: 10, fieldSize: 256, parts: 12 } });

  /** The signed-in user, checked to belong to the organisation in the path. */
  const member = async (request: Parameters<AppContext['requireUser']>[0], organisationId: string) => {
    const user = await ctx.requireUser(request);
    await ctx.access.requireMember(user.userId, organisationId);
    return user;
  };

  app.post('/organisation', { schema: { body: createOrganisationRequest } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await organisations.create(userId, request.body, request.ip) };
  });

  app.get('/organisation/:organisationId', { schema: { params: organisationIdParam, querystring: getQuery } }, async (request) => {
    await member(request, request.params.organisationId);
    return { data: await organisations.get(request.params.organisationId) };
  });

  app.put('/organisation/:organisationId', { schema: { params: organisationIdParam, querystring: putQuery } }, async (request) => {
    const { organisationId } = request.params;
    const { userId } = await member(request, organisationId);
    const actor = `user:${userId}`;
    switch (request.query.action) {
      case 'org_product_subscribe':
        return { data: await products.subscribe(organisationId, parseBody(productIdsRequest, request.body).productIds) };
      case 'org_product_unsubscribe':
        return { data: await products.unsubscribe(organisationId, parseBody(productIdsRequest, request.body).productIds) };
      case 'skip_onboarding': {
        parseBody(z.strictObject({}), request.body);
        const testApp = await apps.ensureTestApp(organisationId, actor, request.ip);
        await ctx.services.organisations.skipOnboarding(organisationId);
        return { data: { _id: testApp._id } };
      }
      case 'org_techpoc_update':
        return { data: await organisations.updateContact(organisationId, 'technical_poc', parseBody(techPocUpdateRequest, request.body).technical_poc, actor) };
      case 'org_businesspoc_update':
        return {
          data: await organisations.updateContact(organisationId, 'business_poc', parseBody(businessPocUpdateRequest, request.body).business_poc, actor),
        };
    }
  });

  app.post('/organisation/:organisationId/kyc', { schema: { params: organisationIdParam } }, async (request) => {
    const { userId } = await member(request, request.params.organisationId);
    if (!request.isMultipart()) throw new AppError('bad_request', 'Send the KYC form as multipart/form-data');
    const fields: Record<string, string> = {};
    const files: KycUpload[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (!(KYC_FILE_FIELDS as readonly string[]).includes(part.fieldname)) throw new AppError('bad_request', `Unexpected file ${part.fieldname}`);
        const content = await part.toBuffer();
        if (part.file.truncated) throw new AppError('bad_request', KYC_MESSAGES.tooLarge);
        const isPdf = part.filename.toLowerCase().endsWith('.pdf') && content.subarray(0, 5).toString('latin1') === '%PDF-';
        if (!isPdf) throw new AppError('bad_request', KYC_MESSAGES.notPdf);
        files.push({ kind: part.fieldname as KycUpload['kind'], fileName: part.filename.slice(0, 200), content });
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('bad_request', KYC_MESSAGES.tooLarge);
      throw new AppError('bad_request', KYC_MESSAGES.incomplete);
    }
    const parsed = kycFields.safeParse(fields);
    if (!parsed.success) throw firstIssue(parsed.error);
    for (const kind of KYC_FILE_FIELDS) {
      if (files.filter((file) => file.kind === kind).length !== 1)
        throw new AppError('bad_request', KYC_MESSAGES.fileMissing, [{ path: kind, message: KYC_MESSAGES.fileMissing }]);
    }
    return { data: await organisations.submitKyc(request.params.organisationId, userId, parsed.data, files) };
  });
};
