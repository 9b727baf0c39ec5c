import { screen } from '@testing-library/react';
import { BILLING_MESSAGES, type PaymentLink } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { PaymentCallbackPage } from './payment-callback';

const link = (status: string): PaymentLink => ({ generated_link_id: 'lnk_1', status: status as PaymentLink['status'], amount: 5000, order_id: 'order_42' });
const BILLING = '/application/billing';
const open = (query = '?link_id=lnk_1') => renderScreen(<PaymentCallbackPage />, { path: `${BILLING}/callback${query}`, otherRoutes: [BILLING] });

beforeEach(() => {
  window.__VERIGATE_TIMING__ = { paymentPollMs: 20 };
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.__VERIGATE_TIMING__;
});

describe('the payment result page', () => {
  it('shows the recharge and its transaction id once paid, with the way back to billing', async () => {
    const fetch = answerApi({ 'GET /payment/fetch/lnk_1': { body: link('paid') } });
    open();
    expect(await screen.findByText('Transaction Successful')).toBeInTheDocument();
    expect(screen.getByText('Your recharge of ₹5000 was processed successfully')).toBeInTheDocument();
    expect(screen.getByText('Transaction ID: order_42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO BACK TO BILLING' })).toHaveAttribute('href', BILLING);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each(['error', 'cancelled', 'expired'])('says the transaction failed when the link is %s', async (status) => {
    answerApi({ 'GET /payment/fetch/lnk_1': { body: link(status) } });
    open();
    expect(await screen.findByText(BILLING_MESSAGES.transactionFailed)).toBeInTheDocument();
    expect(screen.getByText('Your transaction failed at the server end. Please try to make the payment again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO BACK TO BILLING' })).toBeInTheDocument();
  });

  it('waits while the payment is in progress, asking again until it is final', async () => {
    const answers = ['active', 'active', 'paid'];
    const fetch = answerApi({ 'GET /payment/fetch/lnk_1': () => ({ body: link(answers.shift() ?? 'paid') }) });
    open();
    expect(await screen.findByText('Fetching your transaction status')).toBeInTheDocument();
    expect(screen.getByText('It usually takes 2-3 seconds to update the status. Kindly wait till we get an update')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO BACK TO BILLING' })).toBeInTheDocument();
    expect(await screen.findByText('Transaction Successful')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shows a loading state before the first answer', async () => {
    answerApi({ 'GET /payment/fetch/lnk_1': { body: link('paid') } });
    open();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await screen.findByText('Transaction Successful');
  });

  it('goes back to billing when the link cannot be fetched', async () => {
    const fetch = answerApi({
      'GET /payment/fetch/lnk_1': { status: 404, body: { err: { status: 404, code: 'not_found', message: 'Payment link not found' } } },
    });
    open();
    expect(await screen.findByText(`Screen ${BILLING}`)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('goes back to billing on a status it does not know', async () => {
    answerApi({ 'GET /payment/fetch/lnk_1': { body: link('refunded') } });
    open();
    expect(await screen.findByText(`Screen ${BILLING}`)).toBeInTheDocument();
  });

  it('goes back to billing without a link id, asking nothing', async () => {
    const fetch = answerApi({});
    open('');
    expect(await screen.findByText(`Screen ${BILLING}`)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
