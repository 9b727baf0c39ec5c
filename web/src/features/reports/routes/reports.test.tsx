import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportPage, ReportRow } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { ReportsPage } from './reports';

const APP_ID = '6f0c2f0e-8a53-4c0e-9b1d-0d1c2b3a4f5e';
const row = (index: number, overrides: Partial<ReportRow> = {}): ReportRow => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  product: 'in_identity_pan_lite',
  product_version: 'v1',
  request_timestamp: '2026-03-17T09:15:02.123+05:30',
  response_timestamp: '2026-03-17T09:15:02.456+05:30',
  response_code: 100,
  status: 'SUCCESS',
  env: 'TEST',
  task_id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  app_id: APP_ID,
  group_id: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  client_ip: '203.0.113.9',
  ...overrides,
});
const page = (rows: ReportRow[], total: number, page_no = 1): ReportPage => ({
  message: total === 0 ? 'No records found!' : 'Records fetched',
  data: { rows, total, page_no, per_page: 50, total_pages: Math.min(Math.ceil(total / 50), 100), tz: 'Asia/Kolkata' },
});

function reports(answer: (url: URL) => ReportPage) {
  const fetch = answerApi({
    'GET /product': { body: [{ _id: 'p1', name: 'PAN Lite', arn: 'in_identity_pan_lite' }] },
    'GET /app?page=report': { body: [{ _id: APP_ID, name: 'Test App', is_test_app: true }] },
    'GET /organisation/org-1?action=get_org_csv_usage_reports': (url) => ({ body: answer(new URL(url, 'http://localhost')) }),
  });
  renderScreen(<ReportsPage />, { path: '/application/reports' });
  return fetch;
}
const reportCalls = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.searchParams.get('action') === 'get_org_csv_usage_reports');

/** Mantine's dropdown is still in its opening transition in jsdom: its options are there, not yet visible. */
async function chooseDuration(user: ReturnType<typeof userEvent.setup>, preset: string) {
  await user.click(screen.getByRole('textbox', { name: 'Duration' }));
  fireEvent.click(await screen.findByRole('option', { name: preset, hidden: true }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Duration' })).toHaveValue(preset));
}

/** The report's answer, on a machine busy with the rest of the suite. */
const SLOW = { timeout: 5000 };

beforeEach(() => localStorage.setItem('organisation_id', 'org-1'));
afterEach(() => vi.restoreAllMocks());

describe('the reports screen', { timeout: 20_000 }, () => {
  it('opens with the last 7 days already run, Duration marked required', async () => {
    const fetch = reports(() => page([row(1)], 1));
    const table = await screen.findByRole('table', { name: 'Result Set' }, SLOW);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const duration = screen.getByRole('textbox', { name: 'Duration' });
    expect(duration).toHaveValue('Last 7 Days');
    expect(duration).toBeRequired();
    expect(screen.getByText('Required unless a Search ID is given')).toBeInTheDocument();
    const [call] = reportCalls(fetch);
    const days = (Date.parse(call!.searchParams.get('end_date')!) - Date.parse(call!.searchParams.get('start_date')!)) / 86_400_000;
    expect(days).toBe(6);
  });

  it('trims the spaces pasted around a Search ID', async () => {
    const user = userEvent.setup();
    const fetch = reports(() => page([row(1)], 1));
    const id = row(1).id;
    await user.click(screen.getByRole('textbox', { name: 'Search ID' }));
    await user.paste(`  ${id} `);
    expect(screen.getByRole('textbox', { name: 'Search ID' })).toHaveValue(id);
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    await waitFor(() => expect(reportCalls(fetch).at(-1)!.searchParams.get('id')).toBe(id));
  });

  it('runs the report with the chosen filters and lists the calls with their total', async () => {
    const user = userEvent.setup();
    const fetch = reports(() => page([row(1), row(2, { status: 'FAILURE', response_code: 110, env: 'TEST' })], 2));
    await chooseDuration(user, 'Last 7 Days');
    await user.click(screen.getByRole('radio', { name: 'Non-billable' }));
    await user.click(screen.getByRole('button', { name: 'Run Report' }));

    const table = await screen.findByRole('table', { name: 'Result Set' }, SLOW);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('PAN Lite')).toHaveLength(2);
    expect(within(table).getByText('Failure')).toBeInTheDocument();
    expect(within(table).getAllByText('17 Mar 2026, 09:15:02')).toHaveLength(4);
    expect(screen.getByText(/Total:/)).toHaveTextContent('Total: 2 records');
    await waitFor(() => expect(reportCalls(fetch)).toHaveLength(2));
    const call = reportCalls(fetch).at(-1);
    expect(call!.searchParams.get('charge_type')).toBe('NON_BILLABLE');
    expect(call!.searchParams.get('page_no')).toBe('1');
    expect(call!.searchParams.get('per_page')).toBe('50');
    expect(call!.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(call!.searchParams.has('start_date') && call!.searchParams.has('end_date')).toBe(true);
    expect(call!.searchParams.has('env')).toBe(false);
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    reports(() => page([], 0));
    await chooseDuration(user, 'Today');
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText('No records found!', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Looks like you have no records yet in this category.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('pages through five page numbers at a time', async () => {
    const user = userEvent.setup();
    const fetch = reports((url) => {
      const pageNo = Number(url.searchParams.get('page_no'));
      return page([row(pageNo)], 420, pageNo);
    });
    await chooseDuration(user, 'Last 30 Days');
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    const pager = await screen.findByRole('navigation', { name: 'Result Set pages' }, SLOW);
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page'));
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['3', '4', '5', '6', '7']);
    expect(reportCalls(fetch).at(-1)!.searchParams.get('page_no')).toBe('5');
    expect(within(pager).getByText('Page 5 of 9')).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    answerApi({
      'GET /product': { body: [] },
      'GET /app?page=report': { body: [] },
      'GET /organisation/org-1?action=get_org_csv_usage_reports': {
        status: 400,
        body: { err: { status: 400, code: 'invalid_input', message: 'Max difference between dates should be 60 days' } },
      },
    });
    renderScreen(<ReportsPage />, { path: '/application/reports' });
    await chooseDuration(user, 'Today');
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Max difference between dates should be 60 days');
  });

  it('clears every filter and the result but keeps a duration, so Run Report lists the calls again', async () => {
    const user = userEvent.setup();
    reports(() => page([row(1)], 1));
    await chooseDuration(user, 'Today');
    await user.click(screen.getByRole('radio', { name: 'Billable' }));
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    await screen.findByRole('table', { name: 'Result Set' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByRole('textbox', { name: 'Duration' })).toHaveValue('Last 7 Days');
    expect(within(screen.getByRole('radiogroup', { name: 'Charge Type' })).getByRole('radio', { name: 'All' })).toBeChecked();
    expect(screen.getByText("Set Search/Filter parameters and press 'Run report' to generate the result set.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByRole('table', { name: 'Result Set' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Duration is mandatory')).not.toBeInTheDocument();
  });
});
