import { z } from 'zod';

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
  createdAt: z.string(),
});
