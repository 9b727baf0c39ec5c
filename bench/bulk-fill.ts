import type pg from 'pg';
import { seconds } from './measure.js';
import { addMonths, partitionName, type Month, type PartitionedTable } from '../server/src/modules/usage/partitions.js';

/**
 * Fills the months of a partitioned table the way a bulk import would: each month's table
 * detached with its indexes dropped, filled by `insert(month)` (an INSERT … SELECT returning its
 * row count), and attached back, so its indexes are built once, sorted, rather than row by row.
 */
export async function fillMonths(
  client: pg.PoolClient,
  table: PartitionedTable,
  months: Month[],
  insert: (partition: string, month: Month) => Promise<number>,
): Promise<void> {
  await client.query("set synchronous_commit = off; set maintenance_work_mem = '1GB'; set max_parallel_maintenance_workers = 2");
  for (const month of months) {
    const partition = partitionName(month, table);
    await client.query(`alter table ${table.parent} detach partition ${partition}`);
    const { rows: indexes } = await client.query<{ name: string; constraint: string | null }>(
      `select i.relname as name, c.conname as constraint from pg_index x join pg_class i on i.oid = x.indexrelid
       left join pg_constraint c on c.conindid = x.indexrelid where x.indrelid = $1::regclass`,
      [partition],
    );
    for (const index of indexes) {
      await client.query(index.constraint ? `alter table ${partition} drop constraint "${index.constraint}"` : `drop index "${index.name}"`);
    }
  }
  for (const month of months) {
    const partition = partitionName(month, table);
    const start = performance.now();
    const rows = await insert(partition, month);
    const attach = performance.now();
    await client.query(
      `alter table ${table.parent} attach partition ${partition} for values from ('${month}-01 00:00:00+05:30') to ('${addMonths(month, 1)}-01 00:00:00+05:30')`,
    );
    console.log(`  ${month}: ${rows.toLocaleString('en-IN')} rows in ${seconds(start)}, indexes and attach ${seconds(attach)}`);
  }
}
