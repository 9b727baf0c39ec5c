/**
 * What the portal, the server and the API documents share. The modules at the top build the calls'
 * zod schemas. constants.ts, messages.ts, permissions.ts, reference-lists.ts and rules/ build none
 * (rules/rule-string.ts and rules/amount.ts aside, which make schema fields of rules): they hold
 * the limits, labels, messages and rules a screen shows and checks, so a screen that needs no
 * schema loads no zod. The dashboard is such a screen (e2e/journeys/page-weight.test.ts).
 */
export * from './constants.js';
export * from './envelope.js';
export * from './messages.js';
export * from './user.js';
export * from './rules/rule.js';
export * from './rules/rule-string.js';
export * from './rules/email.js';
export * from './rules/names.js';
export * from './rules/password.js';
export * from './rules/organisation.js';
export * from './organisation.js';
export * from './product.js';
export * from './rules/app.js';
export * from './app.js';
export * from './events.js';
export * from './reference.js';
export * from './rules/step-up.js';
export * from './step-up.js';
export * from './rules/ip.js';
export * from './reference-lists.js';
export * from './rules/amount.js';
export * from './rules/billing.js';
export * from './billing.js';
export * from './doc.js';
export * from './trial.js';
export * from './rules/reports.js';
export * from './reports.js';
export * from './batch.js';
export * from './csv.js';
export * from './logs.js';
export * from './webhooks.js';
export * from './permissions.js';
export * from './route-access.js';
export * from './members.js';
export * from './upstream-callbacks.js';
export * from './rules/one-time-code.js';
export * from './two-factor.js';
export * from './audit-log.js';
export * from './invoices.js';
export * from './spend.js';
