import { can, FULLY_ONBOARDED, ROLES, type Role } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { NAVIGATION, visibleNavigation, type NavigationContext } from './navigation';

const everyPath = new Set(NAVIGATION.map((item) => item.path));

const labelsFor = (role: Role | undefined, context: Partial<NavigationContext> = {}) =>
  visibleNavigation({
    status: FULLY_ONBOARDED,
    registeredPaths: everyPath,
    batchAvailable: true,
    can: (permission) => role === undefined || can(role, permission),
    ...context,
  }).map((item) => item.label);

describe('the sidebar by role', () => {
  it('shows every area to an owner and an admin, Team and Audit Log included', () => {
    const all = ['Overview', 'Usage', 'API Logs', 'Apps', 'Products', 'Billing', 'Batch Service', 'Trial Center', 'Webhooks', 'Team', 'Audit Log'];
    expect(labelsFor('owner')).toEqual(all);
    expect(labelsFor('admin')).toEqual(all);
  });

  it('hides Billing, Webhooks and the Audit Log from a developer', () => {
    expect(labelsFor('developer')).toEqual(['Overview', 'Usage', 'API Logs', 'Apps', 'Products', 'Batch Service', 'Trial Center', 'Team']);
  });

  it('hides the logs, batches, trials and webhooks from finance, and shows Billing', () => {
    expect(labelsFor('finance')).toEqual(['Overview', 'Usage', 'Apps', 'Products', 'Billing', 'Team']);
  });

  it('leaves a viewer the screens that read: no Billing, Batch Service, Trial Center or Webhooks', () => {
    expect(labelsFor('viewer')).toEqual(['Overview', 'Usage', 'API Logs', 'Apps', 'Products', 'Team']);
  });

  it('shows everything the status allows while the role is not known yet', () => {
    expect(labelsFor(undefined, { status: 'SERVICES_ADDED' })).toEqual([
      'Overview',
      'Usage',
      'API Logs',
      'Apps',
      'Products',
      'Trial Center',
      'Webhooks',
      'Team',
      'Audit Log',
    ]);
  });

  it('still needs the route and the status: a role does not unlock Billing before the plan, nor an unregistered area', () => {
    expect(labelsFor('owner', { status: 'ACCOUNT_ACTIVATED' })).not.toContain('Billing');
    expect(labelsFor('owner', { registeredPaths: new Set(['/application/dashboard', '/application/team']) })).toEqual(['Overview', 'Team']);
    expect(labelsFor('owner', { batchAvailable: false })).not.toContain('Batch Service');
  });

  it('names a permission of the table for every item, each held by at least one role', () => {
    for (const item of NAVIGATION) expect(ROLES.some((role) => can(role, item.permission))).toBe(true);
  });
});
