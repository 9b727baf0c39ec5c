import type { RateLimitSetting } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import type { Audit } from '../../platform/audit.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { OrganisationService } from '../organisations/service.js';
import type { UserService } from '../users/service.js';
import { setRateLimit } from './rate-limits.js';

interface Dependencies {
  db: Database;
  audit: Audit;
  organisations: Pick<OrganisationService, 'withMembers'>;
  users: Pick<UserService, 'emailsOf'>;
}

/** Back-office views that span modules; each module's own operations are called on its service. */
export function createAdminService({ db, audit, organisations, users }: Dependencies) {
  return {
    /** An operator's calls per second for each app of the organisation (null: its plan's). */
    setRateLimit: (organisationId: string, setting: RateLimitSetting, operator: string, origin: RequestOrigin) =>
      setRateLimit(db, audit, organisationId, setting, operator, origin),

    /** Every organisation, newest first, with its status and the email of each member. */
    async organisations() {
      const rows = await organisations.withMembers();
      const emails = await users.emailsOf(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
      return rows.map(({ userId, ...row }) => ({ ...row, email: userId ? (emails.get(userId) ?? null) : null }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
