import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen, TEST_CLIENT_CONFIG } from '@/test/render';
import { AddBalanceModal } from './add-balance-modal';
import { AlertBalanceModal } from './alert-balance-modal';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const bodyOf = (fetch: ReturnType<typeof answerApi>, index = 0) => JSON.parse(String(fetch.mock.calls[index]![1]!.body));

async function submitAmount(dialogName: string, value: string, button: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const field = within(dialog).getByRole('textbox', { name: 'Amount' });
  await user.clear(field);
  if (value) await user.type(field, value);
  await user.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

describe('Add Balance', () => {
  it.each([
    ['', 'Amount can not be empty'],
    ['abc', 'Enter a valid Amount'],
    ['1500.50', 'Enter a valid Amount'],
    ['999', 'Amount should not be less than 1000'],
    ['50,001', 'Amount should not be more than 50000'],
  ])('refuses %j with %j and calls nothing', async (value, message) => {
    const fetch = answerApi({});
    const open = vi.spyOn(window, 'open');
    renderScreen(<AddBalanceModal opened onClose={() => {}} />);
    const dialog = await submitAmount('Add Balance', value, 'Proceed to Pay');
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows what is paid, the amount plus GST at the server’s rate, once the amount is valid', async () => {
    answerApi({});
    renderScreen(<AddBalanceModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
    expect(within(dialog).getByText(/you pay it plus 18% GST/)).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Amount' });
    await userEvent.type(field, '999');
    expect(within(dialog).queryByText(/^You pay/)).not.toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '10,000');
    expect(within(dialog).getByText('You pay ₹10,000 + 18% GST = ₹11,800')).toBeInTheDocument();
  });

  it('uses the GST rate the server is configured with', async () => {
    answerApi({});
    renderScreen(<AddBalanceModal opened onClose={() => {}} />, { config: { ...TEST_CLIENT_CONFIG, gstRatePercent: 12 } });
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '2500');
    expect(within(dialog).getByText('You pay ₹2,500 + 12% GST = ₹2,800')).toBeInTheDocument();
  });

  it('takes the limits the form is given', async () => {
    answerApi({});
    renderScreen(<AddBalanceModal opened onClose={() => {}} min={2000} max={3000} />);
    expect(await screen.findByText('Between ₹2,000 and ₹3,000')).toBeInTheDocument();
    const dialog = await submitAmount('Add Balance', '1500', 'Proceed to Pay');
    expect(within(dialog).getByText('Amount should not be less than 2000')).toBeInTheDocument();
  });

  it('creates the payment link for the amount without its commas and sends the new tab to the checkout', async () => {
    const fetch = answerApi({
      'POST /payment/create': { body: { link_url: 'http://pay.example/checkout/lnk_1', link_id: 'lnk_1', order_id: 'order_1', amount: 10000, expires_at: 1 } },
    });
    const checkout = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(checkout as unknown as Window);
    const onClose = vi.fn();
    renderScreen(<AddBalanceModal opened onClose={onClose} />);
    await submitAmount('Add Balance', '10,000', 'Proceed to Pay');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(fetch)).toEqual({ amount: 10000 });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(checkout.opener).toBeNull();
    expect(checkout.location.href).toBe('http://pay.example/checkout/lnk_1');
  });

  it('closes the waiting tab and keeps the popup open when the server refuses', async () => {
    answerApi({
      'POST /payment/create': {
        status: 409,
        body: { err: { status: 409, code: 'conflict', message: 'Add Balance is available only with an active PREPAID plan' } },
      },
    });
    const checkout = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(checkout as unknown as Window);
    const onClose = vi.fn();
    renderScreen(<AddBalanceModal opened onClose={onClose} />);
    await submitAmount('Add Balance', '5000', 'Proceed to Pay');
    await vi.waitFor(() => expect(checkout.close).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(checkout.location.href).toBe('');
  });
});

describe('the alert balance popup', () => {
  it.each([
    ['', 'Amount Can not be empty'],
    ['-5', 'Amount should not be negative'],
    ['12a', 'Enter a valid Amount'],
    ['0', 'Amount Can not be zero or negative'],
  ])('refuses %j with %j on a PREPAID plan', async (value, message) => {
    const fetch = answerApi({});
    renderScreen(<AlertBalanceModal opened planType="PREPAID" alertBalance={2000} onClose={() => {}} />);
    const dialog = await submitAmount('Alert Balance', value, 'Save');
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts from the current alert balance and saves the new one in whole rupees', async () => {
    localStorage.setItem('organisation_id', 'org-1');
    const fetch = answerApi({
      'PUT /organisation/org-1?action=org_alert_balance_update': {
        body: { message: 'Your daily consumption/alert balance has been updated', alert_balance: 5000 },
      },
    });
    const onClose = vi.fn();
    renderScreen(<AlertBalanceModal opened planType="PREPAID" alertBalance={2000} onClose={onClose} />);
    expect(await screen.findByRole('textbox', { name: 'Amount' })).toHaveValue('2000');
    await submitAmount('Alert Balance', '5,000', 'Save');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(fetch)).toEqual({ alert_balance: 5000 });
  });

  it("reads 'Daily Consumption' on a POSTPAID plan and is shown, not edited", async () => {
    answerApi({});
    renderScreen(<AlertBalanceModal opened planType="POSTPAID" alertBalance={1500} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Daily Consumption' });
    expect(within(dialog).getByText('₹1,500')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
