import pg from 'pg';
import type { Database } from './client.js';

/**
 * The pg Pool under the drizzle database (`$client`): the gateway takes its LISTEN connection from
 * it and runs its hot statements as named queries (each connection plans them once); the job
 * queue runs its SQL on it.
 */
export function poolOf(db: Database): pg.Pool {
  const client = (db as Database & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('Verigate needs a drizzle database over a pg Pool');
  return client;
}
