import { act, screen, waitFor } from '@testing-library/react';
import type { OrganisationDetails } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { ScreenObserver } from '@/test/screen-observer';
import { DashboardPage } from './dashboard';

/** How often the plan card was drawn. */
const drawn = vi.hoisted(() => ({ planCard: 0 }));
vi.mock('@/features/dashboard/components/summary-cards', async (original) => {
  const cards = await original<typeof import('@/features/dashboard/components/summary-cards')>();
  return {
    ...cards,
    PlanSummary: () => {
      drawn.planCard += 1;
      return <cards.PlanSummary />;
    },
  };
});

const ORG = '/organisation/org-1';
const now = () => new Date().toISOString();

function dashboard(onboarding_status: OrganisationDetails['onboarding_status']) {
  const fetch = answerApi({
    [`GET ${ORG}?action=get_org_product_usage`]: {
      body: { as_of: now(), time_zone: 'Asia/Kolkata', arn: null, usage: [{ date: '2026-03-18', transaction_count: 3 }], total: 3, previous_total: 2 },
    },
    [`GET ${ORG}?action=get_org_transaction_stats`]: { body: { as_of: now(), time_zone: 'Asia/Kolkata', stats: [] } },
    [`GET ${ORG}?action=get_org_total_transaction_counts`]: { body: { as_of: now(), time_zone: 'Asia/Kolkata', total_count: 3 } },
    [`GET ${ORG}`]: { body: { _id: 'org-1', name: 'Acme', trade_name: 'Acme', country_code: 'IND', onboarding_status, kam: null, business_manager: null } },
    'GET /summary': {
      body: {
        subscribed_products_count: 1,
        pending_products_count: 0,
        plan_type: null,
        plan_validity: null,
        wallet_balance: null,
        wallet_balance_with_gst: null,
      },
    },
    'GET /product': { body: [] },
    'GET /app': { body: [] },
  });
  renderScreen(<DashboardPage />, { path: '/application/dashboard' });
  return fetch;
}
const usageCalls = (fetch: ReturnType<typeof answerApi>) => fetch.mock.calls.filter(([url]) => String(url).includes('action=get_org_'));

beforeEach(() => {
  localStorage.setItem('organisation_id', 'org-1');
  drawn.planCard = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  ScreenObserver.instances = [];
});

describe('the dashboard', () => {
  it('shows no usage figures before the account setup is complete', async () => {
    const fetch = dashboard('ONBOARDING_COMPLETED');
    expect(await screen.findByText(/Your usage chart, stats and insight appear here once your account setup is complete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Usage reports' })).toHaveAttribute('href', '/application/reports');
    expect(usageCalls(fetch)).toHaveLength(0);
  });

  it('shows the usage once fully onboarded', async () => {
    const fetch = dashboard('PLAN_SUBSCRIBED');
    // The usage loads after the organisation: give the two round trips time on a busy machine.
    expect(await screen.findByText('Your usage increased by 50% compared to the previous 30 days.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(usageCalls(fetch).length).toBeGreaterThanOrEqual(3);
  });

  it('builds the usage and asks for its figures only once it is scrolled to, where it starts below the fold', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenObserver);
    const fetch = dashboard('PLAN_SUBSCRIBED');
    expect(await screen.findByRole('status', { name: 'Loading usage' })).toBeInTheDocument();
    await waitFor(() => expect(ScreenObserver.watching()).toBe(true));
    act(() => ScreenObserver.reportAll(false));
    expect(usageCalls(fetch)).toHaveLength(0);

    act(() => ScreenObserver.reportAll(true));
    expect(await screen.findByText('Your usage increased by 50% compared to the previous 30 days.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(usageCalls(fetch).length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByRole('status', { name: 'Loading usage' })).not.toBeInTheDocument();
  });

  it('draws the cards as the page opens and as the organisation arrives, and not again when the usage section is built', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenObserver);
    dashboard('PLAN_SUBSCRIBED');
    expect(await screen.findByRole('status', { name: 'Loading usage' })).toBeInTheDocument();
    expect(drawn.planCard).toBe(2);
  });
});
