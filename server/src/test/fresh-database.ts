import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { seedReferenceData } from '../db/seed.js';

/** Runs one statement on the server as its administrator. */
export async function asAdmin(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A new database named `{prefix}_{random}` on the server of `adminUrl`, migrated and seeded with the reference data. */
export async function freshDatabase(adminUrl: string, prefix: string): Promise<DatabaseHandle & { url: string; name: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  await seedReferenceData(handle.db);
  return { ...handle, url: url.toString(), name };
}
