import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpendSettings, SpendSummary } from '@verigate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { SpendControlsCard } from './spend-controls-card';
import { SpendSummaryCard } from './spend-summary-card';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const summary = (overrides: Partial<SpendSummary> = {}): SpendSummary => ({
  balance: 1540,
  burn_rate_per_day: 385.71,
  days_left: 3,
  period_start: Date.UTC(2026, 0, 10),
  period_end: Date.UTC(2026, 1, 10),
  calls: [
    { response_code: 100, billable: true, calls: 1200 },
    { response_code: 101, billable: true, calls: 30 },
    { response_code: 114, billable: false, calls: 7 },
    { response_code: null, billable: false, calls: 2 },
  ],
  ...overrides,
});

const settings = (overrides: Partial<SpendSettings> = {}): SpendSettings => ({
  alert_percents: [50, 25, 10],
  daily_cap: null,
  plan_amount: 1000,
  thresholds: [
    { percent: 50, amount: 500 },
    { percent: 25, amount: 250 },
    { percent: 10, amount: 100 },
  ],
  spent_today: 120,
  ...overrides,
});

describe('the Spend card', () => {
  it('shows the burn rate, the days left and the calls by response code', async () => {
    answerApi({ 'GET /billing/spend-summary': { body: summary() } });
    renderScreen(<SpendSummaryCard />);
    const card = await screen.findByRole('region', { name: 'Spend' });
    expect(await within(card).findByText('₹385.71 / day')).toBeInTheDocument();
    expect(within(card).getByText('3 days')).toBeInTheDocument();
    expect(within(card).getByText('1,230 billable, 9 not billable')).toBeInTheDocument();
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Response codeBillableCalls', '100Yes1,200', '101Yes30', '114No7', 'No codeNo2']);
  });

  it('shows — without spend and says when the period has no live calls', async () => {
    answerApi({ 'GET /billing/spend-summary': { body: summary({ burn_rate_per_day: 0, days_left: null, calls: [] }) } });
    renderScreen(<SpendSummaryCard />);
    const card = await screen.findByRole('region', { name: 'Spend' });
    expect(await within(card).findByText('—')).toBeInTheDocument();
    expect(within(card).getByText('No live calls in this plan period yet.')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers a retry when the figures could not load', async () => {
    answerApi({ 'GET /billing/spend-summary': { status: 500, body: { err: { message: 'Something went wrong' } } } });
    renderScreen(<SpendSummaryCard />);
    expect(await screen.findByText('Spend could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the Spend controls form', () => {
  async function fill(percents: string, cap: string) {
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Spend controls' });
    const percentField = within(form).getByRole('textbox', { name: /Low-balance alerts/ });
    const capField = within(form).getByRole('textbox', { name: /Daily spend cap/ });
    await user.clear(percentField);
    if (percents) await user.type(percentField, percents);
    await user.clear(capField);
    if (cap) await user.type(capField, cap);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    return form;
  }

  it('shows the saved thresholds with their amounts and today’s spend', async () => {
    answerApi({ 'GET /billing/spend-settings': { body: settings() } });
    renderScreen(<SpendControlsCard />);
    const form = await screen.findByRole('form', { name: 'Spend controls' });
    expect(within(form).getByRole('textbox', { name: /Low-balance alerts/ })).toHaveValue('50, 25, 10');
    expect(within(form).getByText('On your plan of ₹1,000: 50% = ₹500, 25% = ₹250, 10% = ₹100')).toBeInTheDocument();
    expect(within(form).getByText('Spent today: ₹120')).toBeInTheDocument();
  });

  it.each([
    ['0, 50', '', 'Each threshold is a whole percentage between 1 and 99'],
    ['50, abc', '', 'Each threshold is a whole percentage between 1 and 99'],
    ['60, 50, 40, 30, 20, 10', '', 'Set at most 5 thresholds'],
    ['50, 50', '', 'Each threshold can be set only once'],
    ['50', '-5', 'Enter the daily spend cap in whole rupees, at least ₹1 and at most ₹1,00,00,000, or leave it empty'],
  ])('refuses %j with a cap of %j and sends nothing', async (percents, cap, message) => {
    const fetch = answerApi({ 'GET /billing/spend-settings': { body: settings() } });
    renderScreen(<SpendControlsCard />);
    const form = await fill(percents, cap);
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('saves the percentages and the cap in rupees without commas', async () => {
    const fetch = answerApi({
      'GET /billing/spend-settings': { body: settings() },
      'PUT /billing/spend-settings': { body: settings({ alert_percents: [40, 15], daily_cap: 2500, thresholds: [] }) },
    });
    renderScreen(<SpendControlsCard />);
    await fill('15, 40%', '2,500');
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ alert_percents: [15, 40], daily_cap: 2500 });
    expect(await screen.findByDisplayValue('40, 15')).toBeInTheDocument();
  });
});
