import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { serverSecrets } from '../db/schema.js';

/** A URL-safe random secret with `bytes` of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens, links and keys are stored as SHA-256 digests: a leaked table leaks nothing usable. */
export function sha256(value: string): string {
  return hash('sha256', value);
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Reads a server secret, creating it once; every instance ends up with the same value. A stored
 * secret is read without making a new one: some (an RSA-4096 key) take a second of CPU to make.
 */
export async function serverSecret(db: Database, name: string, generate: () => string): Promise<string> {
  const read = async () => (await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)))[0]?.value;
  const stored = await read();
  if (stored !== undefined) return stored;
  await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const created = await read();
  if (created === undefined) throw new Error(`server secret ${name} could not be stored`);
  return created;
}
