import { z } from 'zod';

/** GET /country: every country, India (IND) first. */
export const country = z.strictObject({ _id: z.string(), name: z.string(), code: z.string(), iso2: z.string(), dial_code: z.string(), flag: z.string() });
export type Country = z.infer<typeof country>;

/** GET /organisation/categories: `sub_category` is the label the organisation form offers. */
export const businessCategory = z.strictObject({ _id: z.string(), name: z.string(), sub_category: z.string() });
export type BusinessCategory = z.infer<typeof businessCategory>;
