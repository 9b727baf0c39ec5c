import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test/test-database.js';
import { serverSecret } from './secrets.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('a server secret', () => {
  it('is made once, then read without making another', async () => {
    let made = 0;
    const make = () => `secret-${(made += 1)}`;
    expect(await serverSecret(database.db, 'test.once', make)).toBe('secret-1');
    expect(await serverSecret(database.db, 'test.once', make)).toBe('secret-1');
    expect(made).toBe(1);
  });

  it('is the same for every instance that asks for it at once on a new database', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => serverSecret(database.db, 'test.burst', () => `instance-${index}`)));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^instance-\d$/);
    expect(await serverSecret(database.db, 'test.burst', () => 'later')).toBe(answers[0]);
  });
});
