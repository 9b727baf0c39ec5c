import { queryKeys } from '@/lib/api/query-keys';

/**
 * The billing screens' reads, each under the `billing` root: a plan change, a payment or a new
 * alert balance invalidates the root, and the dashboard's summary (also under it) refreshes too.
 */
export const billingKeys = {
  planInfo: (organisationId: string) => [...queryKeys.billing, 'plan-info', organisationId] as const,
  payments: (organisationId: string) => [...queryKeys.billing, 'payments', organisationId] as const,
  invoices: (organisationId: string) => [...queryKeys.billing, 'invoices', organisationId] as const,
  billingDetails: (organisationId: string) => [...queryKeys.billing, 'billing-details', organisationId] as const,
  spendSettings: (organisationId: string) => [...queryKeys.billing, 'spend-settings', organisationId] as const,
  spendSummary: (organisationId: string) => [...queryKeys.billing, 'spend-summary', organisationId] as const,
  planHistory: (organisationId: string) => [...queryKeys.billing, 'plan-history', organisationId] as const,
  plans: [...queryKeys.billing, 'plans'] as const,
  planPricing: (planId: string) => [...queryKeys.billing, 'plan-pricing', planId] as const,
  virtualAccount: (organisationId: string) => [...queryKeys.billing, 'virtual-account', organisationId] as const,
  requests: [...queryKeys.billing, 'requests'] as const,
  paymentLink: (linkId: string) => [...queryKeys.billing, 'payment-link', linkId] as const,
};

/** `/organisation/{id}?action=…` of the signed-in user's organisation. */
export const organisationAction = (organisationId: string, action: string) => `/organisation/${encodeURIComponent(organisationId)}?action=${action}`;
