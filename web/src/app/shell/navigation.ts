import { FULLY_ONBOARDED, type OnboardingStatus } from '@verigate/contracts';
import type { ComponentType } from 'react';
import { IconApps, IconBatch, IconBilling, IconLogs, IconOverview, IconProducts, IconTrial, IconUsage, IconWebhooks } from '@/components/icons';

export interface NavigationContext {
  /** The organisation's status, or undefined while it loads. */
  status: OnboardingStatus | undefined;
  /** Every path the router knows (routePaths in app/router.tsx). */
  registeredPaths: ReadonlySet<string>;
  /** Batch Service also needs batch types: the organisation subscribes to a product that supports batch. */
  batchAvailable: boolean;
}

export interface NavigationItem {
  label: string;
  path: string;
  icon: ComponentType<{ size?: number }>;
  /** Extra gating beyond "the route exists". */
  allowed?: (context: NavigationContext) => boolean;
}

const fullyOnboarded = ({ status }: NavigationContext) => status === FULLY_ONBOARDED;

/**
 * Every area of the sidebar (seed 000 §2). An item shows only while its route is registered, so an
 * area appears by adding its route; Billing and Batch Service are also gated by status.
 */
export const NAVIGATION: readonly NavigationItem[] = [
  { label: 'Overview', path: '/application/dashboard', icon: IconOverview },
  { label: 'Usage', path: '/application/reports', icon: IconUsage },
  { label: 'API Logs', path: '/application/logs', icon: IconLogs },
  { label: 'Apps', path: '/application/manage-apps', icon: IconApps },
  { label: 'Products', path: '/application/product-catalog', icon: IconProducts },
  { label: 'Billing', path: '/application/billing', icon: IconBilling, allowed: fullyOnboarded },
  {
    label: 'Batch Service',
    path: '/application/batch-service',
    icon: IconBatch,
    allowed: (context) => fullyOnboarded(context) && context.batchAvailable,
  },
  { label: 'Trial Center', path: '/application/trial-center', icon: IconTrial },
  { label: 'Webhooks', path: '/application/webhooks', icon: IconWebhooks },
];

export function visibleNavigation(context: NavigationContext): NavigationItem[] {
  return NAVIGATION.filter((item) => context.registeredPaths.has(item.path) && (item.allowed?.(context) ?? true));
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
