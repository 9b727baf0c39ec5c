import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` where it may, probing for that as each schema is
 * built; the portal's content security policy allows no eval, so the probe would only log a
 * violation. Imported first by main.tsx, before any schema exists.
 */
config({ jitless: true });
