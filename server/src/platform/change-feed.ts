import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Every instance caches what the gateway needs to authenticate a call (keys, IP whitelists, app
 * products). A change to any of them is announced on this PostgreSQL channel, with the app's id
 * as payload, so every instance drops its cached copy at once.
 */
export const CREDENTIALS_CHANNEL = 'verigate_credentials';

/** Inside a transaction the announcement is sent when it commits, and not at all when it rolls back. */
export async function announceCredentialChange(tx: Executor, appId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, ${appId})`);
}
