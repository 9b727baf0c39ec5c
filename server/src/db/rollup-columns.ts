/**
 * The count columns of the daily rollups (usage_daily, usage_daily_by_app), as SQL: how a set of
 * `transactions` rows is counted into them, and how two counts of one key add up. The gateway adds
 * each group of calls this way; the usage module rebuilds and folds rows with the same lists.
 */

const COUNT_COLUMNS = ['calls', 'billable', 'success', 'billable_success', 'test_credits'];

export const ROLLUP_COUNT_COLUMNS = COUNT_COLUMNS.join(', ');

/** The counts of ROLLUP_COUNT_COLUMNS over `transactions` rows, in that order. */
export const ROLLUP_COUNTS =
  "count(*), count(*) filter (where billable), count(*) filter (where status = 'SUCCESS'), " +
  "count(*) filter (where billable and status = 'SUCCESS'), count(*) filter (where test_credit)";

/** An upsert's `set` list: the row already stored (`table`, its alias) plus the one being inserted. */
export const addRollupCounts = (table: string) => COUNT_COLUMNS.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');

/** The sums of ROLLUP_COUNT_COLUMNS over rollup rows (grouped by a key), in that order. */
export const ROLLUP_SUMS = COUNT_COLUMNS.map((column) => `sum(${column})`).join(', ');

/** A rollup's day of a `transactions` row: the day in India Standard Time. */
export const ROLLUP_DAY = "(request_timestamp at time zone 'Asia/Kolkata')::date";
