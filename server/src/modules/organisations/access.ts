import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { memberships, organisations, twoFactor } from '../../db/schema.js';
import { organisationIdHeader } from '@verigate/contracts';
import { AppError } from '../../platform/errors.js';
import { firstIssue } from '../../platform/validation.js';

export const ORGANISATION_NOT_FOUND = 'Organisation not found';

export interface Membership {
  role: string;
  organisationName: string;
  /** The organisation requires two-factor sign-in and the member has not set it up. */
  twoFactorMissing: boolean;
}

/**
 * Tenant isolation: a user reaches an organisation only through a membership. An organisation the
 * user does not belong to is answered as unknown (404), exactly like one that does not exist.
 */
export function createAccess(db: Database) {
  async function rolesOf(userId: string) {
    const rows = await db.select().from(memberships).where(eq(memberships.userId, userId)).orderBy(asc(memberships.createdAt));
    return rows.map((row) => ({ org_id: row.organisationId, role: row.role }));
  }

  /**
   * The user's role in the organisation, and whether the organisation requires a second factor the
   * user has not set up; an id that is unknown or not theirs is 404, a malformed one 400.
   */
  async function requireMember(userId: string, organisationId: string): Promise<Membership> {
    if (!organisationIdHeader.safeParse(organisationId).success) throw new AppError('bad_request', ORGANISATION_NOT_FOUND);
    const [row] = await db
      .select({
        role: memberships.role,
        organisationName: organisations.name,
        twoFactorMissing: sql<boolean>`${organisations.requireTwoFactor} and not exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${memberships.userId} and ${twoFactor.confirmedAt} is not null)`,
      })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
    if (!row) throw new AppError('not_found', ORGANISATION_NOT_FOUND);
    return row;
  }

  /** The organisation a call acts for and the user's membership of it: the `x-org-id` header when given (and the user's), else the user's first. */
  async function membershipOf(userId: string, requested?: string): Promise<Membership & { organisationId: string }> {
    if (requested) {
      const organisationId = organisationIdHeader.safeParse(requested);
      if (!organisationId.success) throw firstIssue(organisationId.error);
      return { organisationId: organisationId.data, ...(await requireMember(userId, organisationId.data)) };
    }
    const [first] = await rolesOf(userId);
    if (!first) throw new AppError('conflict', 'Create your organisation first');
    return { organisationId: first.org_id, ...(await requireMember(userId, first.org_id)) };
  }

  return { rolesOf, requireMember, membershipOf };
}
