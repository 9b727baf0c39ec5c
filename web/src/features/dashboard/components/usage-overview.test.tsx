import { screen, within } from '@testing-library/react';
import type { ProductUsage, TransactionStats } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderWithProviders } from '@/test/render';
import { UsageOverview } from './usage-overview';

const ORG = '/organisation/org-1';
const usage = (total: number, previous_total: number): ProductUsage => ({
  as_of: new Date().toISOString(),
  time_zone: 'Asia/Kolkata',
  arn: null,
  usage: [
    { date: '2026-03-17', transaction_count: Math.floor(total / 2) },
    { date: '2026-03-18', transaction_count: total - Math.floor(total / 2) },
  ],
  total,
  previous_total,
});
const stats = (rows: TransactionStats['stats']): TransactionStats => ({ as_of: new Date().toISOString(), time_zone: 'Asia/Kolkata', stats: rows });

function overview({ current = usage(150, 120), table = stats([]) } = {}) {
  const fetch = answerApi({
    'GET /product?subscription_status=subscribed': { body: [{ _id: 'p1', name: 'PAN Lite', arn: 'in_identity_pan_lite' }] },
    'GET /app?page=dashboard': { body: [] },
    [`GET ${ORG}?action=get_org_product_usage`]: { body: current },
    [`GET ${ORG}?action=get_org_transaction_stats`]: { body: table },
    [`GET ${ORG}?action=get_org_total_transaction_counts`]: { body: { as_of: new Date().toISOString(), time_zone: 'Asia/Kolkata', total_count: 1234 } },
  });
  renderWithProviders(<UsageOverview />);
  return fetch;
}

beforeEach(() => localStorage.setItem('organisation_id', 'org-1'));
afterEach(() => vi.restoreAllMocks());

describe('the dashboard usage', () => {
  it('reads the last 30 days and compares them with the 30 days before', async () => {
    const fetch = overview();
    const insight = await screen.findByRole('region', { name: 'Usage insight' });
    expect(await within(insight).findByText('Your usage increased by 25% compared to the previous 30 days.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(insight).getByText('25%')).toBeInTheDocument();
    const call = fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.searchParams.get('action') === 'get_org_product_usage')!;
    const start = Date.parse(call.searchParams.get('start_date')!);
    const end = Date.parse(call.searchParams.get('end_date')!);
    expect((end - start) / 86_400_000).toBe(29);
    expect(call.searchParams.has('arn')).toBe(false);
    expect(await screen.findByText(/^1,234 calls made with your keys so far/)).toBeInTheDocument();
    expect(screen.getByText('· Updated just now')).toBeInTheDocument();
  });

  it('says no data found for a range without calls, and no data to display for empty stats', async () => {
    overview({ current: usage(0, 0) });
    const chart = await screen.findByRole('region', { name: 'Calls per day' });
    expect(await within(chart).findByText('No data found')).toBeInTheDocument();
    expect(await screen.findByText('No data to display')).toBeInTheDocument();
    expect(screen.getByText('No calls in this period or the previous 30 days.')).toBeInTheDocument();
  });

  it('lists each product’s test credits, billable, successful and failed calls', async () => {
    overview({
      current: usage(3, 6),
      table: stats([
        {
          product_arn: 'in_identity_pan_lite',
          product_name: 'PAN Lite',
          test_credits: 60,
          billable_txn_count: 52,
          success_txn_count: 50,
          failure_txn_count: 10,
        },
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Transaction stats' });
    expect(within(table).getByRole('row', { name: 'PAN Lite 60 52 50 10' })).toBeInTheDocument();
    expect(await screen.findByText('Your usage decreased by 50% compared to the previous 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Trial' })).toBeDisabled();
  });

  it("names the figures' zone only to a visitor whose clock keeps other days than India's", async () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    overview();
    const chart = await screen.findByRole('region', { name: 'Calls per day' });
    expect(await within(chart).findByText('150 in 30 days (Asia/Kolkata days)')).toBeInTheDocument();
  });

  it('leaves the zone unnamed on a clock at India’s offset, whatever the zone is called there', async () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-330);
    overview();
    const chart = await screen.findByRole('region', { name: 'Calls per day' });
    expect(await within(chart).findByText('150 in 30 days')).toBeInTheDocument();
  });
});
