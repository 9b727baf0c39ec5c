import { ROLE_LABELS, ROLES, type Role } from '@verigate/contracts';

/** What each role may do, in a line, under the role picker (the permission table in words). */
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, ownership included.',
  admin: 'Everything but ownership: members, apps, billing, webhooks.',
  developer: 'Apps, keys, IP whitelists, trials, batches, logs, reports and docs.',
  finance: 'Billing, plans, payments, invoices and reports.',
  viewer: 'Reads dashboards, reports, logs and docs.',
};

/** The roles `actor` may give: only an owner makes someone an owner. */
export const grantableRoles = (actor: Role | undefined) =>
  ROLES.filter((role) => role !== 'owner' || actor === 'owner').map((role) => ({ value: role, label: ROLE_LABELS[role] }));
