import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, LEDGER_CSV_COLUMNS, STATEMENT_CSV_COLUMNS, todayIn } from '@verigate/contracts';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, ledgerOf, payPlan, type Activated } from '../../test/billing-support.js';
import { callApi, liveApp, panBody } from '../../test/gateway-support.js';
import { createTestServer, STRONG_PASSWORD, type TestServer } from '../../test/harness.js';

const run = promisify(execFile);
const PAN = 'in_identity_pan_lite';
const IST = 'Asia/Kolkata';

let upstream: Server;
let server: TestServer;
let customer: Activated;
let stranger: Activated;
let live: { appId: string; key: string };
let workDir = '';

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: 100, result: { ok: true } })));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await createTestServer(billingEnv({ UPSTREAM_URLS: JSON.stringify({ [PAN]: `${base}/pan` }) }));
  workDir = await mkdtemp(path.join(tmpdir(), 'statements-'));
  customer = await activatedCustomer(server, CUSTOMERS[0]!, { name: 'Ledger Labs, Pune', trade_name: 'Labs' });
  stranger = await activatedCustomer(server, CUSTOMERS[1]!, { name: 'Other Company', trade_name: 'Other Company' });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(workDir, { recursive: true, force: true });
});

const liveCall = () => callApi(server, { environment: 'live', arn: PAN, appId: live.appId, key: live.key, body: panBody() });
async function topUp(rupees: number) {
  const created = await server.request('POST', '/api/payment/create', { token: customer.token, body: { amount: rupees } });
  expect(created.status).toBe(200);
  const paid = await server.app.inject({
    method: 'POST',
    url: `/checkout/${created.body.data.link_id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(paid.statusCode).toBe(303);
}
const file = (url: string, who = customer) => server.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${who.token}` } });

/** A CSV of Verigate's (no quoted line breaks) as rows of cells. */
function rowsOf(csv: string): string[][] {
  return csv
    .trim()
    .split('\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => match[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1));
}
const paiseOf = (cell: string | undefined) => Math.round(Number(cell) * 100);

/** The statement CSV's lines by section, in paise, and checks that they add up to its closing balance. */
function reconciled(csv: string) {
  const [header, ...rows] = rowsOf(csv);
  expect(header).toEqual([...STATEMENT_CSV_COLUMNS]);
  const sum = (section: string) => rows.filter((row) => row[0] === section).reduce((total, row) => total + paiseOf(row[5]), 0);
  const opening = paiseOf(rows.find((row) => row[0] === 'Opening balance')?.[5]);
  const closing = paiseOf(rows.find((row) => row[0] === 'Closing balance')?.[5]);
  expect(opening + sum('Credit') + sum('Charge') + sum('Adjustment')).toBe(closing);
  return { rows, opening, closing, credits: sum('Credit'), charges: sum('Charge') };
}

describe('the monthly statement', () => {
  it('adds up from opening to closing balance, which is the wallet at the month’s end, in a month with live calls, top-ups and a plan payment', async () => {
    const plan = await customPlan(server, customer.orgId, { name: 'Metered', plan_type: 'PREPAID', amount: 5000, validity_months: 12, prices: { [PAN]: 2.5 } });
    await payPlan(server, customer, plan._id);
    live = await liveApp(server, customer.orgId, [PAN]);
    // Time passes between the payments and the calls (the test clock stands still otherwise).
    server.clock.advance(1000);
    await topUp(1001);
    server.clock.advance(1000);
    for (const reply of await Promise.all(Array.from({ length: 3 }, liveCall))) expect(reply.status).toBe(200);

    const month = todayIn(IST, server.clock.now()).slice(0, 7);
    const csv = await file(`/statements/${month}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.csv"`);
    const statement = reconciled(csv.body);
    const wallet = await ledgerOf(server.db, customer.orgId);
    expect(statement).toMatchObject({ opening: 0, credits: 5000_00 + 1001_00, charges: -7_50, closing: wallet.balance });
    expect(statement.closing).toBe(wallet.ledgerSum);
    const credits = statement.rows.filter((row) => row[0] === 'Credit').map((row) => row[2]);
    expect(credits).toEqual([expect.stringMatching(/^Plan credit \(INV\d{4}-\d{6}\)$/), expect.stringMatching(/^Wallet top-up \(RCT\d{4}-\d{6}\)$/)]);
    expect(statement.rows.filter((row) => row[0] === 'Charge')).toEqual([
      ['Charge', todayIn(IST, server.clock.now()), 'Live calls', expect.any(String), '3', '-7.5'],
    ]);
    expect(statement.rows[0]![2]).toBe('Ledger Labs, Pune');

    const pdf = await file(`/statements/${month}?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pdfPath = path.join(workDir, 'statement.pdf');
    await writeFile(pdfPath, pdf.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', pdfPath, '-']);
    for (const text of [
      'STATEMENT OF ACCOUNT',
      'Opening balance'.toUpperCase(),
      'CLOSING BALANCE',
      'Charges per product and day',
      'Credits',
      '5,993.50',
      '-7.50',
      'Adjustments',
    ]) {
      expect(stdout).toContain(text);
    }
  });

  it('carries a month’s closing balance into the next month’s opening', async () => {
    const now = server.clock.now();
    const thisMonth = todayIn(IST, now).slice(0, 7);
    const nextMonthStart = new Date(`${addDays(`${thisMonth}-28`, 4).slice(0, 7)}-01T01:00:00+05:30`);
    const before = (await ledgerOf(server.db, customer.orgId)).balance;
    server.clock.advance(nextMonthStart.getTime() - now.getTime());
    customer.token = (await server.login(CUSTOMERS[0]!, STRONG_PASSWORD)).body.data.token;
    expect((await liveCall()).status).toBe(200);

    const previous = reconciled((await file(`/statements/${thisMonth}?format=csv`)).body);
    expect(previous.closing).toBe(before);
    const current = reconciled((await file(`/statements/${todayIn(IST, server.clock.now()).slice(0, 7)}?format=csv`)).body);
    expect(current).toMatchObject({ opening: before, credits: 0, charges: -2_50, closing: (await ledgerOf(server.db, customer.orgId)).balance });
  });

  it('is refused for a malformed month, one before 2020 or one still to come, and another organisation sees only its own', async () => {
    const now = server.clock.now();
    for (const [month, message] of [
      ['2026-13', 'Choose a month as YYYY-MM'],
      ['26-11', 'Choose a month as YYYY-MM'],
      ['2019-12', 'Statements start from January 2020'],
      [`${Number(todayIn(IST, now).slice(0, 4)) + 1}-01`, 'Statements are available up to the current month'],
    ] as const) {
      const reply = await file(`/statements/${month}?format=csv`);
      expect(reply.statusCode).toBe(400);
      expect(JSON.parse(reply.body).err.message).toBe(message);
    }
    expect(JSON.parse((await file(`/statements/2026-01?format=xls`)).body).err.message).toBe('Choose a statement format: pdf or csv');
    stranger.token = (await server.login(CUSTOMERS[1]!, STRONG_PASSWORD)).body.data.token;
    const theirs = reconciled((await file(`/statements/${todayIn(IST, now).slice(0, 7)}?format=csv`, stranger)).body);
    expect(theirs).toMatchObject({ opening: 0, credits: 0, charges: 0, closing: 0 });
  });
});

describe('the ledger download', () => {
  it('lists every entry of the range with the balance after it, and refuses more than a year', async () => {
    const today = todayIn(IST, server.clock.now());
    const reply = await file(`/ledger.csv?start_date=${addDays(today, -40)}&end_date=${today}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="ledger-${addDays(today, -40)}-to-${today}.csv"`);
    const [header, ...rows] = rowsOf(reply.body);
    expect(header).toEqual([...LEDGER_CSV_COLUMNS]);
    const wallet = await ledgerOf(server.db, customer.orgId);
    expect(rows).toHaveLength(wallet.entries);
    expect(rows.map((row) => row[1])).toEqual(['Plan credit', 'Wallet top-up', 'Live call', 'Live call', 'Live call', 'Live call']);
    expect(rows.reduce((sum, row) => sum + paiseOf(row[4]), 0)).toBe(wallet.balance);
    expect(paiseOf(rows.at(-1)![5])).toBe(wallet.balance);
    expect(rows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);

    for (const [query, message] of [
      [`start_date=${addDays(today, -366)}&end_date=${today}`, 'Max difference between dates should be 365 days'],
      [`start_date=${today}&end_date=${addDays(today, -1)}`, 'End date cannot be before start date'],
      [`start_date=${today}&end_date=${addDays(today, 1)}`, 'Dates cannot be after today'],
      ['start_date=2026-02-30&end_date=2026-03-01', 'Dates must be calendar dates (YYYY-MM-DD)'],
    ] as const) {
      const refused = await file(`/ledger.csv?${query}`);
      expect(refused.statusCode).toBe(400);
      expect(JSON.parse(refused.body).err.message).toBe(message);
    }
    const theirs = rowsOf((await file(`/ledger.csv?start_date=${addDays(today, -40)}&end_date=${today}`, stranger)).body);
    expect(theirs).toHaveLength(1);
  });
});
