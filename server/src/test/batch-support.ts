import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { BatchTask } from '@verigate/contracts';
import { organisations } from '../db/schema.js';
import type { TestServer } from './harness.js';
import { subscribedMember, type SubscribedMember } from './members.js';
import { multipart } from './multipart.js';

export const PAN_LITE = 'in_identity_pan_lite';

export type BatchMember = SubscribedMember;

export const dataDir = () => mkdtemp(path.join(tmpdir(), 'verigate-batch-'));

/** A member of a fully onboarded organisation with its test app and `arns` subscribed (approved where needed). */
export async function batchMember(server: TestServer, email: string, arns: string[], status = 'PLAN_SUBSCRIBED'): Promise<BatchMember> {
  const member = await subscribedMember(server, email, arns);
  // The way to PLAN_SUBSCRIBED (KYC, activation, a paid plan) is the billing tests'; here only the status matters.
  await server.db.update(organisations).set({ onboardingStatus: status }).where(eq(organisations.id, member.orgId));
  return member;
}

/** Valid PANs the sandbox answers 100 (characters 6–9 never 0NNN, its magic inputs). */
export function panRows(count: number, start = 0): string[] {
  return Array.from({ length: count }, (_, index) => `ABCPE${1000 + ((start + index) % 9000)}F`);
}

export const panCsv = (pans: readonly string[]) => `customer_pan_number,customer_dob,name_to_match\n${pans.map((pan) => `${pan},,`).join('\n')}\n`;

export interface TaskForm {
  batch_name?: string;
  batch_type?: string;
  user_email?: string;
  org_id?: string;
  tpm?: string;
  response_type?: string;
  env?: string;
}

/** createTask as the portal sends it: the fields, then the file. */
export async function createTask(server: TestServer, who: BatchMember, form: TaskForm, file?: { name: string; content: Buffer | string }) {
  const fields: Record<string, string> = {};
  const values = { batch_name: 'PAN run', batch_type: PAN_LITE, user_email: who.email, org_id: who.orgId, ...form };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) fields[name] = value;
  const files = file ? [{ field: 'upload_file', name: file.name, content: Buffer.from(file.content), type: 'text/csv' }] : [];
  const { body, contentType } = multipart(fields, files);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/productBatchService/createTask',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType },
    payload: body,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as any };
}

export async function tasksOf(server: TestServer, who: BatchMember, query = ''): Promise<BatchTask[]> {
  const reply = await server.request('GET', `/api/productBatchService/getTask?org_id=${who.orgId}${query}`, { token: who.token });
  if (reply.status !== 200) throw new Error(`getTask answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.data as BatchTask[];
}

export async function taskOf(server: TestServer, who: BatchMember, batchId: string): Promise<BatchTask> {
  const task = (await tasksOf(server, who)).find((item) => item.batchId === batchId);
  if (!task) throw new Error(`no batch ${batchId}`);
  return task;
}

/** Polls until the batch satisfies `check` (the worker runs on the queue). */
export async function waitForTask(server: TestServer, who: BatchMember, batchId: string, check: (task: BatchTask) => boolean, ms = 30_000): Promise<BatchTask> {
  const start = Date.now();
  for (;;) {
    const task = await taskOf(server, who, batchId);
    if (check(task)) return task;
    if (Date.now() - start > ms) throw new Error(`gave up waiting: ${JSON.stringify(task)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A results file as rows of cells. */
export const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true }) as string[][];
