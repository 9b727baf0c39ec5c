import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchIdParams,
  batchSampleParams,
  batchTask,
  batchTypeOption,
  batchTypesParams,
  createTaskResponse,
  executeActionBody,
  executeActionResponse,
  getTaskQuery,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { fileReplies, replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

/** Seed 001 §7 "Batch", plus the authorised sample and results files the list links to. */
export const batchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { batch } = ctx.services;
  // One file; busboy stops at one byte past the limit, which the upload reads as too large.
  await app.register(fastifyMultipart, {
    limits: { fileSize: ctx.config.BATCH_MAX_FILE_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    throwFileSizeLimit: false,
  });

  app.get(
    '/productBatchService/getBatchTypes/:orgId',
    { schema: { params: batchTypesParams, response: replies(z.array(batchTypeOption)) } },
    async (request) => {
      const { userId } = await ctx.requireUser(request);
      return { data: await batch.batchTypes(userId, request.params.orgId) };
    },
  );

  app.get('/productBatchService/getTask', { schema: { querystring: getTaskQuery, response: replies(z.array(batchTask)) } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await batch.list(userId, request.query) };
  });

  app.post('/productBatchService/createTask', { schema: { response: replies(createTaskResponse) } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await batch.create(userId, request) };
  });

  app.post('/productBatchService/executeAction', { schema: { body: executeActionBody, response: replies(executeActionResponse) } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await batch.executeAction(userId, request.body.action, originOf(request)) };
  });

  app.get('/productBatchService/sample/:arn', { schema: { params: batchSampleParams, response: fileReplies(z.string()) } }, async (request, reply) => {
    await ctx.requireUser(request);
    const sample = batch.sample(request.params.arn);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${sample.fileName}"`).send(sample.content);
  });

  app.get(
    '/productBatchService/download/:batchId',
    { schema: { params: batchIdParams, response: fileReplies(z.instanceof(Readable)) } },
    async (request, reply) => {
      const { userId } = await ctx.requireUser(request);
      const file = await batch.download(userId, request.params.batchId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.stream);
    },
  );
};
