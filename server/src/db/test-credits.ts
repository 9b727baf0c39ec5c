import { sql } from 'drizzle-orm';

/**
 * A subscription's test credits: its row's and those leased to the gateway's writer slots. Written
 * with the table's name, which drizzle leaves out of a column in a select from one table.
 */
export const testCreditsWithLeases = sql<number>`subscriptions.test_credits_remaining + coalesce((select sum(l.remaining) from credit_leases l
  where l.organisation_id = subscriptions.organisation_id and l.product_arn = subscriptions.product_arn), 0)`.mapWith(Number);
