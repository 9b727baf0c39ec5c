import { z } from 'zod';
import { PLAN_TYPES } from '@verigate/contracts';

/** The back office's requests and answers; its one client is `npm run admin` (server/src/admin-cli.ts). */
export const productDecision = z.strictObject({ organisationId: z.uuid(), arn: z.string().min(1).max(100) });
export const managerAssignment = z.strictObject({
  role: z.enum(['kam', 'business_manager']),
  name: z.string().trim().min(3).max(50),
  email: z.email().max(64),
  phone: z.string().regex(/^\+?\d{6,15}$/, 'phone must be digits'),
});
export const userByEmail = z.strictObject({ email: z.email().max(64) });
export const auditQuery = z.strictObject({ organisationId: z.uuid().optional() });
export const documentIdParam = z.strictObject({ documentId: z.uuid() });

export const organisationRow = z.strictObject({ id: z.string(), name: z.string(), status: z.string(), email: z.string().nullable() });
export const productRequest = z.strictObject({ organisationId: z.string(), arn: z.string(), name: z.string(), requestedAt: z.string() });
export const activationRequest = z.strictObject({
  organisationId: z.string(),
  name: z.string(),
  fields: z.record(z.string(), z.unknown()),
  documents: z.array(z.strictObject({ id: z.string(), kind: z.string(), fileName: z.string(), sizeBytes: z.number(), sha256: z.string() })),
  requestedAt: z.string(),
});
export const userAccess = z.strictObject({ _id: z.string(), email: z.string(), deactivated: z.boolean() });
export const auditEntry = z.strictObject({
  id: z.string(),
  actor: z.string(),
  organisationId: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});

/** Rupees with at most two decimals (paise). */
const rupees = z
  .number()
  .positive()
  .max(1e9)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'amount has at most two decimals');
export const customPlanRequest = z.strictObject({
  name: z.string().trim().min(2).max(40),
  plan_type: z.enum(PLAN_TYPES),
  amount: z.number().min(0).max(1e9),
  validity_months: z.number().int().min(1).max(120),
  base_plan: z.string().max(40).optional(),
  prices: z.record(z.string().max(100), z.number().min(0).max(1e6)).optional(),
});
export const transferRecord = z.strictObject({ amount: rupees, utr: z.string().regex(/^[A-Za-z0-9]{6,30}$/, 'utr must be 6 to 30 letters or digits') });
export const planRow = z.strictObject({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  planType: z.string(),
  organisationId: z.string().nullable(),
  listed: z.boolean(),
  amount: z.number(),
  validityMonths: z.number(),
});
export const openRequest = z.strictObject({
  id: z.string(),
  organisationId: z.string(),
  requestType: z.string(),
  amount: z.number().nullable(),
  createdAt: z.string(),
});
