import type { Executor } from '../db/client.js';
import type { Jobs } from './jobs.js';
import type { MailMessage, Mailer } from './mail.js';

const QUEUE = 'mail.send';

export interface MailQueue {
  /** Sends the message once `executor`'s transaction commits (never for a change that rolled back); retried on failure. */
  enqueue(executor: Executor, message: MailMessage): Promise<void>;
}

/** Email that belongs to a change goes out through the job queue, sent in the change's transaction. */
export async function createMailQueue(jobs: Jobs, mailer: Mailer): Promise<MailQueue> {
  await jobs.define(QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  await jobs.work<MailMessage>(QUEUE, (message) => mailer.send(message));
  return {
    enqueue: (executor, message) => jobs.send(QUEUE, message, { executor }),
  };
}
