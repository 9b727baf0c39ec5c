import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan, ProductView } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activationPopup } from '@/lib/activation-popup';
import { answerApi, renderScreen } from '@/test/render';
import { PlansPage } from './plans';

const product = (arn: string, name: string, category: string): ProductView =>
  ({ _id: arn, arn, name, category, short_description: `${name} check`, additional_info: `More about ${name}` }) as ProductView;
const PRODUCTS = [product('in_identity_pan_lite', 'PAN Lite', 'Identity'), product('in_ocr_cheque_lite', 'Cheque OCR', 'OCR')];
const tier = (name: string, amount: number, overrides: Partial<Plan> = {}): Plan => ({
  _id: `plan-${name}`,
  plan_name: name,
  plan_code: name.toUpperCase(),
  plan_type: 'PREPAID',
  is_custom_plan: false,
  subscription_status: null,
  prepaid_recharge_amount: amount,
  plan_validity: 12,
  pricing: { in_identity_pan_lite: { unit_price: amount / 5000 }, in_ocr_cheque_lite: { unit_price: 3 } },
  ...overrides,
});
const TIERS = [tier('Lite', 10000), tier('Plus', 25000), tier('Advance', 50000), tier('Premium', 100000)];

function plansScreen({ plans = TIERS, status = 'ACCOUNT_ACTIVATED', state }: { plans?: Plan[]; status?: string; state?: unknown } = {}) {
  const fetch = answerApi({
    'GET /plan': { body: plans },
    'GET /requests': { body: [] },
    'GET /product': { body: PRODUCTS },
    'GET /organisation/org-1': { body: { _id: 'org-1', country_code: 'IND', onboarding_status: status } },
  });
  renderScreen(<PlansPage />, { path: '/application/dashboard/plans', route: '/application/:from/plans', state });
  return fetch;
}
const table = () => screen.findByRole('table');
const headers = async () =>
  within(await table())
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

beforeEach(() => localStorage.setItem('organisation_id', 'org-1'));
afterEach(() => {
  vi.restoreAllMocks();
  activationPopup.close();
});

describe('the all plans screen', () => {
  it('shows the four tiers and the Custom card, and compares the tiers without a Custom column', async () => {
    plansScreen();
    for (const name of ['Lite', 'Plus', 'Advance', 'Premium', 'Custom']) expect(await screen.findByRole('article', { name })).toBeInTheDocument();
    expect(await headers()).toEqual(['#', 'Product Name', 'Description', 'Lite', 'Plus', 'Advance', 'Premium', 'Details']);
    const row = within(await table())
      .getByRole('rowheader', { name: 'PAN Lite' })
      .closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'PAN Lite check', '₹2', '₹5', '₹10', '₹20', '']);
  });

  it('shows each PREPAID price excluding taxes and what is paid for it with GST', async () => {
    plansScreen();
    const lite = await screen.findByRole('article', { name: 'Lite' });
    expect(within(lite).getByText('₹10,000')).toBeInTheDocument();
    expect(within(lite).getByText('excluding taxes, credited to your wallet')).toBeInTheDocument();
    expect(within(lite).getByText('You pay ₹10,000 + 18% GST = ₹11,800')).toBeInTheDocument();
    expect(within(await screen.findByRole('article', { name: 'Premium' })).getByText('You pay ₹1,00,000 + 18% GST = ₹1,18,000')).toBeInTheDocument();
    expect(screen.getByText(/amounts exclude taxes, and you pay them plus 18% GST/)).toBeInTheDocument();
  });

  it('adds the Custom column when the organisation has a custom plan', async () => {
    plansScreen({ plans: [...TIERS, tier('Acme Special', 75000, { _id: 'custom', is_custom_plan: true })] });
    expect(await headers()).toEqual(['#', 'Product Name', 'Description', 'Custom', 'Lite', 'Plus', 'Advance', 'Premium', 'Details']);
  });

  it('filters the comparison by category chip, All showing every product', async () => {
    plansScreen();
    await table();
    await userEvent.click(screen.getByRole('radio', { name: 'OCR' }));
    expect(within(await table()).queryByRole('rowheader', { name: 'PAN Lite' })).not.toBeInTheDocument();
    expect(within(await table()).getByRole('rowheader', { name: 'Cheque OCR' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(within(await table()).getByRole('rowheader', { name: 'PAN Lite' })).toBeInTheDocument();
  });

  it("expands a row to the product's additional information", async () => {
    plansScreen();
    await table();
    expect(screen.queryByText('More about Cheque OCR')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show details of Cheque OCR' });
    await userEvent.click(toggle);
    expect(screen.getByText('More about Cheque OCR')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide details of Cheque OCR' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('highlights, opens and scrolls to the product passed in the navigation state', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    plansScreen({ state: { product: 'in_ocr_cheque_lite' } });
    const row = within(await table())
      .getByRole('rowheader', { name: 'Cheque OCR' })
      .closest('tr')!;
    expect(row).toHaveAttribute('data-highlighted');
    expect(
      within(await table())
        .getByRole('rowheader', { name: 'PAN Lite' })
        .closest('tr'),
    ).not.toHaveAttribute('data-highlighted');
    expect(screen.getByText('More about Cheque OCR')).toBeInTheDocument();
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(row);
  });

  it('opens the account activation popup, requesting nothing, when the account is not activated', async () => {
    const fetch = plansScreen({ status: 'ONBOARDING_COMPLETED' });
    await userEvent.click(within(await screen.findByRole('article', { name: 'Plus' })).getByRole('button', { name: /Request Plan/ }));
    expect(activationPopup.isOpen()).toBe(true);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the bank details to confirm, requests the plan, and says it is registered', async () => {
    const fetch = plansScreen();
    fetch.mockImplementation(async (input, init) => {
      const url = String(input);
      const answer = (body: unknown) => new Response(JSON.stringify({ data: body }), { status: 200 });
      if (url.endsWith('/virtual-account'))
        return answer({ name: 'Verigate - Acme', bank_name: 'ICICI Bank', account_number: '7770001234', ifsc: 'ICIC0000104' });
      if (init?.method === 'PUT') return answer({ message: 'Your request has been registered', current: null, next: null });
      if (url.startsWith('/api/plan')) return answer([tier('Lite', 10000), tier('Plus', 25000, { subscription_status: 'PAYMENT_PENDING' })]);
      if (url.startsWith('/api/requests')) return answer([]);
      if (url.startsWith('/api/product')) return answer(PRODUCTS);
      return answer({ _id: 'org-1', country_code: 'IND', onboarding_status: 'ACCOUNT_ACTIVATED' });
    });
    await userEvent.click(within(await screen.findByRole('article', { name: 'Plus' })).getByRole('button', { name: /Request Plan/ }));
    const bank = await screen.findByRole('dialog', { name: 'Bank Details' });
    expect(await within(bank).findByDisplayValue('7770001234')).toBeInTheDocument();
    expect(within(bank).getByText('₹25,000')).toBeInTheDocument();
    expect(within(bank).getByText('Amount (excluding taxes)')).toBeInTheDocument();
    expect(within(bank).getByText('Amount to transfer (including GST)')).toBeInTheDocument();
    expect(within(bank).getByText('₹29,500')).toBeInTheDocument();
    expect(within(bank).getByText('₹25,000 + 18% GST = ₹29,500')).toBeInTheDocument();
    await userEvent.click(within(bank).getByRole('button', { name: 'Confirm Request' }));
    expect(await screen.findByRole('dialog', { name: 'Your request has been registered' })).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/organisation/org-1?action=org_plan_subscribe');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ planId: 'plan-Plus', enable_immediately: true });
    expect(await within(await screen.findByRole('article', { name: 'Plus' })).findByRole('button', { name: /Payment Pending/ })).toBeInTheDocument();
  });
});
