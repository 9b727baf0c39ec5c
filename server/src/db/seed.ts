import { sql } from 'drizzle-orm';
import { countries as countryData, getEmojiFlag, type TCountryCode } from 'countries-list';
import iso2To3 from 'countries-list/minimal/countries.2to3.min.json' with { type: 'json' };
import type { Database } from './client.js';
import { businessCategories, countries } from './schema.js';

/** India leads the country list; the rest follow alphabetically. */
const FIRST_COUNTRY = 'IN';

function countryRows() {
  const alpha3 = iso2To3 as Record<string, string>;
  return (Object.keys(countryData) as TCountryCode[])
    .filter((iso2) => alpha3[iso2])
    .map((iso2) => ({
      iso2,
      code: alpha3[iso2]!,
      name: countryData[iso2].name,
      dialCode: `+${countryData[iso2].phone[0] ?? ''}`,
      flag: getEmojiFlag(iso2),
    }))
    .sort((a, b) => (a.iso2 === FIRST_COUNTRY ? -1 : b.iso2 === FIRST_COUNTRY ? 1 : a.name.localeCompare(b.name)))
    .map((row, index) => ({ ...row, sortOrder: index }));
}

/** Business categories as the organisation form offers them: sub_category is the label. */
const CATEGORY_ROWS: ReadonlyArray<{ name: string; subCategory: string }> = [
  { name: 'Financial Services', subCategory: 'Bank' },
  { name: 'Financial Services', subCategory: 'NBFC' },
  { name: 'Financial Services', subCategory: 'Fintech' },
  { name: 'Financial Services', subCategory: 'Insurance' },
  { name: 'Financial Services', subCategory: 'Broking and Wealth' },
  { name: 'Financial Services', subCategory: 'Payments' },
  { name: 'Financial Services', subCategory: 'Lending Platform' },
  { name: 'Commerce', subCategory: 'E-commerce' },
  { name: 'Commerce', subCategory: 'Marketplace' },
  { name: 'Commerce', subCategory: 'Retail' },
  { name: 'Mobility', subCategory: 'Automobile' },
  { name: 'Mobility', subCategory: 'Logistics' },
  { name: 'Mobility', subCategory: 'Ride Hailing' },
  { name: 'Services', subCategory: 'Staffing and HR' },
  { name: 'Services', subCategory: 'Background Verification' },
  { name: 'Services', subCategory: 'Real Estate' },
  { name: 'Services', subCategory: 'Healthcare' },
  { name: 'Services', subCategory: 'Education' },
  { name: 'Services', subCategory: 'Travel and Hospitality' },
  { name: 'Technology', subCategory: 'Telecom' },
  { name: 'Technology', subCategory: 'Gaming' },
  { name: 'Technology', subCategory: 'SaaS' },
  { name: 'Government', subCategory: 'Public Sector' },
  { name: 'other', subCategory: 'other' },
];

/** Idempotent: safe on every start and from several instances at once. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(countries)
    .values(countryRows())
    .onConflictDoUpdate({
      target: countries.code,
      set: {
        name: sql`excluded.name`,
        dialCode: sql`excluded.dial_code`,
        flag: sql`excluded.flag`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  await db
    .insert(businessCategories)
    .values(CATEGORY_ROWS.map((row, index) => ({ ...row, sortOrder: index })))
    .onConflictDoUpdate({
      target: [businessCategories.name, businessCategories.subCategory],
      set: { sortOrder: sql`excluded.sort_order` },
    });
}
