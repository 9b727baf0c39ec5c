import type { Database } from '../server/src/db/client.js';
import { apps, businessCategories, organisations } from '../server/src/db/schema.js';

type OnboardingStatus = NonNullable<(typeof organisations.$inferInsert)['onboardingStatus']>;

/** The organisation a bench measures, at the onboarding status its calls need. */
export async function insertBenchOrganisation(db: Database, onboardingStatus: OnboardingStatus, email = 'bench@verigate-bench.in') {
  const [category] = await db.select().from(businessCategories).limit(1);
  const contact = { name: 'Bench Person', email, designation: 'Engineer', phone: '9876543210' };
  const [organisation] = await db
    .insert(organisations)
    .values({
      name: 'Bench Org',
      tradeName: 'Bench Org',
      category: category!.subCategory,
      categoryId: category!.id,
      countryCode: 'IND',
      onboardingStatus,
      businessPoc: contact,
      technicalPoc: contact,
    })
    .returning();
  return organisation!;
}

/** `count` apps of the organisation named App 0, App 1, …, the first its test app; their ids in that order. */
export async function insertBenchApps(db: Database, organisationId: string, count: number): Promise<string[]> {
  const rows = await db
    .insert(apps)
    .values(Array.from({ length: count }, (_, index) => ({ organisationId, name: `App ${index}`, isTestApp: index === 0 })))
    .returning({ id: apps.id });
  return rows.map((row) => row.id);
}
