import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiLogDetail, ApiLogPage, ApiLogSummary } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { ApiLogsPage } from './api-logs';

const APP_ID = '6f0c2f0e-8a53-4c0e-9b1d-0d1c2b3a4f5e';
const idOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const row = (index: number): ApiLogSummary => ({
  request_id: idOf(index),
  created_at: '2026-03-17T09:15:02.123+05:30',
  product: 'in_identity_pan_lite',
  app_id: APP_ID,
  app_name: 'Test App',
  key_name: 'TestKey',
  key_prefix: 'vgk_test_ab',
  client_ip: '203.0.113.9',
  env: 'TEST',
  http_status: 503,
  response_code: 110,
  billable: false,
  amount_paise: 0,
  total_latency_ms: 12,
  upstream_latency_ms: null,
  task_id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  group_id: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
});
const page = (rows: ApiLogSummary[], next: string | null = null): ApiLogPage => ({
  message: rows.length === 0 ? 'No records found!' : 'Records fetched',
  rows,
  next_cursor: next,
  tz: 'Asia/Kolkata',
  retention_days: 90,
});
const detail = (index: number): ApiLogDetail => ({
  ...row(index),
  request: { mode: 'sync', data: { customer_pan_number: 'AB******0F', consent: 'Y', consent_text: 'I. R. S. I. c. t. t. c.' } },
  response: { request_id: idOf(index), response_code: 110, response_message: 'Source Down' },
});

const SLOW = { timeout: 5000 };

function logs(answer: (url: URL) => { status?: number; body: unknown }) {
  return answerApi({
    'GET /product': { body: [{ _id: 'p1', name: 'PAN Lite', arn: 'in_identity_pan_lite' }] },
    'GET /app?page=report': { body: [{ _id: APP_ID, name: 'Test App', is_test_app: true }] },
    'GET /logs': (url) => answer(new URL(url, 'http://localhost')),
  });
}

beforeEach(() => localStorage.setItem('organisation_id', 'org-1'));
afterEach(() => vi.restoreAllMocks());

describe('the API Logs screen', { timeout: 20_000 }, () => {
  it('opens on the last 7 days, acting for the organisation, and pages older and newer by cursor', async () => {
    const fetch = logs((url) => ({ body: url.searchParams.get('cursor') ? page([row(51)]) : page([row(1), row(2)], 'next-1') }));
    renderScreen(<ApiLogsPage />, { path: '/application/logs' });
    const table = await screen.findByRole('table', { name: 'Calls' }, SLOW);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const [url, init] = fetch.mock.calls.find(([called]) => String(called).startsWith('/api/logs'))!;
    expect(new URL(String(url), 'http://localhost').searchParams.get('start_date')).not.toBeNull();
    expect((init?.headers as Record<string, string>)['x-org-id']).toBe('org-1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText(idOf(51), {}, SLOW);
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText(idOf(1), {}, SLOW);
  });

  it('shows the empty state, and the error with a way to try again', async () => {
    let fail = true;
    logs(() => (fail ? { status: 500, body: { err: { status: 500, code: 'internal', message: 'Something went wrong!' } } } : { body: page([]) }));
    renderScreen(<ApiLogsPage />, { path: '/application/logs' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The calls could not load');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No records found!', {}, SLOW);
  });

  it('searches by a request id from the address, and shows the call masked with Copy as cURL', async () => {
    const fetch = answerApi({
      'GET /product': { body: [] },
      'GET /app?page=report': { body: [] },
      [`GET /logs/${idOf(7)}`]: { body: detail(7) },
      'GET /logs?': { body: page([row(7)]) },
    });
    renderScreen(<ApiLogsPage />, { path: `/application/logs?search=${idOf(7)}` });
    const open = await screen.findByRole('button', { name: `Details of ${idOf(7)}` }, SLOW);
    const listed = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((url) => url.pathname === '/api/logs')!;
    expect(listed.searchParams.get('search')).toBe(idOf(7));
    expect(listed.searchParams.get('start_date')).toBeNull();
    await userEvent.setup().click(open);
    const request = await screen.findByTestId('log-request', {}, SLOW);
    expect(request).toHaveTextContent('AB******0F');
    expect(screen.getByRole('button', { name: 'Copy as cURL' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('log-response')).toHaveTextContent('Source Down'));
  });

  it('names a deleted app’s calls so, with its id in the details', async () => {
    const deleted = { ...row(8), app_name: null };
    answerApi({
      'GET /product': { body: [] },
      'GET /app?page=report': { body: [] },
      [`GET /logs/${idOf(8)}`]: { body: { ...detail(8), app_name: null } },
      'GET /logs?': { body: page([deleted]) },
    });
    renderScreen(<ApiLogsPage />, { path: `/application/logs?search=${idOf(8)}` });
    const table = await screen.findByRole('table', { name: 'Calls' }, SLOW);
    expect(within(table).getByText('Deleted app')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: `Details of ${idOf(8)}` }));
    expect(await screen.findByText(`Deleted app (${APP_ID})`, {}, SLOW)).toBeInTheDocument();
  });

  it('refuses text that is no id with the reports’ message, without a call', async () => {
    const fetch = logs(() => ({ body: page([]) }));
    renderScreen(<ApiLogsPage />, { path: '/application/logs' });
    await screen.findByText('No records found!', {}, SLOW);
    const before = fetch.mock.calls.length;
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Search ID/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Search ID must be a request, task or group id')).toBeInTheDocument();
    expect(fetch.mock.calls.length).toBe(before);
  });
});
