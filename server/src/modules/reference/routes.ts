import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { businessCategories, countries } from '../../db/schema.js';

/** Reference lists of the organisation form: countries (India first) and business categories. */
export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/country', async () => {
    const rows = await ctx.db.select().from(countries).orderBy(asc(countries.sortOrder));
    return { data: rows.map((row) => ({ _id: row.id, name: row.name, code: row.code, iso2: row.iso2, dial_code: row.dialCode, flag: row.flag })) };
  });

  app.get('/organisation/categories', async () => {
    const rows = await ctx.db.select().from(businessCategories).orderBy(asc(businessCategories.sortOrder));
    return { data: rows.map((row) => ({ _id: row.id, name: row.name, sub_category: row.subCategory })) };
  });
};
