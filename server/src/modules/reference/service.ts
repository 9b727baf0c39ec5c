import { asc, eq } from 'drizzle-orm';
import type { BusinessCategory, Country } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { businessCategories, countries } from '../../db/schema.js';

/** The reference lists of the organisation form: countries (India first) and business categories. */
export function createReferenceService(db: Database) {
  return {
    async countries(): Promise<Country[]> {
      const rows = await db.select().from(countries).orderBy(asc(countries.sortOrder));
      return rows.map((row) => ({ _id: row.id, name: row.name, code: row.code, iso2: row.iso2, dial_code: row.dialCode, flag: row.flag }));
    },

    async categories(): Promise<BusinessCategory[]> {
      const rows = await db.select().from(businessCategories).orderBy(asc(businessCategories.sortOrder));
      return rows.map((row) => ({ _id: row.id, name: row.name, sub_category: row.subCategory }));
    },

    async category(id: string): Promise<{ id: string; subCategory: string } | undefined> {
      const [row] = await db
        .select({ id: businessCategories.id, subCategory: businessCategories.subCategory })
        .from(businessCategories)
        .where(eq(businessCategories.id, id));
      return row;
    },

    async country(code: string): Promise<{ code: string } | undefined> {
      const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
      return row;
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
