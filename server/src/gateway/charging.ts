import type { Database } from '../db/client.js';
import { poolOf } from '../db/pool.js';
import type pg from 'pg';
import { insertThresholdAlerts } from '../db/wallet-thresholds.js';
import type { CallRecord } from './transactions.js';

/**
 * Charging a live call (docs/decisions/0009-wallet-ledger-and-reservations.md). Before the call
 * is forwarded, one statement reserves the unit price of the product in the organisation's ACTIVE
 * plan on its wallet; after the answer, and before it is sent, one statement settles it: a
 * billable answer is debited once (ledger reference 'call:<request id>', unique), anything else
 * releases the hold — together with the call's transaction row and, when the balance crosses the
 * alert line or a threshold, alert rows. A hold also counts against the organisation's daily spend
 * cap (docs/decisions/0021-spend-controls.md): `cap_used_paise` is what the day `cap_day` has held
 * or spent, raised by the hold and lowered again when the hold is released unspent.
 * Reservations a crashed instance left behind are released by `releaseStaleReservations` on a schedule.
 */

export type Reservation =
  { held: true; pricePaise: number } | { held: false; reason: 'no_plan' | 'not_in_plan' | 'balance_low' | 'too_many_pending' | 'daily_cap' };

/** India has one offset and no daylight saving: a day in Asia/Kolkata is a UTC day shifted by 5 h 30 min. */
const KOLKATA_OFFSET_MS = 19_800_000;
const kolkataDay = (at: Date): string => new Date(at.getTime() + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Holds the price when the wallet allows it: PREPAID needs balance − reserved ≥ price, POSTPAID
 * is never refused. When refused, the balance read in the same statement tells 112 (the balance
 * alone is short) from 113 (enough balance, but not once the calls in flight are counted).
 */
const RESERVE = `with plan as (
  select s.plan_id from plan_subscriptions s where s.organisation_id = $1::uuid and s.status = 'ACTIVE'
), price as (
  select pp.unit_price_paise::bigint as amount from plan join plan_prices pp on pp.plan_id = plan.plan_id and pp.product_arn = $2::text
), held as (
  update wallets w set reserved_paise = w.reserved_paise + price.amount
  from price
  where w.organisation_id = $1::uuid and (w.plan_type = 'POSTPAID' or w.balance_paise - w.reserved_paise >= price.amount)
  returning price.amount
), reservation as (
  insert into wallet_reservations (request_id, organisation_id, product_arn, amount_paise, created_at)
  select $3::uuid, $1::uuid, $2::text, held.amount, $4::timestamptz from held
  returning amount_paise
)
select exists (select 1 from plan) as has_plan,
       (select amount from price)::float8 as price,
       (select amount_paise from reservation)::float8 as held,
       (select balance_paise from wallets where organisation_id = $1::uuid)::float8 as balance`;

export async function reserve(db: Database, organisationId: string, productArn: string, requestId: string, now: Date): Promise<Reservation> {
  const { rows } = await poolOf(db).query<{ has_plan: boolean; price: number | null; held: number | null; balance: number | null }>({
    name: 'gateway_reserve',
    text: RESERVE,
    values: [organisationId, productArn, requestId, now],
  });
  const row = rows[0]!;
  if (row.held !== null) return { held: true, pricePaise: row.held };
  if (!row.has_plan) return { held: false, reason: 'no_plan' };
  if (row.price === null) return { held: false, reason: 'not_in_plan' };
  return { held: false, reason: (row.balance ?? 0) >= row.price ? 'too_many_pending' : 'balance_low' };
}

/** The day a POSTPAID consumption limit counts, in India's time zone. */
const DAY = `(($2::timestamptz) at time zone 'Asia/Kolkata')::date`;

/**
 * One statement: the reservation deleted (so a settle and a release can never both adjust it),
 * the wallet moved (debit when billable, the hold released either way, and a released hold given
 * back to its day's cap), the ledger entry, the alert rows on a crossing; the call's transaction
 * row is written by the group's insert in the same database transaction (group-commit.ts).
 * $1 request id, $2 the settlement's time, $3 billable.
 */
const SETTLE = `with released as (
  delete from wallet_reservations where request_id = $1::uuid returning organisation_id, product_arn, amount_paise, created_at
), moved as (
  update wallets w set
    reserved_paise = w.reserved_paise - r.amount_paise,
    balance_paise = w.balance_paise - case when $3::boolean then r.amount_paise else 0 end,
    day_consumption_paise = case when not $3::boolean then w.day_consumption_paise
                                 when w.consumption_day = ${DAY} then w.day_consumption_paise + r.amount_paise
                                 else r.amount_paise end,
    consumption_day = case when $3::boolean then ${DAY} else w.consumption_day end,
    cap_used_paise = case when not $3::boolean and w.cap_day = (r.created_at at time zone 'Asia/Kolkata')::date
                          then greatest(w.cap_used_paise - r.amount_paise, 0) else w.cap_used_paise end,
    updated_at = $2::timestamptz
  from released r
  where w.organisation_id = r.organisation_id
  returning w.organisation_id, w.plan_type, w.balance_paise, w.alert_balance_paise, w.day_consumption_paise, r.amount_paise, r.product_arn,
            w.alert_percents, w.plan_amount_paise, case when $3::boolean then r.amount_paise else 0 end as debit_paise,
            'call:' || $1::text as reference, $2::timestamptz as at
), entry as (
  insert into wallet_entries (organisation_id, reference, kind, amount_paise, balance_after_paise, product_arn, created_at)
  select organisation_id, 'call:' || $1::text, 'CALL', -amount_paise, balance_paise, product_arn, $2::timestamptz from moved where $3::boolean
  returning 1
), alert as (
  insert into wallet_alerts (organisation_id, kind, crossing_key, balance_paise, threshold_paise, created_at)
  select organisation_id,
         case when plan_type = 'PREPAID' then 'LOW_BALANCE' else 'DAILY_LIMIT' end,
         case when plan_type = 'PREPAID' then 'call:' || $1::text else ${DAY}::text end,
         case when plan_type = 'PREPAID' then balance_paise else day_consumption_paise end,
         alert_balance_paise, $2::timestamptz
  from moved
  where $3::boolean and amount_paise > 0 and alert_balance_paise > 0 and (
    (plan_type = 'PREPAID' and balance_paise < alert_balance_paise and balance_paise + amount_paise >= alert_balance_paise)
    or (plan_type = 'POSTPAID' and day_consumption_paise > alert_balance_paise and day_consumption_paise - amount_paise <= alert_balance_paise))
  on conflict do nothing
  returning id
), thresholds as (
  ${insertThresholdAlerts('moved')}
)
select (select count(*) from moved)::int as settled,
       array(select id::text from alert union all select id::text from thresholds) as alert_ids`;

/** What the day of $4 has used of its cap before this debit. */
const CAP_USED_TODAY = `case when w.cap_day = ($4::timestamptz at time zone 'Asia/Kolkata')::date then w.cap_used_paise else 0 end`;

/**
 * A billable call whose reservation is gone (held longer than the release age): debited at its
 * price if the wallet and the day's cap still allow it, else not at all — never twice, the
 * reference is unique.
 */
const LATE_DEBIT = `with moved as (
  update wallets w set balance_paise = w.balance_paise - $3::bigint, updated_at = $4::timestamptz,
    cap_used_paise = ${CAP_USED_TODAY} + $3::bigint, cap_day = ($4::timestamptz at time zone 'Asia/Kolkata')::date
  where w.organisation_id = $1::uuid and (w.plan_type = 'POSTPAID' or w.balance_paise - w.reserved_paise >= $3::bigint)
    and (w.daily_cap_paise is null or ${CAP_USED_TODAY} + $3::bigint <= w.daily_cap_paise)
    and not exists (select 1 from wallet_entries where reference = 'call:' || $2::text)
  returning w.organisation_id, w.balance_paise
)
insert into wallet_entries (organisation_id, reference, kind, amount_paise, balance_after_paise, product_arn, created_at)
select organisation_id, 'call:' || $2::text, 'CALL', -$3::bigint, balance_paise, $5::text, $4::timestamptz from moved
returning 1`;

export interface Settlement {
  /** The alert rows written when this call crossed the alert line or thresholds. */
  alertIds: string[];
  /** false when the reservation had already been released and a billable call could not be debited. */
  debited: boolean;
}

/** Settles one live call inside the group's transaction (its wallet locked by LOCK_WALLETS). */
export async function settle(
  client: pg.PoolClient,
  call: CallRecord & { organisationId: string },
  pricePaise: number,
  at: Date,
  billable: boolean,
): Promise<Settlement> {
  const { rows } = await client.query<{ settled: number; alert_ids: string[] }>({
    name: 'gateway_settle',
    text: SETTLE,
    values: [call.requestId, at, billable],
  });
  const row = rows[0]!;
  if (row.settled > 0 || !billable) return { alertIds: row.alert_ids, debited: true };
  const late = await client.query({
    name: 'gateway_late_debit',
    text: LATE_DEBIT,
    values: [call.organisationId, call.requestId, pricePaise, at, call.productArn],
  });
  return { alertIds: [], debited: (late.rowCount ?? 0) > 0 };
}

/** The wallets a group moves, locked in key order before any of them is, so two groups never wait crosswise. */
export const LOCK_WALLETS = 'select organisation_id from wallets where organisation_id = any($1::uuid[]) order by organisation_id for update';

/** What the holds of a group are decided on: the ACTIVE plan, its prices of the products asked for, the wallet and its day's cap. */
const HOLD_TERMS = `select o.org::text as organisation_id,
  exists (select 1 from plan_subscriptions s where s.organisation_id = o.org and s.status = 'ACTIVE') as has_plan,
  w.plan_type, w.balance_paise::float8 as balance, w.reserved_paise::float8 as reserved,
  w.daily_cap_paise::float8 as cap, w.cap_day::text as cap_day, w.cap_used_paise::float8 as cap_used,
  (select json_object_agg(pp.product_arn, pp.unit_price_paise) from plan_subscriptions s join plan_prices pp on pp.plan_id = s.plan_id
   where s.organisation_id = o.org and s.status = 'ACTIVE' and pp.product_arn = any($2::text[])) as prices
from unnest($1::uuid[]) o(org) left join wallets w on w.organisation_id = o.org`;

/** The holds granted: each wallet's reserved sum raised once and its day's cap use set, a reservation row per call. */
const HOLD = `with moved as (
  update wallets w set reserved_paise = w.reserved_paise + v.amount, cap_day = v.day, cap_used_paise = v.used
  from unnest($1::uuid[], $2::bigint[], $8::date[], $9::bigint[]) v(org, amount, day, used) where w.organisation_id = v.org returning 1
)
insert into wallet_reservations (request_id, organisation_id, product_arn, amount_paise, created_at)
select * from unnest($3::uuid[], $4::uuid[], $5::text[], $6::bigint[], $7::timestamptz[])`;

export interface HoldRequest {
  organisationId: string;
  productArn: string;
  requestId: string;
  at: Date;
}

/**
 * The holds of a group's live calls, decided in arrival order on wallets locked by LOCK_WALLETS
 * with the rule of RESERVE: PREPAID needs balance − reserved ≥ price, POSTPAID is never refused;
 * a refusal tells 112 (the balance alone is short) from 113 (short with the calls in flight). Then
 * the daily cap: what the call's day (Asia/Kolkata) has held or spent, plus the price, may not
 * pass it (114). A hold of a day later than the wallet's `cap_day` starts that day's count at zero.
 */
export async function holdAll(client: pg.PoolClient, requests: readonly HoldRequest[]): Promise<Reservation[]> {
  const organisations = [...new Set(requests.map((request) => request.organisationId))];
  const arns = [...new Set(requests.map((request) => request.productArn))];
  const { rows } = await client.query<{
    organisation_id: string;
    has_plan: boolean;
    plan_type: string | null;
    balance: number | null;
    reserved: number | null;
    cap: number | null;
    cap_day: string | null;
    cap_used: number | null;
    prices: Record<string, number> | null;
  }>({ name: 'gateway_hold_terms', text: HOLD_TERMS, values: [organisations, arns] });
  const wallets = new Map(rows.map((row) => [row.organisation_id, { ...row, reserved: row.reserved ?? 0, capUsed: row.cap_used ?? 0, added: 0 }]));
  const held: HoldRequest[] = [];
  const amounts: number[] = [];
  const reservations = requests.map((request): Reservation => {
    const wallet = wallets.get(request.organisationId)!;
    if (!wallet.has_plan) return { held: false, reason: 'no_plan' };
    const price = wallet.prices?.[request.productArn];
    if (price === undefined) return { held: false, reason: 'not_in_plan' };
    const balance = wallet.balance;
    if (balance !== null && (wallet.plan_type === 'POSTPAID' || balance - wallet.reserved >= price)) {
      const day = kolkataDay(request.at);
      // A straggler from before midnight counts against the later day: never less than was held.
      if (wallet.cap_day === null || day > wallet.cap_day) {
        wallet.cap_day = day;
        wallet.capUsed = 0;
      }
      if (wallet.cap !== null && wallet.capUsed + price > wallet.cap) return { held: false, reason: 'daily_cap' };
      wallet.capUsed += price;
      wallet.reserved += price;
      wallet.added += price;
      held.push(request);
      amounts.push(price);
      return { held: true, pricePaise: price };
    }
    return { held: false, reason: (balance ?? 0) >= price ? 'too_many_pending' : 'balance_low' };
  });
  if (held.length > 0) {
    const moved = [...wallets.values()].filter((wallet) => wallet.added > 0);
    await client.query({
      name: 'gateway_hold',
      text: HOLD,
      values: [
        moved.map((wallet) => wallet.organisation_id),
        moved.map((wallet) => wallet.added),
        held.map((request) => request.requestId),
        held.map((request) => request.organisationId),
        held.map((request) => request.productArn),
        amounts,
        held.map((request) => request.at),
        moved.map((wallet) => wallet.cap_day),
        moved.map((wallet) => wallet.capUsed),
      ],
    });
  }
  return reservations;
}

/**
 * Releases the holds older than `olderThan` (calls whose instance died before settling them):
 * each reservation is deleted by exactly one of settle and release, so the wallet's reserved sum
 * is adjusted once; the task id such a call reserved is free again (it was never answered).
 * Returns how many were released.
 */
const RELEASE_STALE = `with released as (
  delete from wallet_reservations where created_at < $1::timestamptz returning request_id, organisation_id, amount_paise, created_at
), tasks as (
  delete from gateway_tasks t using released r where t.request_id = r.request_id
), totals as (
  select organisation_id, sum(amount_paise) as amount, count(*) as holds from released group by organisation_id
), moved as (
  update wallets w set
    reserved_paise = w.reserved_paise - totals.amount,
    cap_used_paise = greatest(w.cap_used_paise - coalesce((select sum(r.amount_paise) from released r
      where r.organisation_id = w.organisation_id and (r.created_at at time zone 'Asia/Kolkata')::date = w.cap_day), 0), 0)
  from totals where w.organisation_id = totals.organisation_id returning totals.holds
)
select coalesce(sum(holds), 0)::int as released from moved`;

export async function releaseStaleReservations(db: Database, olderThan: Date): Promise<number> {
  const { rows } = await poolOf(db).query<{ released: number }>(RELEASE_STALE, [olderThan]);
  return rows[0]?.released ?? 0;
}
