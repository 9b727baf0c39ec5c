import { createAudit } from '../platform/audit.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.js';
import { startJobs, type Jobs } from '../platform/jobs.js';
import { createMailer } from '../platform/mail.js';
import { createMailQueue } from '../platform/mail-queue.js';
import type { TestServer } from './harness.js';
import { createWebhookService, type WebhookService } from '../modules/webhooks/service.js';

/** What a receiver saw: each request's headers and raw body, in order. */
export interface Received {
  headers: Record<string, string>;
  body: string;
}

export type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

export interface Receiver {
  url: string;
  received: Received[];
  /** How the next requests are answered, one behaviour each; then `fallback`. */
  queue: Behaviour[];
  fallback: Behaviour;
  /** Stops listening (connections refused, as a receiver that is down) until `up()`, on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export const answer =
  (status: number, body = ''): Behaviour =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(body);
  };

/** A real HTTP receiver on a loopback port, started by the test. */
export async function startReceiver(fallback: Behaviour = answer(200, 'ok')): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    queue: [],
    fallback,
    down: () => receiver.close(),
    up: () => new Promise<void>((resolve) => server.listen(Number(new URL(receiver.url).port), '127.0.0.1', resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      receiver.received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      (receiver.queue.shift() ?? receiver.fallback)(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/**
 * A second webhook service on the test server's database and clock, standing for the modules
 * that emit events in their transactions, and for the sweep a scheduled job runs each minute.
 */
export async function emitter(server: TestServer, env: Record<string, string>): Promise<{ webhooks: WebhookService; jobs: Jobs; stop(): Promise<void> }> {
  const jobs = await startJobs(server.db, server.app.log);
  const mailQueue = await createMailQueue(jobs, createMailer(server.db, { from: 'Verigate <no-reply@verigate.local>' }));
  const webhooks = await createWebhookService({
    db: server.db,
    clock: server.clock,
    config: loadConfig(env),
    jobs,
    mailQueue,
    log: server.app.log,
    audit: createAudit(server.db),
  });
  return { webhooks, jobs, stop: () => jobs.stop() };
}
