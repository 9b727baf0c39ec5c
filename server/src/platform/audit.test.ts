import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { auditEvents, businessCategories, organisations } from '../db/schema.js';
import { createTestDatabase } from '../test/test-database.js';
import { createAudit, type Audit } from './audit.js';

let database: DatabaseHandle;
let audit: Audit;
let category: { id: string; subCategory: string };

beforeAll(async () => {
  database = await createTestDatabase();
  audit = createAudit(database.db);
  const [first] = await database.db.select().from(businessCategories).limit(1);
  category = first!;
});
afterAll(() => database.close());

const ORIGIN = { clientIp: '203.0.113.9', userAgent: 'Mozilla/5.0 (audit test)' };

/** Creates an organisation and its audit entry in one transaction, failing after both when told to. */
async function createOrganisation(name: string, failAfterwards: boolean) {
  await database.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(organisations)
      .values({
        name,
        tradeName: name,
        category: category.subCategory,
        categoryId: category.id,
        countryCode: 'IND',
        onboardingStatus: 'ORG_CREATED',
        businessPoc: { name: 'Meera Iyer', email: 'meera@acme.in', designation: 'CFO', phone: '9876543210' },
        technicalPoc: { name: 'Ravi Kumar', email: 'ravi@acme.in', designation: 'CTO', phone: '9876543210' },
      })
      .returning();
    await audit.record(tx, { actor: 'user:test', organisationId: created!.id, action: 'organisation.created', details: { name }, origin: ORIGIN });
    if (failAfterwards) throw new Error('the change failed after its audit entry was written');
  });
}

const entriesNamed = async (name: string) =>
  (await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'organisation.created'))).filter((row) => row.details.name === name);

describe('the audit trail', () => {
  it('keeps no entry for a change that rolled back', async () => {
    await expect(createOrganisation('Rolled Back Ltd', true)).rejects.toThrow('the change failed');
    expect(await database.db.select().from(organisations).where(eq(organisations.name, 'Rolled Back Ltd'))).toEqual([]);
    expect(await entriesNamed('Rolled Back Ltd')).toEqual([]);
  });

  it('keeps exactly one entry for a change that committed', async () => {
    await createOrganisation('Committed Ltd', false);
    const [organisation] = await database.db.select().from(organisations).where(eq(organisations.name, 'Committed Ltd'));
    const entries = await entriesNamed('Committed Ltd');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ organisationId: organisation!.id, clientIp: ORIGIN.clientIp, userAgent: ORIGIN.userAgent });
    expect((await audit.latest(organisation!.id)).map((entry) => entry.action)).toEqual(['organisation.created']);
  });
});
