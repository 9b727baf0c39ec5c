import { GATEWAY_REFUSALS, isBillable, REFUSALS } from '@verigate/catalog';
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/client.js';
import { poolOf } from '../db/pool.js';
import { anyLogged, callLogsJson, type PreparedCallLog, prepareCallLog, type ToLog, writeCallLogs } from './call-logs.js';
import { insertApiLogs } from '../db/api-logs.js';
import { holdAll, LOCK_WALLETS, settle, type Reservation, type Settlement } from './charging.js';
import { coded, refusal, type Outcome } from './outcome.js';
import {
  addToRollups,
  columnsOf,
  RECORD_COLUMNS,
  RECORD_MANY,
  RECORDED,
  RELEASE_TASKS,
  RESERVE_TASKS,
  rowValues,
  SHARED_SLOT,
  spendTestCredits,
  type CallRecord,
} from './transactions.js';

/**
 * Group commit (docs/decisions/0017-gateway-group-commit.md): the writes of the calls that arrive
 * together — task-id reservations, test-credit spends, wallet holds and settlements, transaction
 * rows and their rollups — share one database transaction, and each call is answered only once
 * the transaction holding its writes has committed. Everything that must be exact across
 * instances is decided by the database inside that transaction: a task id by its unique key, the
 * credits of a product under the locks of its subscription row or of the group's own lease of
 * them, a hold on the locked wallet row. Each group in the database at once writes as a slot of
 * its own — its own lease of credits, its own rollup rows — so that groups of several instances
 * do not queue on one row. A group that fails is rolled back whole and its calls are tried again one by one;
 * a call that fails alone fails to its caller (answered 111), never half-written.
 */

type Owned = CallRecord & { organisationId: string };

/** What a sandbox call's spend came to: recorded with its answer and a credit, or with the refusal that replaced it. */
export interface Spent {
  outcome: Outcome;
  /** No credit was spent: none left, or the subscription is gone (the app's cache is stale). */
  refused?: 'exhausted' | 'not_subscribed';
}

/** A live call's hold, or 107 when its task id was used by a call of the app within the window. */
export type Hold = Reservation | { held: false; reason: 'duplicate' };

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A call's log row, masked before it joins a group (call-logs.ts). */
interface Logged {
  prepared?: PreparedCallLog | undefined;
}

type Item =
  | ({ kind: 'record'; call: CallRecord; outcome: Outcome; at: Date } & Logged & Waiting<Outcome>)
  | ({ kind: 'spend'; call: Owned & { appId: string }; outcome: Outcome; at: Date } & Logged & Waiting<Spent>)
  | ({ kind: 'hold'; call: Owned; at: Date } & Waiting<Hold>)
  | ({ kind: 'settle'; call: Owned; outcome: Outcome; pricePaise: number; billable: boolean; at: Date } & Logged & Waiting<Settlement>);

export interface GroupCommitOptions {
  /** A group closes at this many calls. */
  maxSize: number;
  /** …or this long after its first call arrived, whichever comes first. */
  maxWaitMs: number;
  /** Groups in the database at once; calls arriving meanwhile wait for the next group. */
  maxInFlight: number;
}

export const GROUP_DEFAULTS: GroupCommitOptions = { maxSize: 256, maxWaitMs: 1, maxInFlight: 2 };

const DUPLICATE = coded(107);
const EXHAUSTED = refusal(GATEWAY_REFUSALS.creditsExhausted);
const NOT_SUBSCRIBED = refusal(REFUSALS.productNotSubscribed);

/** Whether a call's outcome uses its task id: it got a response code, and not 107 itself. */
const usesTask = (call: CallRecord, outcome: Outcome) => call.reserveTask === true && outcome.responseCode !== null && outcome.responseCode !== 107;

/** The results of one group, resolved only after its commit. */
interface Results {
  values: unknown[];
}

/** Runs one group in one transaction on `client`, writing as `slot`; the results in the order of `items`. */
async function runGroup(client: pg.PoolClient, items: readonly Item[], slot: number): Promise<Results> {
  const values = new Array<unknown>(items.length);
  /** The outcome each item is recorded with (undefined: a hold, recorded later by its settlement). */
  const recorded = new Array<Outcome | undefined>(items.length);
  const credited = new Array<boolean>(items.length).fill(false);
  const duplicate = new Array<boolean>(items.length).fill(false);
  const releaseTasks: string[] = [];

  // Task ids first: a duplicate spends nothing and holds nothing. Two calls of one group with the same task id: the first wins.
  const tasks: number[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const wants = item.kind === 'hold' ? item.call.reserveTask === true : item.kind !== 'settle' && usesTask(item.call, item.outcome);
    if (!wants) return;
    const key = `${item.call.appId}:${item.call.taskId}`;
    if (seen.has(key)) duplicate[index] = true;
    else {
      seen.add(key);
      tasks.push(index);
    }
  });
  if (tasks.length > 0) {
    const calls = tasks.map((index) => items[index]!.call);
    const { rows } = await client.query<{ request_id: string }>({
      name: 'gateway_reserve_tasks',
      text: RESERVE_TASKS,
      values: [
        calls.map((call) => call.appId),
        calls.map((call) => call.taskId),
        calls.map((call) => call.requestId),
        calls.map((call) => call.requestTimestamp),
      ],
    });
    const reserved = new Set(rows.map((row) => row.request_id));
    for (const index of tasks) if (!reserved.has(items[index]!.call.requestId)) duplicate[index] = true;
  }

  // Test credits: per organisation and product, the first k calls of the group get what the slot's lease, the subscription row and its leases can give.
  const wanted = new Map<string, number[]>();
  items.forEach((item, index) => {
    if (item.kind !== 'spend' || duplicate[index]) return;
    const key = `${item.call.organisationId}|${item.call.productArn}`;
    const list = wanted.get(key);
    if (list) list.push(index);
    else wanted.set(key, [index]);
  });
  if (wanted.size > 0) {
    const keys = [...wanted.keys()].sort();
    const firsts = keys.map((key) => items[wanted.get(key)![0]!]!.call);
    const { rows } = await client.query<{ organisation_id: string; product_arn: string; subscribed: boolean; granted: number }>({
      name: 'gateway_spend_credits',
      text: SPEND_CREDITS,
      values: [firsts.map((call) => call.organisationId), firsts.map((call) => call.productArn), keys.map((key) => wanted.get(key)!.length), slot],
    });
    const granted = new Map(rows.map((row) => [`${row.organisation_id}|${row.product_arn}`, row]));
    for (const key of keys) {
      const row = granted.get(key);
      wanted.get(key)!.forEach((index, position) => {
        const item = items[index] as Extract<Item, { kind: 'spend' }>;
        if (row?.subscribed && position < row.granted) {
          credited[index] = true;
          values[index] = { outcome: item.outcome } satisfies Spent;
          return;
        }
        const reason = row?.subscribed ? 'exhausted' : 'not_subscribed';
        values[index] = { outcome: reason === 'exhausted' ? EXHAUSTED : NOT_SUBSCRIBED, refused: reason } satisfies Spent;
        if (item.call.reserveTask) releaseTasks.push(item.call.requestId);
      });
    }
  }

  // Wallets: every wallet the group moves is locked in key order, then the settlements, then the holds on what they left.
  const settles: number[] = [];
  const holds: number[] = [];
  items.forEach((item, index) => {
    if (item.kind === 'settle') settles.push(index);
    else if (item.kind === 'hold' && !duplicate[index]) holds.push(index);
  });
  if (settles.length + holds.length > 0) {
    const wallets = [...new Set([...settles, ...holds].map((index) => items[index]!.call.organisationId!))];
    await client.query({ name: 'gateway_lock_wallets', text: LOCK_WALLETS, values: [wallets] });
    for (const index of settles) {
      const item = items[index] as Extract<Item, { kind: 'settle' }>;
      values[index] = await settle(client, item.call, item.pricePaise, item.at, item.billable);
    }
    if (holds.length > 0) {
      const reservations = await holdAll(
        client,
        holds.map((index) => {
          const { call, at } = items[index] as Extract<Item, { kind: 'hold' }>;
          return { organisationId: call.organisationId, productArn: call.productArn, requestId: call.requestId, at };
        }),
      );
      holds.forEach((index, position) => {
        const reservation = reservations[position]!;
        values[index] = reservation;
        const call = items[index]!.call;
        // No plan, or a product the plan does not price: refusals without a code, which leave the task id unused.
        if (!reservation.held && (reservation.reason === 'no_plan' || reservation.reason === 'not_in_plan') && call.reserveTask)
          releaseTasks.push(call.requestId);
      });
    }
  }
  if (releaseTasks.length > 0) await client.query({ name: 'gateway_release_tasks', text: RELEASE_TASKS, values: [releaseTasks] });

  // The transaction rows of every call of the group but the holds, and their rollups, in one statement.
  const rows: unknown[][] = [];
  const testCredits: boolean[] = [];
  const logged: ToLog[] = [];
  items.forEach((item, index) => {
    if (item.kind === 'hold') {
      if (duplicate[index]) values[index] = { held: false, reason: 'duplicate' } satisfies Hold;
      return;
    }
    let outcome: Outcome;
    if (item.kind === 'settle') outcome = item.outcome;
    else if (duplicate[index]) outcome = DUPLICATE;
    else if (item.kind === 'spend') outcome = (values[index] as Spent).outcome;
    else outcome = item.outcome;
    if (item.kind === 'record') values[index] = outcome;
    else if (item.kind === 'spend' && duplicate[index]) values[index] = { outcome } satisfies Spent;
    recorded[index] = outcome;
    const billable = item.kind === 'settle' ? item.billable : isBillable(outcome.responseCode);
    rows.push(rowValues(item.call, outcome, item.at, billable));
    testCredits.push(credited[index]!);
    const debited = item.kind === 'settle' && billable && (values[index] as Settlement).debited;
    logged.push({ call: item.call, outcome, billable, amountPaise: debited ? item.pricePaise : 0, prepared: item.prepared });
  });
  if (rows.length > 0) await client.query({ name: 'gateway_record_many', text: RECORD_MANY, values: [...columnsOf(rows, testCredits), slot] });
  // The calls' API Logs rows, masked, in the same transaction as their transaction rows.
  await writeCallLogs(client, logged);
  return { values };
}

/** How many calls of each key got a credit, spent as the group's slot ($4). */
const SPEND_CREDITS = spendTestCredits('$1', '$2', '$3', '$4::int', false);

/**
 * A group of sandbox answers and other records without a task id to reserve (the common group:
 * the provider API's sandbox calls, batch rows, refusals) in ONE statement, committed on its own:
 * the credits of each key spent, the k-th call of a key credited when k < what the key gave, the
 * others recorded with the credits refusal instead, and every row with its rollups. Parameters:
 * the 16 row columns, each call's rank among the spends of its key (null: a record), the spends
 * per key, the two refusals and the group's slot.
 */
const SPEND_AND_RECORD_MANY = `with spent as materialized (
  ${spendTestCredits('$18', '$19', '$20', '$25::int', false)}
), calls as (
  select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::timestamptz[],
    $10::timestamptz[], $11::int[], $12::int[], $13::text[], $14::boolean[], $15::text[], $16::text[], $17::int[])
    as c(id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id, request_timestamp, response_timestamp,
         http_status, response_code, status, billable, client_ip, message, spend_rank)
), decided as (
  select c.*, coalesce(s.subscribed, false) as subscribed, c.spend_rank is null or coalesce(c.spend_rank < s.granted, false) as answered
  from calls c left join spent s on c.spend_rank is not null and s.organisation_id = c.organisation_id and s.product_arn = c.product_arn
), recorded as (
  insert into transactions (${RECORD_COLUMNS}, test_credit)
  select id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id, request_timestamp, response_timestamp,
         case when answered then http_status when subscribed then $22::int else $24::int end,
         case when answered then response_code end,
         case when answered then status else 'FAILURE' end,
         answered and billable,
         client_ip,
         case when answered then message when subscribed then $21::text else $23::text end,
         answered and spend_rank is not null
  from decided
  returning ${RECORDED}
), ${addToRollups('$25::int')}
select id::text, answered, subscribed from decided where spend_rank is not null`;

/** Whether a group can go as one statement: no task id to reserve, no wallet to move. */
type PlainItem = Extract<Item, { kind: 'record' | 'spend' }>;
function isPlain(items: readonly Item[]): items is readonly PlainItem[] {
  return items.every((item) => (item.kind === 'record' || item.kind === 'spend') && !usesTask(item.call, item.outcome));
}

/**
 * A plain group's transaction rows as they were submitted, each spend's rank among the spends of
 * its key (null: a record), and the spends per key.
 */
function plainColumns(items: readonly PlainItem[]) {
  const rows: unknown[][] = [];
  const ranks: (number | null)[] = [];
  const perKey = new Map<string, { organisationId: string; productArn: string; calls: number }>();
  for (const item of items) {
    rows.push(rowValues(item.call, item.outcome, item.at, isBillable(item.outcome.responseCode)));
    if (item.kind !== 'spend') {
      ranks.push(null);
      continue;
    }
    const key = `${item.call.organisationId}|${item.call.productArn}`;
    const entry = perKey.get(key) ?? { organisationId: item.call.organisationId, productArn: item.call.productArn, calls: 0 };
    perKey.set(key, entry);
    ranks.push(entry.calls);
    entry.calls += 1;
  }
  const keys = [...perKey.values()];
  return { rows, ranks, keys: [keys.map((key) => key.organisationId), keys.map((key) => key.productArn), keys.map((key) => key.calls)] };
}

/**
 * A plain group whose every call gets its credit from the group's slot's own leases — the common
 * case by far — in ONE statement committed on its own, with its transaction rows, their rollups
 * and the calls' API Logs rows (prepared before the group): one round trip, and no row that
 * another slot's groups write. It is the fast path of spend_test_credits written into the
 * statement, where it costs a third of the function's call: an unlocked read says whether the
 * slot's leases cover every key's calls, then only those leases are locked, in key order, and
 * lowered. When they do not (a lease to refill, credits running out, a subscription gone) the
 * statement writes nothing (`ok` false) and the group is decided in a transaction (runPlain).
 * Parameters: the 16 row columns, whether each call spends, the keys and their calls, the log
 * rows and the group's slot.
 */
const SPEND_RECORD_AND_LOG_ALL = `with wanted as (
  select * from unnest($18::uuid[], $19::text[], $20::int[]) as w(organisation_id, product_arn, calls)
), covered as (
  select count(*) = cardinality($18::uuid[]) as ok
  from credit_leases l join wanted w on l.organisation_id = w.organisation_id and l.product_arn = w.product_arn
  join subscriptions s on s.organisation_id = l.organisation_id and s.product_arn = l.product_arn and s.status = 'SUBSCRIBED'
  where l.slot = $22::int and l.remaining >= w.calls
), locked as (
  select l.organisation_id, l.product_arn, l.remaining, w.calls
  from credit_leases l join wanted w on l.organisation_id = w.organisation_id and l.product_arn = w.product_arn
  where l.slot = $22::int and (select ok from covered)
  order by l.organisation_id, l.product_arn
  for update of l
), whole as (
  select (select ok from covered) and (select count(*) from locked where remaining >= calls) = cardinality($18::uuid[]) as ok
), spent as (
  update credit_leases l set remaining = l.remaining - k.calls
  from locked k
  where (select ok from whole) and l.organisation_id = k.organisation_id and l.product_arn = k.product_arn and l.slot = $22::int
  returning 1
), recorded as (
  insert into transactions (${RECORD_COLUMNS}, test_credit)
  select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::timestamptz[],
    $10::timestamptz[], $11::int[], $12::int[], $13::text[], $14::boolean[], $15::text[], $16::text[], $17::boolean[])
  where (select ok from whole)
  returning ${RECORDED}
), ${addToRollups('$22::int')}, logged as (
  ${insertApiLogs('$21', '(select ok from whole)')}
)
select ok from whole`;

/** The group in SPEND_RECORD_AND_LOG_ALL; undefined when a call would not get its credit (nothing written). */
async function runWhole(executor: Pick<pg.PoolClient, 'query'>, items: readonly PlainItem[], slot: number): Promise<Results | undefined> {
  const { rows, ranks, keys } = plainColumns(items);
  const values: unknown[] = columnsOf(
    rows,
    ranks.map((rank) => rank !== null),
  );
  const logged = items.map(({ call, outcome, prepared }) => ({ call, outcome, billable: isBillable(outcome.responseCode), amountPaise: 0, prepared }));
  values.push(...keys, callLogsJson(logged), slot);
  const { rows: verdict } = await executor.query<{ ok: boolean }>({ name: 'gateway_spend_record_and_log_all', text: SPEND_RECORD_AND_LOG_ALL, values });
  if (!verdict[0]?.ok) return undefined;
  return { values: items.map((item) => (item.kind === 'spend' ? ({ outcome: item.outcome } satisfies Spent) : item.outcome)) };
}

async function runPlain(executor: Pick<pg.PoolClient, 'query'>, items: readonly PlainItem[], slot: number): Promise<Results> {
  const { rows, ranks, keys } = plainColumns(items);
  const values: unknown[] = columnsOf(rows, []).slice(0, 16);
  values.push(ranks, ...keys, EXHAUSTED.message, EXHAUSTED.httpStatus, NOT_SUBSCRIBED.message, NOT_SUBSCRIBED.httpStatus, slot);
  const { rows: spends } = await executor.query<{ id: string; answered: boolean; subscribed: boolean }>({
    name: 'gateway_spend_and_record_many',
    text: SPEND_AND_RECORD_MANY,
    values,
  });
  const decided = new Map(spends.map((row) => [row.id, row]));
  const answers = items.map((item): Outcome | Spent => {
    if (item.kind !== 'spend') return item.outcome;
    const row = decided.get(item.call.requestId)!;
    if (row.answered) return { outcome: item.outcome } satisfies Spent;
    return row.subscribed
      ? ({ outcome: EXHAUSTED, refused: 'exhausted' } satisfies Spent)
      : ({ outcome: NOT_SUBSCRIBED, refused: 'not_subscribed' } satisfies Spent);
  });
  // The calls' API Logs rows with the outcomes the statement decided (a credits refusal in place of an answer).
  await writeCallLogs(
    executor,
    items.map((item, index) => {
      const outcome = item.kind === 'spend' ? (answers[index] as Spent).outcome : item.outcome;
      return { call: item.call, outcome, billable: isBillable(outcome.responseCode), amountPaise: 0, prepared: item.prepared };
    }),
  );
  return { values: answers };
}

/** Writer slots: 1 to WRITER_SLOTS (0 is SHARED_SLOT: writers outside the group commit, and the groups a closing instance sends beyond its own). */
const WRITER_SLOTS = 64;

/** The first key of the advisory locks that claim writer slots (the second is the slot). */
export const SLOT_CLAIM_LOCKS = 0x76_67_77_73;

/**
 * An instance's groups in the database at once write as a run of `maxInFlight` slots, one lane
 * each. Its slots are claimed with session advisory locks, one per slot (claim), so that instances
 * do not share a slot while there are slots enough, whatever their runs' sizes; until they are
 * claimed, or when no run is free, the run is drawn at random, and instances that share slots
 * queue on each other's rows and stay exact.
 */
function writerRuns(maxInFlight: number) {
  const runs = Math.max(1, Math.floor(WRITER_SLOTS / maxInFlight));
  const slotsOfRun = (run: number) => Array.from({ length: maxInFlight }, (_, lane) => 1 + ((run * maxInFlight + lane) % WRITER_SLOTS));
  let slots = slotsOfRun(randomInt(runs));
  return {
    slotOf: (lane: number) => slots[lane]!,
    slots: () => [...slots],
    /** Claims the first run whose every slot is free, from a random one, on `session`: held as long as it stays open; false when none is. */
    async claim(session: Pick<pg.ClientBase, 'query'>): Promise<boolean> {
      const from = randomInt(runs);
      for (let offset = 0; offset < runs; offset += 1) {
        const candidate = slotsOfRun((from + offset) % runs);
        const { rows } = await session.query<{ taken: number[] | null }>(
          'select array_agg(slot) filter (where pg_try_advisory_lock($1, slot)) as taken from unnest($2::int[]) as slot',
          [SLOT_CLAIM_LOCKS, candidate],
        );
        const taken = rows[0]!.taken ?? [];
        if (taken.length === candidate.length) {
          slots = candidate;
          return true;
        }
        if (taken.length > 0) await session.query('select pg_advisory_unlock($1, slot) from unnest($2::int[]) as slot', [SLOT_CLAIM_LOCKS, taken]);
      }
      return false;
    },
  };
}

/** The group committer of one database: `submit` queues a call's writes and resolves once they are committed. */
export function createGroupCommit(db: Database, options: GroupCommitOptions = GROUP_DEFAULTS) {
  const pool = poolOf(db);
  let queue: Item[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight = 0;
  let closing = false;
  const running = new Set<Promise<void>>();
  const runs = writerRuns(options.maxInFlight);
  const freeLanes = Array.from({ length: options.maxInFlight }, (_, lane) => lane);

  async function attempt(items: readonly Item[], slot: number): Promise<Results> {
    // A plain group without log rows (refusals before an app was known) stays one statement committed on its own.
    const plain = isPlain(items);
    if (plain && !anyLogged(items)) return runPlain(pool, items, slot);
    if (plain) {
      const whole = await runWhole(pool, items, slot);
      if (whole) return whole;
    }
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      const results = plain ? await runPlain(client, items as readonly PlainItem[], slot) : await runGroup(client, items, slot);
      await client.query('commit');
      return results;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  function settleItems(items: readonly Item[], results: Results): void {
    items.forEach((item, index) => (item.resolve as (value: unknown) => void)(results.values[index]));
  }

  /** The group, or when it fails each of its calls alone: only a call that fails alone is failed. */
  async function commit(items: Item[], slot: number): Promise<void> {
    try {
      settleItems(items, await attempt(items, slot));
    } catch (error) {
      if (items.length === 1) {
        items[0]!.reject(error);
        return;
      }
      for (const item of items) {
        try {
          settleItems([item], await attempt([item], slot));
        } catch (alone) {
          item.reject(alone);
        }
      }
    }
  }

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0 && (inFlight < options.maxInFlight || closing)) {
      const items = queue.slice(0, options.maxSize);
      queue = queue.slice(items.length);
      inFlight += 1;
      const lane = freeLanes.pop();
      const done: Promise<void> = commit(items, lane === undefined ? SHARED_SLOT : runs.slotOf(lane)).finally(() => {
        inFlight -= 1;
        if (lane !== undefined) freeLanes.push(lane);
        running.delete(done);
        // Calls that arrived while the groups were busy form the next group at once.
        if (queue.length > 0) flush();
      });
      running.add(done);
    }
  }

  type Unanswered = Item extends infer Each ? (Each extends Item ? Omit<Each, 'resolve' | 'reject'> : never) : never;

  function submit<T>(item: Unanswered): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ ...item, resolve, reject } as Item);
      if (closing || queue.length >= options.maxSize) flush();
      else if (!timer && inFlight < options.maxInFlight) timer = setTimeout(flush, options.maxWaitMs);
    });
  }

  return {
    /** A call's transaction row (a refusal, say); its outcome, 107 when its task id turned out to be used. */
    record: (call: CallRecord, outcome: Outcome, at: Date) =>
      submit<Outcome>({
        kind: 'record',
        call,
        outcome,
        at,
        prepared: prepareCallLog({ call, outcome, billable: isBillable(outcome.responseCode), amountPaise: 0 }),
      }),
    /** A sandbox answer with its test credit, or the refusal recorded instead when none is left. */
    spend: (call: Owned & { appId: string }, outcome: Outcome, at: Date) =>
      submit<Spent>({
        kind: 'spend',
        call,
        outcome,
        at,
        prepared: prepareCallLog({ call, outcome, billable: isBillable(outcome.responseCode), amountPaise: 0 }),
      }),
    /** A live call's price held on its wallet before it is forwarded. */
    hold: (call: Owned, at: Date) => submit<Hold>({ kind: 'hold', call, at }),
    /** A live call's hold settled (debited when billable) with its transaction row. */
    settle: (call: Owned, outcome: Outcome, pricePaise: number, billable: boolean, at: Date) =>
      submit<Settlement>({
        kind: 'settle',
        call,
        outcome,
        pricePaise,
        billable,
        at,
        prepared: prepareCallLog({ call, outcome, billable, amountPaise: billable ? pricePaise : 0 }),
      }),
    /**
     * Claims a run of writer slots no other instance holds, on a connection this instance keeps open
     * (the credential cache's): held while it stays open, claimed again on the next one.
     */
    claimSlots: runs.claim,
    /** The writer slots this instance's groups write as now. */
    slots: runs.slots,
    /** Commits what is queued and waits for every group in the database: before the pool closes. */
    async close(): Promise<void> {
      closing = true;
      flush();
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
