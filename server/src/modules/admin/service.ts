import type { OrganisationService } from '../organisations/service.js';
import type { UserService } from '../users/service.js';

interface Dependencies {
  organisations: Pick<OrganisationService, 'withMembers'>;
  users: Pick<UserService, 'emailsOf'>;
}

/** Back-office views that span modules; each module's own operations are called on its service. */
export function createAdminService({ organisations, users }: Dependencies) {
  return {
    /** Every organisation, newest first, with its status and the email of each member. */
    async organisations() {
      const rows = await organisations.withMembers();
      const emails = await users.emailsOf(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
      return rows.map(({ userId, ...row }) => ({ ...row, email: userId ? (emails.get(userId) ?? null) : null }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
