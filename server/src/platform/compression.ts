import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer gains less from compression than the work costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Answers of the routes registered after this in `scope` of 1 KB or more go out brotli- or
 * gzip-compressed, as the client's Accept-Encoding allows (report pages, catalogs, the OpenAPI
 * document). Request bodies are taken as sent, never inflated, so the body limit measures what
 * arrived. The provider API is left out: its answers are small and its throughput is the product.
 */
export async function compressLargeAnswers(scope: FastifyInstance): Promise<void> {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, decompress: false } as typeof route.config;
  });
  await scope.register(fastifyCompress, { global: true, threshold: THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
