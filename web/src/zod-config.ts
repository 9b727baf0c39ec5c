/**
 * Zod compiles object parsers with `new Function` where it may, probing for that as each schema is
 * built; the portal's content security policy allows no eval, so the probe would only log a
 * violation. Zod takes its settings from this global when it loads, so main.tsx sets it first
 * without importing zod: zod then loads only with the screens whose schemas need it.
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod keeps, should it have loaded first.
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
