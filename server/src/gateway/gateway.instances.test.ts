import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exampleRequest, productByArn } from '@verigate/catalog';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createGroupCommit, SLOT_CLAIM_LOCKS } from './group-commit.js';
import { coded } from './outcome.js';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, ledgerOf, payPlan } from '../test/billing-support.js';
import { callApi, creditsOf, liveApp, panBody, setCredits, testCustomer, type Customer, type ProviderReply } from '../test/gateway-support.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * Two app instances, each with its own pool and its own group committer, on one database: what
 * must be exact — test credits, wallet holds, duplicate task ids, one transaction row per answered
 * call and rollups that add up to the rows — holds whichever instance answers.
 */

const PAN = 'in_identity_pan_lite';
const DL = 'in_identity_dl_lite';
const CREDITS_EXHAUSTED = 'test credits exhausted for this product';

let upstream: Server;
let database: TestDatabase;
let second: DatabaseHandle;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":100}'), 20));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const env = billingEnv({ UPSTREAM_URLS: JSON.stringify({ [PAN]: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan` }) });
  database = await createTestDatabase();
  second = await openDatabase(database.url);
  one = await createTestServer(env, { database });
  two = await createTestServer(env, { database: second, clockAt: one.clock.now() });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await second?.close();
  await database?.close();
  await new Promise((resolve) => upstream.close(resolve));
});

const sandboxCall = (server: TestServer, customer: Customer, body: unknown = panBody()) =>
  callApi(server, { arn: PAN, appId: customer.appId, key: customer.key, body });

/** Every answered call has exactly one transaction row and one API Logs row, and both rollups add up to the rows of the organisation. */
async function expectRecordedOnce(orgId: string, replies: ProviderReply[]) {
  const { rows } = await database.db.execute<{ id: string; rows: number }>(
    sql`select id::text, count(*)::int as rows from transactions where organisation_id = ${orgId}::uuid group by id`,
  );
  expect(rows.every((row) => row.rows === 1)).toBe(true);
  const answered = new Set(replies.map((reply) => reply.body.request_id));
  for (const reply of replies) expect(answered.has(reply.body.request_id)).toBe(true);
  expect(rows.filter((row) => answered.has(row.id))).toHaveLength(replies.length);
  // Each row has its API Logs row, which says what the row says (the credits refusal where a call got none).
  const { rows: logs } = await database.db.execute<{ rows: number; unmatched: number }>(
    sql`select count(*)::int as rows, count(*) filter (where l.id is null)::int as unmatched from transactions t
        left join api_logs l on l.id = t.id and l.http_status = t.http_status and l.response_code is not distinct from t.response_code
        where t.organisation_id = ${orgId}::uuid`,
  );
  expect(logs[0]).toEqual({ rows: rows.length, unmatched: 0 });
  const [{ logged } = { logged: -1 }] = (
    await database.db.execute<{ logged: number }>(sql`select count(*)::int as logged from api_logs where organisation_id = ${orgId}::uuid`)
  ).rows;
  expect(logged).toBe(rows.length);
  const [totals] = (
    await database.db.execute<{ stored: number; daily: number; by_app: number; credits: number; daily_credits: number }>(
      sql`select (select count(*) from transactions where organisation_id = ${orgId}::uuid)::int as stored,
                 (select coalesce(sum(calls), 0) from usage_daily where organisation_id = ${orgId}::uuid)::int as daily,
                 (select coalesce(sum(calls), 0) from usage_daily_by_app where organisation_id = ${orgId}::uuid)::int as by_app,
                 (select count(*) from transactions where organisation_id = ${orgId}::uuid and test_credit)::int as credits,
                 (select coalesce(sum(test_credits), 0) from usage_daily where organisation_id = ${orgId}::uuid)::int as daily_credits`,
    )
  ).rows;
  expect(totals).toEqual({
    stored: totals!.stored,
    daily: totals!.stored,
    by_app: totals!.stored,
    credits: totals!.daily_credits,
    daily_credits: totals!.daily_credits,
  });
  return totals!;
}

function expectCreditSplit(replies: ProviderReply[], granted: number) {
  const answered = replies.filter((reply) => reply.body.response_code === 100);
  const refused = replies.filter((reply) => reply.body.response_code !== 100);
  expect(answered).toHaveLength(granted);
  for (const reply of refused) {
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ response_code: null, response_message: CREDITS_EXHAUSTED, metadata: { billable: 'N' } });
  }
}

describe('test credits with grouped writes', () => {
  it('gives exactly 50 sandbox answers to 200 concurrent calls on 50 credits of one instance', async () => {
    const customer = await testCustomer(one, CUSTOMERS[0]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 50);
    const replies = await Promise.all(Array.from({ length: 200 }, () => sandboxCall(one, customer)));
    expectCreditSplit(replies, 50);
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(0);
    expect(await expectRecordedOnce(customer.orgId, replies)).toMatchObject({ stored: 200, credits: 50 });
  });

  it('gives exactly 50 sandbox answers to 200 concurrent calls on 50 credits split over two instances', async () => {
    const customer = await testCustomer(one, CUSTOMERS[1]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 50);
    const replies = await Promise.all(Array.from({ length: 200 }, (_, index) => sandboxCall(index % 2 === 0 ? one : two, customer)));
    expectCreditSplit(replies, 50);
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(0);
    expect(await expectRecordedOnce(customer.orgId, replies)).toMatchObject({ stored: 200, credits: 50 });
  });

  it('accepts a task id sent to two instances at once exactly once; the other call is 107 and spends nothing', async () => {
    const customer = await testCustomer(one, CUSTOMERS[2]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 100);
    const taskIds = Array.from({ length: 10 }, () => randomUUID());
    const pairs = await Promise.all(
      taskIds.map((taskId) =>
        Promise.all([sandboxCall(one, customer, panBody(undefined, { task_id: taskId })), sandboxCall(two, customer, panBody(undefined, { task_id: taskId }))]),
      ),
    );
    for (const pair of pairs) {
      expect(pair.map((reply) => reply.body.response_code).sort()).toEqual([100, 107]);
      const duplicate = pair.find((reply) => reply.body.response_code === 107)!;
      expect(duplicate).toMatchObject({ status: 400, body: { response_message: 'Duplicate Transaction', metadata: { billable: 'N' } } });
    }
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(90);
    // Sent again later, to either instance, each task id is still a duplicate.
    const again = await Promise.all(taskIds.map((taskId, index) => sandboxCall(index % 2 ? one : two, customer, panBody(undefined, { task_id: taskId }))));
    expect(again.every((reply) => reply.body.response_code === 107)).toBe(true);
    expect(await expectRecordedOnce(customer.orgId, [...pairs.flat(), ...again])).toMatchObject({ stored: 30, credits: 10 });
  });
});

describe('writer slots', () => {
  it('each instance holds slots of its own while it lives', async () => {
    const { rows } = await database.db.execute<{ slot: number; pid: number }>(
      sql`select objid::int as slot, pid from pg_locks
          where locktype = 'advisory' and classid = ${SLOT_CLAIM_LOCKS} and objsubid = 2 and granted
            and database = (select oid from pg_database where datname = current_database())`,
    );
    // Two groups in flight each: two slots per instance, on two backends.
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.slot)).size).toBe(4);
    expect(new Set(rows.map((row) => row.pid)).size).toBe(2);
  });

  it('are claimed run by run until none is free, whatever the size of a run, and come free when their session ends', async () => {
    // A database of its own: the app instances above hold slots in theirs.
    const own = await createTestDatabase();
    const session = async () => {
      const client = new pg.Client({ connectionString: own.url });
      await client.connect();
      return client;
    };
    const sessions = await Promise.all(Array.from({ length: 5 }, session));
    try {
      // 64 slots in runs of 16: four runs to claim, on four sessions; the fifth finds none.
      const groups = sessions.map(() => createGroupCommit(own.db, { maxSize: 8, maxWaitMs: 1, maxInFlight: 16 }));
      const claimed = [];
      for (const [index, group] of groups.entries()) claimed.push(await group.claimSlots(sessions[index]!));
      expect(claimed).toEqual([true, true, true, true, false]);
      const held = groups.slice(0, 4).flatMap((group) => group.slots());
      expect(held.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 64 }, (_, index) => index + 1));
      // A run of another size finds every slot taken too, and keeps none of the locks it tried.
      const small = createGroupCommit(own.db, { maxSize: 8, maxWaitMs: 1, maxInFlight: 2 });
      expect(await small.claimSlots(sessions[4]!)).toBe(false);

      await sessions[2]!.end();
      expect(await groups[4]!.claimSlots(sessions[4]!)).toBe(true);
      expect(groups[4]!.slots()).toEqual(groups[2]!.slots());
    } finally {
      await Promise.all(sessions.map((each) => each.end().catch(() => undefined)));
      await own.close();
    }
  });
});

describe('test credits leased to writer slots', () => {
  const leasesOf = async (orgId: string) =>
    (
      await database.db.execute<{ slot: number; remaining: number }>(
        sql`select slot, remaining from credit_leases where organisation_id = ${orgId}::uuid and product_arn = ${PAN} order by slot`,
      )
    ).rows;
  const shownCredits = async (customer: Customer) => {
    const listed = await one.request('GET', '/api/product?subscription_status=subscribed', { token: customer.token });
    return (listed.body.data as Array<{ arn: string; remaining_test_credits: number }>).find((product) => product.arn === PAN)!.remaining_test_credits;
  };

  it('are spent by each instance from a lease of its own, and the credits shown add the leases', async () => {
    const customer = await testCustomer(one, CUSTOMERS[6]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 10_000);
    const replies = await Promise.all(Array.from({ length: 400 }, (_, index) => sandboxCall(index % 2 === 0 ? one : two, customer)));
    expectCreditSplit(replies, 400);
    const leases = await leasesOf(customer.orgId);
    expect(leases.length).toBeGreaterThan(0);
    expect(leases.every((lease) => lease.slot > 0 && lease.remaining >= 0)).toBe(true);
    expect(leases.reduce((sum, lease) => sum + lease.remaining, 0)).toBeGreaterThan(0);
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(9_600);
    expect(await shownCredits(customer)).toBe(9_600);
    const { rows: slots } = await database.db.execute<{ slot: number }>(
      sql`select distinct slot from usage_daily where organisation_id = ${customer.orgId}::uuid`,
    );
    expect(slots.every((row) => row.slot > 0)).toBe(true);
    expect(await expectRecordedOnce(customer.orgId, replies)).toMatchObject({ stored: 400, credits: 400 });
  });

  it('are taken back from the slots of instances that stopped when the subscription row runs out: every credit is spent once', async () => {
    const customer = await testCustomer(one, CUSTOMERS[7]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 2);
    // Leases left by instances that stopped, in slots no running instance writes as.
    await database.db.execute(
      sql`insert into credit_leases (organisation_id, product_arn, slot, remaining) values (${customer.orgId}::uuid, ${PAN}, 1000, 5), (${customer.orgId}::uuid, ${PAN}, 1001, 4)`,
    );
    expect(await shownCredits(customer)).toBe(11);
    const replies = await Promise.all(Array.from({ length: 40 }, (_, index) => sandboxCall(index % 2 === 0 ? one : two, customer)));
    expectCreditSplit(replies, 11);
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(0);
    expect((await leasesOf(customer.orgId)).every((lease) => lease.remaining === 0)).toBe(true);
    expect(await shownCredits(customer)).toBe(0);
    expect(await expectRecordedOnce(customer.orgId, replies)).toMatchObject({ stored: 40, credits: 11 });
  });

  it("are each spent once when a burst of two products runs them out over two instances, a stopped instance's leases included", async () => {
    const customer = await testCustomer(one, CUSTOMERS[8]!, [PAN, DL]);
    const bodies: Record<string, unknown> = { [PAN]: panBody(), [DL]: exampleRequest(productByArn(DL)!) };
    for (const [arn, credits, stopped] of [
      [PAN, 20, 7],
      [DL, 15, 9],
    ] as const) {
      await setCredits(one, customer.orgId, arn, credits);
      await database.db.execute(
        sql`insert into credit_leases (organisation_id, product_arn, slot, remaining) values (${customer.orgId}::uuid, ${arn}, 1000, ${stopped})`,
      );
    }
    const arns = [PAN, DL, DL, PAN];
    const replies = await Promise.all(
      Array.from({ length: 240 }, (_, index) => {
        const arn = arns[index % 4]!;
        return callApi(index % 3 === 0 ? two : one, { arn, appId: customer.appId, key: customer.key, body: bodies[arn] }).then((reply) => ({ arn, reply }));
      }),
    );
    expectCreditSplit(
      replies.filter((each) => each.arn === PAN).map((each) => each.reply),
      27,
    );
    expectCreditSplit(
      replies.filter((each) => each.arn === DL).map((each) => each.reply),
      24,
    );
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(0);
    expect(await creditsOf(one, customer.orgId, DL)).toBe(0);
    expect(
      await expectRecordedOnce(
        customer.orgId,
        replies.map((each) => each.reply),
      ),
    ).toMatchObject({ stored: 240, credits: 51 });
  });
});

describe('prepaid wallet with grouped holds', () => {
  it('charges exactly 10 of 50 concurrent live calls split over two instances on a wallet funded for 10', async () => {
    const customer = await activatedCustomer(one, CUSTOMERS[3]!);
    const plan = await customPlan(one, customer.orgId, { name: 'Metered', plan_type: 'PREPAID', amount: 20, validity_months: 1, prices: { [PAN]: 2 } });
    await payPlan(one, customer, plan._id);
    const live = await liveApp(one, customer.orgId, [PAN]);
    expect(await ledgerOf(one.db, customer.orgId)).toMatchObject({ balance: 2000, reserved: 0 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        callApi(index % 2 ? one : two, { environment: 'live', arn: PAN, appId: live.appId, key: live.key, body: panBody() }),
      ),
    );
    expect(replies.filter((reply) => reply.body.response_code === 100)).toHaveLength(10);
    for (const reply of replies.filter((each) => each.body.response_code !== 100)) expect([112, 113]).toContain(reply.body.response_code);
    const ledger = await ledgerOf(one.db, customer.orgId);
    expect(ledger).toMatchObject({ balance: 0, reserved: 0, ledgerSum: 0 });
    const { rows } = await one.db.execute<{ lowest: number }>(
      sql`select min(balance_after_paise)::int as lowest from wallet_entries where organisation_id = ${customer.orgId}::uuid`,
    );
    expect(rows[0]!.lowest).toBeGreaterThanOrEqual(0);
    expect(await expectRecordedOnce(customer.orgId, replies)).toMatchObject({ stored: 50 });
  });
});

describe('a failing group', () => {
  it('is rolled back whole and retried call by call: only the call that fails alone fails, nothing of it written', async () => {
    const customer = await testCustomer(one, CUSTOMERS[5]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 100);
    const group = createGroupCommit(one.db, { maxSize: 6, maxWaitMs: 60_000, maxInFlight: 1 });
    const callOf = (organisationId: string) => ({
      requestId: randomUUID(),
      groupId: randomUUID(),
      taskId: randomUUID(),
      environment: 'test' as const,
      productArn: PAN,
      clientIp: '127.0.0.1',
      appId: customer.appId,
      organisationId,
      requestTimestamp: one.clock.now(),
    });
    const good = Array.from({ length: 5 }, () => group.spend(callOf(customer.orgId), coded(100), one.clock.now()));
    // An organisation that does not exist: its rollup row breaks the rollups' foreign key, and the group with it.
    const broken = group.record(callOf(randomUUID()), coded(106), one.clock.now()).then(
      () => 'answered',
      () => 'failed',
    );
    const spent = await Promise.allSettled(good);
    expect(spent.every((result) => result.status === 'fulfilled' && result.value.outcome.responseCode === 100)).toBe(true);
    expect(await broken).toBe('failed');
    await group.close();
    const { rows } = await database.db.execute<{ stored: number }>(
      sql`select count(*)::int as stored from transactions where app_id = ${customer.appId}::uuid`,
    );
    expect(rows[0]!.stored).toBe(5);
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(95);
  });
});

describe('closing', () => {
  it('commits and answers every queued call before close returns, so the pool can close after it', async () => {
    const customer = await testCustomer(one, CUSTOMERS[4]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 1000);
    const handle = await openDatabase(database.url);
    // A group that would wait a minute to close: only close() can commit it.
    const group = createGroupCommit(handle.db, { maxSize: 1000, maxWaitMs: 60_000, maxInFlight: 1 });
    const calls = Array.from({ length: 30 }, () => ({
      requestId: randomUUID(),
      groupId: randomUUID(),
      taskId: randomUUID(),
      environment: 'test' as const,
      productArn: PAN,
      clientIp: '127.0.0.1',
      appId: customer.appId,
      organisationId: customer.orgId,
      requestTimestamp: one.clock.now(),
    }));
    const answers = calls.map((call) => group.spend(call, coded(100), one.clock.now()));
    let answered = 0;
    for (const answer of answers) void answer.then(() => (answered += 1));
    await group.close();
    await handle.close();
    expect(answered).toBe(30);
    expect((await Promise.all(answers)).every((spent) => spent.outcome.responseCode === 100 && !spent.refused)).toBe(true);
    const { rows } = await database.db.execute<{ stored: number }>(
      sql`select count(*)::int as stored from transactions where organisation_id = ${customer.orgId}::uuid and test_credit`,
    );
    expect(rows[0]!.stored).toBe(30);
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(970);
  });
});
