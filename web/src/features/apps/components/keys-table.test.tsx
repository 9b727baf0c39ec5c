import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppKey } from '@verigate/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { KeysTable } from './keys-table';

const DAY = 86_400_000;
const key = (overrides: Partial<AppKey>): AppKey => ({
  _id: crypto.randomUUID(),
  key_name: 'Main',
  key_start: 'vgk_test_AbCd',
  createdAt: Date.UTC(2025, 0, 15),
  updatedAt: Date.UTC(2025, 0, 15),
  status: 'ENABLED',
  expiresAt: null,
  rolledAt: null,
  lastUsedAt: null,
  lastClientIp: null,
  ...overrides,
});

const render = (keys: AppKey[], onRoll = vi.fn()) => {
  renderWithProviders(<KeysTable keys={keys} busyKey={null} onToggle={vi.fn()} onDelete={vi.fn()} onRoll={onRoll} />);
  return onRoll;
};

describe('the keys table', () => {
  it('shows last use with its client address, and expiry: never, a date, expired, or the end of a roll', () => {
    const now = Date.now();
    render([
      key({ key_name: 'Primary', lastUsedAt: now - 60_000, lastClientIp: '203.0.113.7' }),
      key({ key_name: 'Soon', expiresAt: now + 3 * DAY }),
      key({ key_name: 'Gone', expiresAt: now - DAY, status: 'DISABLED' }),
      key({ key_name: 'Primary old', expiresAt: now + DAY, rolledAt: now }),
    ]);
    const cells = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^${name} vgk_test_`) })).getAllByRole('cell');
    expect(cells('Primary')[3]).toHaveTextContent('203.0.113.7');
    expect(cells('Primary')[4]).toHaveTextContent('Never');
    expect(cells('Soon')[3]).toHaveTextContent('Never');
    expect(cells('Soon')[4]).not.toHaveTextContent(/Never|Expired/);
    expect(cells('Gone')[4]).toHaveTextContent(/^Expired /);
    expect(cells('Primary old')[4]).toHaveTextContent(/^Rolled, works until /);
  });

  it('offers Roll by keyboard on keys not yet rolled', async () => {
    const main = key({ key_name: 'Main' });
    const onRoll = render([main, key({ key_name: 'Main old', rolledAt: Date.now(), expiresAt: Date.now() })]);
    expect(screen.queryByRole('button', { name: 'Roll key Main old' })).toBeNull();
    screen.getByRole('button', { name: 'Roll key Main' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRoll).toHaveBeenCalledWith(main);
  });
});
