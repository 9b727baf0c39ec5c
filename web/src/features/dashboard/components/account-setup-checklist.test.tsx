import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { AccountSetupChecklist } from './account-setup-checklist';

const renderChecklist = (status: 'ONBOARDING_COMPLETED' | 'ACTIVATION_REQUESTED') =>
  renderScreen(<AccountSetupChecklist status={status} onGenerateKey={() => undefined} generatingKey={false} />);

describe('the Account Setup checklist', () => {
  it('offers Activate while production is not requested', () => {
    renderChecklist('ONBOARDING_COMPLETED');
    const step = screen.getByRole('listitem', { name: 'Step 3: Activate Production' });
    expect(step).toHaveAttribute('aria-current', 'step');
    expect(within(step).getByRole('link', { name: 'Activate' })).toBeInTheDocument();
  });

  it('once requested, says the request is under review and what comes next, without an Activate button', () => {
    renderChecklist('ACTIVATION_REQUESTED');
    const step = screen.getByRole('listitem', { name: 'Step 3: Activate Production' });
    expect(within(step).queryByRole('link', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(step).getByText('Activation requested')).toBeInTheDocument();
    expect(within(step).getByText(/^Under review: our team is checking your KYC details/)).toBeInTheDocument();
    const next = screen.getByRole('listitem', { name: 'Step 4: Choose a plan' });
    expect(next).not.toHaveAttribute('aria-current');
    expect(within(next).getByText(/once your account is activated/)).toBeInTheDocument();
    expect(within(next).queryByRole('link')).not.toBeInTheDocument();
  });
});
