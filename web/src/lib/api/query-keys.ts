/**
 * The query keys of every call more than one feature reads or invalidates, built from a few roots:
 * a mutation invalidates a root (`apps`, `products`, `organisations`, `billing`) and every view
 * under it refreshes, whichever feature shows it (subscribing on the catalog refreshes the
 * dashboard's product counts and the organisation's status; a plan activated or a balance added
 * on the billing screens refreshes the dashboard's plan and balance).
 */

/** Which products GET /product answers: all, by subscription status, or those offered while onboarding. */
export type ProductFilter = 'all' | 'subscribed' | 'pending_approval' | 'onboarding' | 'trial';

/** The screen that lists the apps (GET /app?page=…): the server answers the same list for each. */
export type AppsPage = 'apps' | 'dashboard' | 'select-service' | 'report';

export const queryKeys = {
  organisations: ['organisation'] as const,
  organisation: (organisationId: string) => ['organisation', organisationId] as const,
  user: (userId: string) => ['user', userId] as const,
  products: ['products'] as const,
  productList: (filter: ProductFilter) => ['products', filter] as const,
  apps: ['apps'] as const,
  appList: (page: AppsPage) => ['apps', 'list', page] as const,
  app: (appId: string) => ['apps', 'detail', appId] as const,
  countries: ['countries'] as const,
  billing: ['billing'] as const,
  /** GET /summary: product counts, plan validity and wallet balance (dashboard). */
  summary: ['billing', 'summary'] as const,
  trialApp: ['apps', 'trial-center'] as const,
  /** Calls made with the organisation's keys: the reports and the dashboard's usage, refreshed together. */
  usage: ['usage'] as const,
  report: (organisationId: string, search: string) => ['usage', 'report', organisationId, search] as const,
  productUsage: (organisationId: string, search: string) => ['usage', 'product-usage', organisationId, search] as const,
  transactionStats: (organisationId: string, search: string) => ['usage', 'stats', organisationId, search] as const,
  totalTransactions: (organisationId: string) => ['usage', 'total', organisationId] as const,
  /** API Logs: a page (its query string) and one call. */
  logs: (organisationId: string, search: string) => ['usage', 'logs', organisationId, search] as const,
  log: (organisationId: string, requestId: string) => ['usage', 'log', organisationId, requestId] as const,
  estampBranches: ['estamp', 'branches'] as const,
  estampArticles: (code: string) => ['estamp', 'articles', code] as const,
  batch: ['batch'] as const,
  /** GET getBatchTypes: the shell (Batch Service's sidebar entry) and the batch screen. */
  batchTypes: (organisationId: string) => ['batch', 'types', organisationId] as const,
  /** GET getTask with the filter panel's filters (an empty object when none). */
  batchTasks: (organisationId: string, filters: object) => ['batch', 'tasks', organisationId, filters] as const,
};
