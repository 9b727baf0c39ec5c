import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Every instance caches what the gateway needs to authenticate a call (keys, IP whitelists, app
 * products). A change to any of them is announced on this PostgreSQL channel, with the app's id
 * as payload, so every instance drops its cached copy at once.
 */
export const CREDENTIALS_CHANNEL = 'verigate_credentials';

export async function announceCredentialChange(db: Pick<Database, 'execute'>, appId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, ${appId})`);
}
