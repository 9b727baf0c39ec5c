import { screen } from '@testing-library/react';
import { APP_MESSAGES, type AppView } from '@verigate/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppCard } from './app-card';

const app = (isTest: boolean): AppView => ({
  _id: isTest ? '9f1c1c0e-4a52-4c84-9f0b-3c1b1a0a0001' : '9f1c1c0e-4a52-4c84-9f0b-3c1b1a0a0002',
  name: isTest ? 'Test App' : 'Production',
  createdAt: Date.UTC(2025, 0, 15),
  is_test_app: isTest,
  keys: [],
  service_access: [],
  ip_whitelisted: ['ALL'],
});

const renderCard = (view: AppView) =>
  renderWithProviders(
    <MemoryRouter>
      <AppCard app={view} />
    </MemoryRouter>,
  );

describe('the Trial button of an app card', () => {
  it('leads a test app to the Trial Center', () => {
    renderCard(app(true));
    expect(screen.getByRole('link', { name: 'Trial' })).toHaveAttribute('href', '/application/trial-center');
  });

  it('is unavailable on a live app, saying why', () => {
    renderCard(app(false));
    const trial = screen.getByRole('button', { name: /^Trial/ });
    expect(trial).toHaveAttribute('aria-disabled', 'true');
    expect(trial).toHaveAccessibleDescription(APP_MESSAGES.trialLiveApp);
    expect(screen.queryByRole('link', { name: 'Trial' })).not.toBeInTheDocument();
  });
});
