/**
 * The low-balance thresholds a debit crossed (docs/decisions/0021-spend-controls.md), as the
 * insert of their `wallet_alerts` rows, for the statement that moves the balance: `moved` is a
 * common table expression of the wallets just updated, with `organisation_id`, `plan_type`,
 * `balance_paise` (after the move), `alert_percents`, `plan_amount_paise`, `debit_paise` (what
 * the move took, 0 for a credit), `reference` (the ledger entry's) and `at`. A threshold alerts
 * when the balance goes from at or above it to below it, decided on the locked row's values in
 * that statement: once per crossing, and again only after a credit lifted the balance back.
 */
export const insertThresholdAlerts = (
  moved: string,
) => `insert into wallet_alerts (organisation_id, kind, crossing_key, balance_paise, threshold_paise, threshold_percent, created_at)
  select m.organisation_id, 'THRESHOLD', p.percent::text || ':' || m.reference, m.balance_paise, t.paise, p.percent, m.at
  from ${moved} m
  cross join lateral unnest(m.alert_percents) as p(percent)
  cross join lateral (select (m.plan_amount_paise * p.percent + 50) / 100 as paise) as t
  where m.plan_type = 'PREPAID' and m.debit_paise > 0 and t.paise > 0 and m.balance_paise < t.paise and m.balance_paise + m.debit_paise >= t.paise
  on conflict do nothing
  returning id`;
