import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { addDays, todayIn, type InvoiceSummary, type OrgPlanInfo, type OrganisationDetails, type Payment, type PlanInfo } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { BillingPage } from './billing';

const ORG = '/organisation/org-1';
const organisation = (overrides: Partial<OrganisationDetails> = {}) =>
  ({
    _id: 'org-1',
    name: 'Acme',
    trade_name: 'Acme',
    country_code: 'IND',
    onboarding_status: 'PLAN_SUBSCRIBED',
    kam: null,
    business_manager: null,
    ...overrides,
  }) as OrganisationDetails;
const current = (overrides: Partial<PlanInfo> = {}): PlanInfo => ({
  subscription_id: 's-1',
  plan_id: 'p-lite',
  plan_name: 'Lite',
  plan_code: 'LITE',
  plan_type: 'PREPAID',
  is_custom_plan: false,
  duration: 6,
  amount: 10000,
  balance: 7500.5,
  wallet_balance_with_gst: 8850.59,
  alert_balance: 2000,
  start_date: Date.UTC(2026, 0, 10),
  end_date: Date.UTC(2026, 6, 10),
  status: 'ACTIVE',
  enable_immediately: true,
  ...overrides,
});
const payment = (order_id: string, status: Payment['status'], payment_type: Payment['payment_type'] = 'BALANCE_TOP_UP'): Payment => ({
  order_id,
  payment_created_at: Date.UTC(2026, 0, 12, 10, 30),
  payment_type,
  mode: 'Payment Link',
  paid_amount: 1234.5,
  status,
});

const invoice = (number: string, order_id: string, overrides: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: `id-${number}`,
  number,
  kind: 'tax_invoice',
  financial_year: '2025-26',
  issued_at: Date.UTC(2026, 0, 12, 10, 31),
  order_id,
  taxable_value: 8474.58,
  cgst: 0,
  sgst: 0,
  igst: 1525.42,
  total: 10000,
  ...overrides,
});

function billing({
  org = organisation(),
  info = { current: current(), next: null } as OrgPlanInfo,
  payments = [] as Payment[],
  invoices = [] as InvoiceSummary[],
  more = {},
  path = '/application/billing',
} = {}) {
  const fetch = answerApi({
    ...more,
    // After any more specific answer for /invoices/… that `more` holds, since paths match by prefix.
    ...('GET /invoices/billing-details' in more ? {} : { 'GET /invoices/billing-details': { body: null } }),
    ...('GET /invoices' in more ? {} : { 'GET /invoices': { body: invoices } }),
    [`GET ${ORG}?action=get_org_plan_info`]: { body: info },
    [`GET ${ORG}?action=get_org_past_payments`]: { body: payments },
    [`GET ${ORG}?action=get_org_plan_subscriptions`]: { body: [] },
    [`GET ${ORG}`]: { body: org },
  });
  renderScreen(<BillingPage />, { path, route: '/application/billing', otherRoutes: ['/application/dashboard'] });
  return fetch;
}
const details = () => screen.findByRole('region', { name: 'Plan Details' });

beforeEach(() => localStorage.setItem('organisation_id', 'org-1'));
afterEach(() => vi.restoreAllMocks());

describe('the billing screen', () => {
  it('sends an organisation that is not fully onboarded to the dashboard', async () => {
    billing({ org: organisation({ onboarding_status: 'ACCOUNT_ACTIVATED' }) });
    expect(await screen.findByText('Screen /application/dashboard')).toBeInTheDocument();
  });

  it('shows the plan and its wallet in rupees', async () => {
    billing();
    const card = await details();
    expect(within(card).getByText('Lite')).toBeInTheDocument();
    expect(within(card).getByText('₹7,500.50')).toBeInTheDocument();
    expect(within(card).getByText('₹8,850.59')).toBeInTheDocument();
    expect(within(card).getByText('Alert Balance')).toBeInTheDocument();
    expect(within(card).getByText('₹2,000')).toBeInTheDocument();
  });

  it('says which balance calls are charged against, and what Balance with GST is', async () => {
    billing();
    const note = within(await details()).getByRole('note');
    expect(note).toHaveTextContent(/^Live calls are charged against the Available Balance/);
    expect(note).toHaveTextContent('Balance with GST is the same balance with 18% GST added');
  });

  it('says to subscribe when there is no plan', async () => {
    billing({ info: { current: null, next: null } });
    expect(await screen.findByText('Subscribe to a plan to view the Billing information here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Balance' })).not.toBeInTheDocument();
  });

  it('offers Add Balance to an Indian organisation on a PREPAID plan', async () => {
    billing();
    const button = within(await details()).getByRole('button', { name: 'Add Balance' });
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
  });

  it("disables Add Balance on a POSTPAID plan, whose threshold reads 'Daily Consumption'", async () => {
    billing({ info: { current: current({ plan_type: 'POSTPAID', balance: null, wallet_balance_with_gst: null }), next: null } });
    const card = await details();
    expect(within(card).getByRole('button', { name: /Add Balance/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(card).getByText('Daily Consumption')).toBeInTheDocument();
    expect(within(card).getAllByText('NA')).toHaveLength(2);
    expect(within(card).queryByRole('note')).not.toBeInTheDocument();
  });

  it('has no Add Balance outside India, where the team is asked for balance instead', async () => {
    billing({ org: organisation({ country_code: 'USA' }) });
    const card = await details();
    expect(within(card).queryByRole('button', { name: /Add Balance/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Request Balance' })).toBeInTheDocument();
  });

  it('shows the low-balance banner only on a PREPAID plan below its alert balance', async () => {
    billing({ info: { current: current({ balance: 1999, alert_balance: 2000 }), next: null } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your wallet balance is low');
  });

  it('shows no banner at the alert balance itself', async () => {
    billing({ info: { current: current({ balance: 2000, alert_balance: 2000 }), next: null } });
    await details();
    expect(screen.queryByText('Your wallet balance is low')).not.toBeInTheDocument();
  });

  it('lists payments with the seed display of their status and type, and refreshes on request', async () => {
    const fetch = billing({
      payments: [
        payment('o-active', 'ACTIVE'),
        payment('o-paid', 'PAID', 'EXTERNAL'),
        payment('o-success', 'SUCCESS', 'WALLET_ADJUSTMENT'),
        payment('o-completed', 'COMPLETED', 'INTERNAL'),
        payment('o-expired', 'EXPIRED'),
        payment('o-cancelled', 'CANCELLED'),
        payment('o-error', 'ERROR'),
      ],
    });
    const history = await screen.findByRole('region', { name: 'Payment History' });
    const row = async (orderId: string) => (await within(history).findByText(orderId)).closest('tr')!;
    const shown = async (orderId: string) => {
      const cells = within(await row(orderId)).getAllByRole('cell');
      return [cells[2]!.textContent, cells[4]!.textContent, cells[5]!.textContent];
    };
    expect(await shown('o-active')).toEqual(['Balance Topup', '₹1,234.50', 'Initiated']);
    expect(await shown('o-paid')).toEqual(['External Payment', '₹1,234.50', 'Success']);
    expect(await shown('o-success')).toEqual(['Wallet Adjustment', '₹1,234.50', 'Success']);
    expect(await shown('o-completed')).toEqual(['Internal Payment', '₹1,234.50', 'Success']);
    for (const failed of ['o-expired', 'o-cancelled', 'o-error']) expect((await shown(failed))[2]).toBe('Failed');

    const calls = () => fetch.mock.calls.filter(([url]) => String(url).includes('get_org_past_payments')).length;
    expect(calls()).toBe(1);
    await userEvent.click(within(history).getByRole('button', { name: 'Refresh payment history' }));
    await vi.waitFor(() => expect(calls()).toBe(2));
  });

  it('says when there are no payments yet', async () => {
    billing();
    const history = await screen.findByRole('region', { name: 'Payment History' });
    expect(await within(history).findByText('No records found!')).toBeInTheDocument();
    expect(within(history).getByText('Looks like you have no records yet in this category.')).toBeInTheDocument();
  });
});

describe('invoices', () => {
  const invoices = [
    invoice('RCT2526-000002', 'o-topup', { kind: 'receipt', total: 1001, taxable_value: 848.31, igst: 152.69 }),
    invoice('INV2526-000001', 'o-plan'),
  ];

  it('links each received payment of Payment History to its invoice, downloaded as its PDF', async () => {
    const saved = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetch = billing({
      payments: [payment('o-topup', 'PAID'), payment('o-plan', 'COMPLETED', 'EXTERNAL'), payment('o-failed', 'ERROR')],
      invoices,
    });
    const answered = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input).endsWith('/pdf')
        ? new Response('%PDF-1.3', {
            status: 200,
            headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="INV2526-000001.pdf"' },
          })
        : answered(input, init),
    );
    const history = await screen.findByRole('region', { name: 'Payment History' });
    const rowOf = async (orderId: string) => (await within(history).findByText(orderId)).closest('tr')!;
    expect(await within(await rowOf('o-failed')).findByLabelText('No invoice')).toBeInTheDocument();
    const button = await within(await rowOf('o-plan')).findByRole('button', { name: 'Download INV2526-000001 (PDF)' });
    expect(button).toHaveTextContent('INV2526-000001');
    await userEvent.click(button);
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('INV2526-000001.pdf');
    expect(saved).toHaveBeenCalledOnce();
    const call = fetch.mock.calls.find(([url]) => String(url) === '/api/invoices/id-INV2526-000001/pdf');
    expect((call?.[1]?.headers as Record<string, string>)['x-org-id']).toBe('org-1');
  });

  it('are listed on the Invoices tab with number, date, kind and total; ?tab=invoices opens it', async () => {
    billing({ invoices, path: '/application/billing?tab=invoices' });
    const list = await screen.findByRole('region', { name: 'Invoices' });
    expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
    const rows = (await within(list).findAllByRole('row')).slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['RCT2526-000002', expect.any(String), 'Receipt Voucher', '₹1,001', 'Download'],
      ['INV2526-000001', expect.any(String), 'Tax Invoice', '₹10,000', 'Download'],
    ]);
    expect(screen.queryByRole('region', { name: 'Payment History' })).not.toBeInTheDocument();
  });

  it('opens the Invoices tab when it is chosen, and says when there are none', async () => {
    billing();
    await userEvent.click(await screen.findByRole('tab', { name: 'Invoices' }));
    const list = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(list).findByText('No records found!')).toBeInTheDocument();
  });

  it('offers to try again when the list fails', async () => {
    billing({
      path: '/application/billing?tab=invoices',
      more: { 'GET /invoices': { status: 500, body: { err: { status: 500, code: 'internal', message: 'Something went wrong!' } } } },
    });
    const list = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(list).findByText('Invoices could not load')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('statements and the ledger', () => {
  it('download the chosen month’s statement as PDF or CSV, and the last 30 days of the ledger as CSV', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetch = billing({ path: '/application/billing?tab=invoices' });
    const answered = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      /\/(statements|ledger)/.test(String(input)) ? new Response('Section\n', { status: 200, headers: { 'content-type': 'text/csv' } }) : answered(input, init),
    );
    const card = await screen.findByRole('region', { name: 'Statements' });
    const today = todayIn('Asia/Kolkata', new Date());
    await userEvent.click(within(card).getByRole('button', { name: 'PDF' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await userEvent.click(within(card).getByRole('button', { name: 'CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    await userEvent.click(await within(card).findByRole('button', { name: 'Ledger CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(3));
    const urls = fetch.mock.calls.map(([url]) => String(url)).filter((url) => /statements|ledger/.test(url));
    expect(urls).toEqual([
      `/api/statements/${today.slice(0, 7)}?format=pdf`,
      `/api/statements/${today.slice(0, 7)}?format=csv`,
      `/api/ledger.csv?start_date=${addDays(today, -29)}&end_date=${today}`,
    ]);
    expect(click.mock.contexts.map((link) => (link as HTMLAnchorElement).download)).toEqual([
      `statement-${today.slice(0, 7)}.pdf`,
      `statement-${today.slice(0, 7)}.csv`,
      `ledger-${addDays(today, -29)}-to-${today}.csv`,
    ]);
  });
});

describe('billing details', { timeout: 20_000 }, () => {
  it('are checked by the contract’s rules, then saved for the next invoices', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const fetch = billing({
      path: '/application/billing?tab=invoices',
      more: { 'PUT /invoices/billing-details': (_url: string, init: RequestInit | undefined) => ({ body: JSON.parse(String(init?.body)) }) },
    });
    const form = await screen.findByRole('form', { name: 'Billing details' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the legal name to bill (up to 200 characters)')).toBeInTheDocument();
    expect(within(form).getByText('Enter the billing address (up to 300 characters)')).toBeInTheDocument();
    expect(within(form).getByText('Choose the state of the billing address')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Legal name' }), 'Acme Finance Private Limited');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Billing address' }), '12 Marine Drive, Mumbai 400002');
    await userEvent.click(within(form).getByRole('textbox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Maharashtra (27)', hidden: true }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your billing details have been saved', color: 'green' })));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/invoices/billing-details');
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      legal_name: 'Acme Finance Private Limited',
      address: '12 Marine Drive, Mumbai 400002',
      state_code: '27',
    });
  });
});

describe('the Next Plan card', () => {
  const next = (overrides: Partial<PlanInfo>) =>
    current({
      plan_name: 'Plus',
      status: 'PAYMENT_PENDING',
      balance: null,
      wallet_balance_with_gst: null,
      alert_balance: null,
      start_date: null,
      ...overrides,
    });
  const card = () => screen.findByRole('region', { name: 'Next Plan' });

  it("waits for the payment: 'Payment Pending', to activate On Payment", async () => {
    billing({ info: { current: current(), next: next({ enable_immediately: true }) } });
    const shown = await card();
    expect(within(shown).getByText('Payment Pending')).toBeInTheDocument();
    expect(within(shown).getByText('Activation Request')).toBeInTheDocument();
    expect(within(shown).getByText('On Payment')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Activate Now' })).not.toBeInTheDocument();
  });

  it('shows what is to pay for a pending plan: its amount plus GST', async () => {
    billing({ info: { current: current(), next: next({ amount: 25000 }) } });
    const shown = await card();
    expect(within(shown).getByText('Amount to pay')).toBeInTheDocument();
    expect(within(shown).getByText('₹25,000 + 18% GST = ₹29,500')).toBeInTheDocument();
  });

  it('asks for nothing more once the next plan is paid', async () => {
    billing({ info: { current: current(), next: next({ amount: 25000, status: 'PAYMENT_RECEIVED' }) } });
    const shown = await card();
    expect(await within(shown).findByRole('button', { name: 'Activate Now' })).toBeInTheDocument();
    expect(within(shown).queryByText('Amount to pay')).not.toBeInTheDocument();
  });

  it('activates On Current Plan Expiry when enabled later', async () => {
    billing({ info: { current: current(), next: next({ enable_immediately: false }) } });
    expect(await within(await card()).findByText('On Current Plan Expiry')).toBeInTheDocument();
  });

  it('offers Activate Now with the activation date once paid, and activates it', async () => {
    const fetch = billing({
      info: { current: current(), next: next({ status: 'PAYMENT_RECEIVED', start_date: Date.UTC(2026, 6, 10) }) },
      more: { [`PUT ${ORG}?action=org_activate_next_plan`]: { body: { message: 'You new plan has been activated', current: current(), next: null } } },
    });
    const shown = await card();
    expect(within(shown).getByText('Activation date')).toBeInTheDocument();
    expect(within(shown).getByText('10 Jul 2026')).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Activate Now' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([url, init]) => String(url).includes('org_activate_next_plan') && init?.method === 'PUT')).toBe(true));
  });
});

describe('the Spend tab', () => {
  const spend = {
    'GET /billing/spend-summary': {
      body: { balance: 7500.5, burn_rate_per_day: 0, days_left: null, period_start: Date.UTC(2026, 0, 10), period_end: Date.UTC(2026, 6, 10), calls: [] },
    },
    'GET /billing/spend-settings': {
      body: { alert_percents: [50, 25, 10], daily_cap: 500, plan_amount: 10000, thresholds: [{ percent: 50, amount: 5000 }], spent_today: 12 },
    },
  };

  it('holds the spend figures and the spend controls; ?tab=spend opens it', async () => {
    billing({ more: spend, path: '/application/billing?tab=spend' });
    expect(await screen.findByRole('tab', { name: 'Spend' })).toHaveAttribute('aria-selected', 'true');
    const figures = await screen.findByRole('region', { name: 'Spend' });
    expect(await within(figures).findByText('—')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Spend controls' });
    expect(within(form).getByRole('textbox', { name: /Daily spend cap/ })).toHaveValue('500');
  });

  it('asks for a plan instead of the controls when none is active', async () => {
    billing({ more: spend, info: { current: null, next: null }, path: '/application/billing?tab=spend' });
    expect(await screen.findByText('Low-balance alerts and a daily spend cap can be set once a plan is active.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Spend controls' })).not.toBeInTheDocument();
  });
});
