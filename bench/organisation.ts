import type { Database } from '../server/src/db/client.js';
import { businessCategories, organisations } from '../server/src/db/schema.js';

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
