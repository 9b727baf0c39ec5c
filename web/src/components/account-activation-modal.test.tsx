import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activationPopup } from '@/lib/activation-popup';
import { answerApi, renderScreen } from '@/test/render';
import { AccountActivationModal } from './account-activation-modal';

const organisation = (kyc: { gstin: string } | null) => ({ _id: 'org-1', onboarding_status: 'ONBOARDING_COMPLETED', kyc });
const sent = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls.filter(([url, init]) => String(url).includes('account_activation_request') && init?.method === 'POST');

async function openPopup() {
  renderScreen(<AccountActivationModal />, { path: '/application/manage-apps', otherRoutes: ['/activation-form'] });
  act(() => activationPopup.open());
  return screen.findByRole('dialog', { name: 'Activate your account' });
}

beforeEach(() => localStorage.setItem('organisation_id', 'org-1'));
afterEach(() => {
  vi.restoreAllMocks();
  act(() => activationPopup.close());
});

describe('the account activation popup', () => {
  it('sends the activation request by email when the KYC details are on file, then closes', async () => {
    const fetch = answerApi({
      'POST /events?action=account_activation_request': { body: { message: 'Activation requested', onboarding_status: 'ACTIVATION_REQUESTED' } },
      'GET /organisation/org-1': { body: organisation({ gstin: '27ABCDE1234F1Z5' }) },
    });
    const dialog = await openPopup();
    const send = await within(dialog).findByRole('button', { name: 'Send by email' });
    await vi.waitFor(() => expect(send).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(send);
    await vi.waitFor(() => expect(activationPopup.isOpen()).toBe(false));
    expect(sent(fetch)).toHaveLength(1);
  });

  it('says why the server refused, and stays open', async () => {
    answerApi({
      'POST /events?action=account_activation_request': {
        status: 409,
        body: { err: { status: 409, code: 'conflict', message: 'Generate a test key before requesting activation' } },
      },
      'GET /organisation/org-1': { body: organisation({ gstin: '27ABCDE1234F1Z5' }) },
    });
    const dialog = await openPopup();
    const send = await within(dialog).findByRole('button', { name: 'Send by email' });
    await vi.waitFor(() => expect(send).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Generate a test key before requesting activation');
    expect(activationPopup.isOpen()).toBe(true);
  });

  it('leads to the KYC form while no KYC details are on file, sending nothing', async () => {
    const fetch = answerApi({ 'GET /organisation/org-1': { body: organisation(null) } });
    const dialog = await openPopup();
    expect(await within(dialog).findByText(/Your KYC details are not on file yet/)).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: /Send by email/ });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(send);
    expect(sent(fetch)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill KYC details' }));
    expect(await screen.findByText('Screen /activation-form')).toBeInTheDocument();
    expect(activationPopup.isOpen()).toBe(false);
  });
});
