import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docEntry, OPENAPI_PATH, POSTMAN_COLLECTION_PATH } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import type { DocsService } from './service.js';

/** GET /doc (seed 001 §7 Documentation): the product documentation entries of the caller's organisation. */
export const docRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/doc', { schema: { response: replies(z.array(docEntry)) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await ctx.services.docs.entries(organisationId) };
  });
};

/** GET /openapi.json: the generic API reference, public like any API's published description; GET /postman_collection.json: the same as a Postman collection. */
export const openApiRoute: FastifyPluginAsync<{ docs: DocsService }> = async (app, { docs }) => {
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(docs.openApi()),
  );
  app.get(POSTMAN_COLLECTION_PATH, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('content-disposition', 'attachment; filename="verigate.postman_collection.json"')
      .send(docs.postman()),
  );
};
