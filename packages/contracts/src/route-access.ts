import { APP_ACTIONS } from './rules/app.js';
import { EVENT_ACTIONS } from './events.js';
import { ORGANISATION_ACTIONS, ORGANISATION_READS } from './rules/organisation.js';
import type { Permission } from './permissions.js';
import { USAGE_READS } from './rules/reports.js';

/**
 * How a customer-API route is reached: by anyone (`public`), by any signed-in user whatever their
 * organisations (`session`), by the provider's operators (`operator`, every route under
 * OPERATOR_ROUTES_PREFIX), or by a member whose role holds the permission, for the organisation
 * the call acts for (the path's organisation id, else `x-org-id`, else the user's first). A route
 * that several actions share (`?action=`) names a permission per action.
 */
export type RouteAccess = 'public' | 'session' | 'operator' | Permission | { byAction: Readonly<Record<string, Permission>>; otherwise?: Permission };

const organisationReads: Record<(typeof ORGANISATION_READS)[number] | (typeof USAGE_READS)[number], Permission> = {
  get_org_details: 'organisation.read',
  get_org_plan_info: 'organisation.read',
  get_org_past_payments: 'billing.read',
  get_org_plan_subscriptions: 'organisation.read',
  get_org_csv_usage_reports: 'reports.read',
  get_org_product_usage: 'reports.read',
  get_org_transaction_stats: 'reports.read',
  get_org_total_transaction_counts: 'reports.read',
};

const organisationChanges: Record<(typeof ORGANISATION_ACTIONS)[number], Permission> = {
  org_product_subscribe: 'products.manage',
  org_product_unsubscribe: 'products.manage',
  skip_onboarding: 'organisation.manage',
  org_techpoc_update: 'organisation.manage',
  org_businesspoc_update: 'organisation.manage',
  org_plan_subscribe: 'billing.manage',
  org_activate_next_plan: 'billing.manage',
  org_alert_balance_update: 'billing.manage',
};

const appChanges = Object.fromEntries(APP_ACTIONS.map((action) => [action, 'apps.manage'])) as Record<(typeof APP_ACTIONS)[number], Permission>;

const eventActions: Record<(typeof EVENT_ACTIONS)[number], Permission> = {
  account_activation_request: 'organisation.manage',
  send_otp: 'step-up.own',
  resend_otp: 'step-up.own',
  add_balance_request: 'billing.manage',
};

/** Every route under /api, as `METHOD /path` without the /api prefix (HEAD follows GET). */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'GET /config': 'public',
  'GET /country': 'public',
  'GET /crypto/public-key': 'public',
  'GET /captcha/challenge': 'public',
  'GET /organisation/categories': 'public',
  'POST /user': 'public',
  'POST /user/verification-link': 'public',
  'GET /user/verify-email/:token': 'public',
  'POST /user/password-reset': 'public',
  'PUT /user/password-reset': 'public',
  'GET /user/password-reset/:token': 'public',
  'POST /user/password/:userId': 'public',
  'POST /user/login': 'public',
  'POST /payment/webhook/:gateway': 'public',

  'POST /user/logout': 'session',
  'PUT /user/change-password': 'session',
  'GET /user/:userId': 'session',
  'POST /organisation': 'session',
  'POST /user/login/two-factor': 'public',
  'GET /user/two-factor': 'session',
  'POST /user/two-factor/setup': 'session',
  'POST /user/two-factor/confirm': 'session',
  'POST /user/two-factor/recovery-codes': 'session',
  'DELETE /user/two-factor': 'session',
  'GET /user/sessions': 'session',
  'DELETE /user/sessions': 'session',
  'DELETE /user/sessions/:id': 'session',

  'GET /organisation/:organisationId': { byAction: organisationReads, otherwise: 'organisation.read' },
  'PUT /organisation/:organisationId': { byAction: organisationChanges },
  'POST /organisation/:organisationId/kyc': 'organisation.manage',
  'GET /organisation/:organisationId/virtual-account': 'billing.read',
  'GET /organisation/:organisationId/usage-report.csv': 'reports.read',
  'GET /organisation/:organisationId/log-retention': 'logs.read',
  'GET /organisation/:organisationId/two-factor': 'organisation.read',
  'PUT /organisation/:organisationId/two-factor': 'organisation.own',
  'PUT /organisation/:organisationId/log-retention': 'organisation.manage',
  'GET /product': 'organisation.read',
  'GET /summary': 'organisation.read',
  'POST /events': { byAction: eventActions },

  'GET /plan': 'billing.read',
  'GET /plan/:planId': 'billing.read',
  'POST /payment/create': 'billing.manage',
  'GET /payment/fetch/:link_id': 'billing.read',
  'GET /requests': 'billing.read',
  'GET /invoices': 'billing.read',
  'GET /invoices/:invoiceId/pdf': 'billing.read',
  'GET /invoices/billing-details': 'billing.read',
  'PUT /invoices/billing-details': 'billing.manage',
  'GET /statements/:month': 'billing.read',
  'GET /ledger.csv': 'billing.read',
  'GET /billing/spend-settings': 'billing.read',
  'PUT /billing/spend-settings': 'billing.manage',
  'GET /billing/spend-summary': 'billing.read',
  'POST /requests': 'billing.manage',

  'GET /app': 'apps.read',
  'POST /app': 'apps.manage',
  'GET /app/:appId': 'apps.read',
  'DELETE /app/:appId': 'apps.manage',
  'PUT /app/:appId': { byAction: appChanges },

  'POST /zpin': 'step-up.own',
  'GET /zpin/:organisationId': 'step-up.own',
  'PUT /zpin/:organisationId': 'step-up.own',

  'POST /demoPortal/product': 'trial.use',
  'GET /estamp/getBranches': 'trial.use',
  'GET /estamp/articles/:code': 'trial.use',

  'GET /productBatchService/getBatchTypes/:orgId': 'batches.use',
  'GET /productBatchService/getTask': 'batches.use',
  'POST /productBatchService/createTask': 'batches.use',
  'POST /productBatchService/executeAction': 'batches.use',
  'GET /productBatchService/sample/:arn': 'batches.use',
  'GET /productBatchService/download/:batchId': 'batches.use',

  'GET /doc': 'docs.read',
  'GET /logs': 'logs.read',
  'GET /logs/:requestId': 'logs.read',

  'GET /members': 'members.read',
  'POST /members/invitations': 'members.manage',
  'POST /members/invitations/:id/resend': 'members.manage',
  'DELETE /members/invitations/:id': 'members.manage',
  'PUT /members/:userId': 'members.manage',
  /** Anyone may leave; removing someone else needs members.manage (the service checks it). */
  'DELETE /members/:userId': 'members.read',
  'GET /invitations/:token': 'public',
  'POST /invitations/:token/accept': 'session',

  'GET /audit-log': 'audit.read',
  'GET /audit-log.csv': 'audit.read',

  'GET /webhooks/endpoints': 'webhooks.manage',
  'POST /webhooks/endpoints': 'webhooks.manage',
  'GET /webhooks/endpoints/:id': 'webhooks.manage',
  'PATCH /webhooks/endpoints/:id': 'webhooks.manage',
  'DELETE /webhooks/endpoints/:id': 'webhooks.manage',
  'POST /webhooks/endpoints/:id/rotate-secret': 'webhooks.manage',
  'POST /webhooks/endpoints/:id/replay': 'webhooks.manage',
  'POST /webhooks/endpoints/:id/test': 'webhooks.manage',
  'POST /webhooks/events/:eventId/resend': 'webhooks.manage',
  'GET /webhooks/deliveries': 'webhooks.manage',
};

/** The provider's back office: its routes check the operator's token, not a member's role. */
export const OPERATOR_ROUTES_PREFIX = '/admin/';

/** The permission a call needs, or null when its action is one the route does not know (a 400). */
export function permissionFor(access: Exclude<RouteAccess, 'public' | 'session' | 'operator'>, action: unknown): Permission | null {
  if (typeof access === 'string') return access;
  if (typeof action === 'string' && Object.hasOwn(access.byAction, action)) return access.byAction[action]!;
  return action === undefined ? (access.otherwise ?? null) : null;
}
