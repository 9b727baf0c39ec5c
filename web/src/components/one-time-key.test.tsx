import { Modal } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OneTimeKey, useOneTimeKeyClose } from './one-time-key';

const KEY = 'vgk_test_0123456789ABCDEFGHIJKLMNOPQRSTUV_abc123';

function KeyDialog({ onClose }: { onClose: () => void }) {
  const closing = useOneTimeKeyClose(onClose);
  return (
    <Modal opened onClose={closing.requestClose} title="Your test API key" closeButtonProps={{ 'aria-label': 'Close' }}>
      <OneTimeKey apiKey={KEY} appId="app-1" closing={closing} />
    </Modal>
  );
}

const setup = () => {
  const onClose = vi.fn();
  renderWithProviders(<KeyDialog onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
};

describe('the one-time key dialog', { timeout: 20_000 }, () => {
  it('asks before Escape, X or Done close it while the key is not saved, and stays open on Keep it open', async () => {
    const { onClose, user } = setup();
    expect(screen.getByRole('textbox', { name: 'API key' })).toHaveValue(KEY);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Close without saving the key?');
    await user.click(screen.getByRole('button', { name: 'Keep it open' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Close without saving' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once after the key was copied', async () => {
    const { onClose, user } = setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(screen.getByRole('checkbox', { name: 'I have saved this key somewhere safe' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once once the person ticks that the key is saved', async () => {
    const { onClose, user } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
