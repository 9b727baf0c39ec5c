import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRIAL_MESSAGES, type ClientConfig, type ProviderEnvelope } from '@verigate/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TEST_CLIENT_CONFIG, testQueryClient } from '@/test/render';
import { errorOutcome, ResponsePanel, type TrialOutcome } from './response-panel';

const CONFIG: ClientConfig = { ...TEST_CLIENT_CONFIG, salesUrl: 'https://sales.verigate.example/contact' };

const ENVELOPE: ProviderEnvelope = {
  request_id: '0b7a3c52-8d1e-4a59-9a43-51f0f3f0c001',
  group_id: '0b7a3c52-8d1e-4a59-9a43-51f0f3f0c002',
  task_id: '0b7a3c52-8d1e-4a59-9a43-51f0f3f0c003',
  success: true,
  response_code: 100,
  response_message: 'Valid Authentication',
  metadata: { billable: 'Y' },
  result: { pan_number: 'ABCPE1234F' },
};

function renderPanel(outcome: TrialOutcome | null) {
  return renderWithProviders(<ResponsePanel outcome={outcome} loading={false} />, testQueryClient(CONFIG));
}

describe('the response panel', () => {
  it('shows the answer as pretty JSON, and Copy puts that JSON on the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPanel({ kind: 'answer', envelope: ENVELOPE });
    expect(screen.getByLabelText('Response JSON').textContent).toBe(JSON.stringify(ENVELOPE, null, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument());
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(ENVELOPE, null, 2));
  });

  it('shows an error as text, with a sales link when it is about the wallet balance', () => {
    const { unmount } = renderPanel({ kind: 'error', message: 'test credits exhausted for this product' });
    expect(screen.getByRole('alert')).toHaveTextContent('test credits exhausted for this product');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();
    renderPanel({ kind: 'error', message: 'wallet balance low' });
    expect(screen.getByRole('link', { name: /Contact sales/ })).toHaveAttribute('href', CONFIG.salesUrl);
  });

  it("falls back to the seed's text when a failure has no message of its own", () => {
    expect(errorOutcome(new Error('Something went wrong!'))).toEqual({ kind: 'error', message: TRIAL_MESSAGES.fetchFailed });
    expect(errorOutcome(new Error('product not subscribed by app'))).toEqual({ kind: 'error', message: 'product not subscribed by app' });
  });
});
