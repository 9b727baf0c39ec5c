/**
 * Who may do what in an organisation. One table: the server checks every customer-API route
 * against it in one hook (a route missing from ROUTE_ACCESS stops the server from starting), and
 * the portal reads it to hide or disable what a member's role may not do. Which permission each
 * route needs is in route-access.ts.
 */
export const ROLES = ['owner', 'admin', 'developer', 'finance', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', developer: 'Developer', finance: 'Finance', viewer: 'Viewer' };

const everyone = ROLES;
const managers = ['owner', 'admin'] as const;
const builders = ['owner', 'admin', 'developer'] as const;

export const PERMISSIONS = {
  /** The organisation's profile, dashboard figures and catalog. */
  'organisation.read': everyone,
  /** Profile, contacts, KYC, onboarding, log retention, account activation. */
  'organisation.manage': managers,
  /** Subscribing the organisation to catalog products. */
  'products.manage': managers,
  'members.read': everyone,
  /** Inviting, changing roles, removing members; the audit log. */
  'members.manage': managers,
  'audit.read': managers,
  /** Security policies of the whole organisation: requiring two-factor sign-in. */
  'organisation.own': ['owner'],
  'apps.read': everyone,
  /** Apps, keys, IP whitelists and an app's products. */
  'apps.manage': builders,
  'trial.use': builders,
  'batches.use': builders,
  'logs.read': ['owner', 'admin', 'developer', 'viewer'],
  'reports.read': everyone,
  'docs.read': everyone,
  'billing.read': ['owner', 'admin', 'finance'],
  /** Plans, payments, top-ups, alert balances, thresholds and the daily spend cap. */
  'billing.manage': ['owner', 'admin', 'finance'],
  'webhooks.manage': managers,
  /** The member's own ZPIN and emailed OTPs. */
  'step-up.own': everyone,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string | null | undefined, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role ?? '');
}

export const PERMISSION_MESSAGES = {
  refused: (role: string) => `Your role (${ROLE_LABELS[role as Role] ?? role}) does not allow this. Ask an owner or admin of the organisation.`,
  unknownAction: 'Unknown action',
  unlisted: (route: string) => `The route ${route} has no entry in ROUTE_ACCESS (packages/contracts/src/route-access.ts)`,
};
