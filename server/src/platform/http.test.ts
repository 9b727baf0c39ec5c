import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_ERROR_MESSAGE } from '@verigate/contracts';
import { AppError } from './errors.js';
import { installContracts, replies } from './http.js';

const item = z.strictObject({ id: z.string(), name: z.string() });

/** A server with the customer API's contract rules and one route answering whatever it is given. */
async function serverAnswering(answer: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  installContracts(app);
  app.get('/api/item', { schema: { response: replies(item) } }, async () => answer as never);
  app.get('/api/refusal', { schema: { response: replies(item) } }, async () => {
    throw new AppError('bad_request', 'Invalid zpin, please re-enter', [{ path: 'attempts_left', message: '2' }]);
  });
  await app.ready();
  return app;
}

describe('answers checked against their contract', () => {
  it('sends an answer the contract describes', async () => {
    const app = await serverAnswering({ data: { id: '1', name: 'Acme' } });
    const reply = await app.inject({ method: 'GET', url: '/api/item' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ data: { id: '1', name: 'Acme' } });
  });

  it.each([
    ['an extra field', { data: { id: '1', name: 'Acme', passwordHash: '$argon2id$…' } }],
    ['a missing field', { data: { id: '1' } }],
    ['a field of the wrong type', { data: { id: 1, name: 'Acme' } }],
    ['no {data} envelope', { id: '1', name: 'Acme' }],
  ])('refuses %s with a masked 500, never the shape itself', async (_case, answer) => {
    const app = await serverAnswering(answer);
    const reply = await app.inject({ method: 'GET', url: '/api/item' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ err: { status: 500, code: 'internal', message: DEFAULT_ERROR_MESSAGE } });
    expect(reply.body).not.toContain('argon2id');
  });

  it('passes a refusal’s details through in the {err} envelope', async () => {
    const app = await serverAnswering(null);
    const reply = await app.inject({ method: 'GET', url: '/api/refusal' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      err: { status: 400, code: 'bad_request', message: 'Invalid zpin, please re-enter', details: [{ path: 'attempts_left', message: '2' }] },
    });
  });

  it('refuses to start with an API route that declares no answer', async () => {
    const app = Fastify({ logger: false });
    installContracts(app);
    void app.register(async (api) => api.get('/undeclared', async () => ({ data: 1 })), { prefix: '/api' });
    await expect(app.ready()).rejects.toThrow('GET /api/undeclared declares no response schema');
  });
});

describe('the serializer of a declared answer', () => {
  const serialize = serializerCompiler({ schema: replies(item)[200], method: 'GET', url: '/api/item', httpStatus: '200' });

  it('writes the JSON of a matching answer', () => {
    expect(JSON.parse(serialize({ data: { id: '1', name: 'Acme' } }))).toEqual({ data: { id: '1', name: 'Acme' } });
  });

  it('throws on an answer its contract does not describe', () => {
    expect(() => serialize({ data: { id: '1', name: 'Acme', extra: true } })).toThrow("Response doesn't match the schema");
    expect(() => serialize({ data: { id: '1' } })).toThrow("Response doesn't match the schema");
  });
});
