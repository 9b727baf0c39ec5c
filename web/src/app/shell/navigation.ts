import { FULLY_ONBOARDED, type OnboardingStatus, type Permission } from '@verigate/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import {
  IconApps,
  IconAudit,
  IconBatch,
  IconBilling,
  IconLogs,
  IconOverview,
  IconProducts,
  IconTeam,
  IconTrial,
  IconUsage,
  IconWebhooks,
} from '@/components/icons';

/** The absolute paths of a route tree ('/application/dashboard', '/my-account', ...). */
export function routePaths(routes: readonly RouteObject[], parent = ''): Set<string> {
  const paths = new Set<string>();
  for (const route of routes) {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent === '/' ? '' : parent}/${route.path}`;
    if (route.path !== undefined || route.index) paths.add(path || '/');
    for (const child of routePaths(route.children ?? [], path)) paths.add(child);
  }
  return paths;
}

export interface NavigationContext {
  /** The organisation's status, or undefined while it loads. */
  status: OnboardingStatus | undefined;
  /** Every path the router knows (routePaths). */
  registeredPaths: ReadonlySet<string>;
  /** Batch Service also needs batch types: the organisation subscribes to a product that supports batch. */
  batchAvailable: boolean;
  /** Whether the member's role holds a permission (true while the role is not known). */
  can: (permission: Permission) => boolean;
}

export interface NavigationItem {
  label: string;
  path: string;
  icon: ComponentType<{ size?: number }>;
  /** The permission (packages/contracts/src/permissions.ts) without which the item is hidden. */
  permission: Permission;
  /** Extra gating beyond "the route exists". */
  allowed?: (context: NavigationContext) => boolean;
}

const fullyOnboarded = ({ status }: NavigationContext) => status === FULLY_ONBOARDED;

/**
 * Every area of the sidebar (seed 000 §2). An item shows only while its route is registered, so an
 * area appears by adding its route; an item whose permission the member's role lacks is hidden;
 * Billing and Batch Service are also gated by status.
 */
export const NAVIGATION: readonly NavigationItem[] = [
  { label: 'Overview', path: '/application/dashboard', icon: IconOverview, permission: 'organisation.read' },
  { label: 'Usage', path: '/application/reports', icon: IconUsage, permission: 'reports.read' },
  { label: 'API Logs', path: '/application/logs', icon: IconLogs, permission: 'logs.read' },
  { label: 'Apps', path: '/application/manage-apps', icon: IconApps, permission: 'apps.read' },
  { label: 'Products', path: '/application/product-catalog', icon: IconProducts, permission: 'organisation.read' },
  { label: 'Billing', path: '/application/billing', icon: IconBilling, permission: 'billing.read', allowed: fullyOnboarded },
  {
    label: 'Batch Service',
    path: '/application/batch-service',
    icon: IconBatch,
    permission: 'batches.use',
    allowed: (context) => fullyOnboarded(context) && context.batchAvailable,
  },
  { label: 'Trial Center', path: '/application/trial-center', icon: IconTrial, permission: 'trial.use' },
  { label: 'Webhooks', path: '/application/webhooks', icon: IconWebhooks, permission: 'webhooks.manage' },
  { label: 'Team', path: '/application/team', icon: IconTeam, permission: 'members.read' },
  { label: 'Audit Log', path: '/application/audit-log', icon: IconAudit, permission: 'audit.read' },
];

export function visibleNavigation(context: NavigationContext): NavigationItem[] {
  return NAVIGATION.filter((item) => context.registeredPaths.has(item.path) && context.can(item.permission) && (item.allowed?.(context) ?? true));
}

/** What a route tells the shell through its `handle`. */
export interface ShellHandle {
  /** The top bar's page title, also the document title. */
  title?: string;
  /**
   * A back link in the top bar (manage-apps subpages). Give an absolute path: the shell renders the
   * link outside the matched route, so a relative one would resolve against '/'. A path that depends
   * on the URL (an id) can come from a getter (see the app settings route).
   */
  back?: { to: string; label: string };
  /** The page takes the whole width under the top bar, without the shell's padding (the API reference). */
  wide?: boolean;
}

export function isShellHandle(value: unknown): value is ShellHandle {
  return typeof value === 'object' && value !== null && ('title' in value || 'back' in value);
}
