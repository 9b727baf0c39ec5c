import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BatchState, BatchTask, BatchTypeOption, OrganisationDetails } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { BatchServicePage } from './batch-service';

const ORG_ID = '5b0c8a56-8d7e-4a51-9a8e-3c52f1d0a001';
const organisation = (onboarding_status: OrganisationDetails['onboarding_status'] = 'PLAN_SUBSCRIBED') =>
  ({ _id: ORG_ID, name: 'Acme', trade_name: 'Acme', country_code: 'IND', onboarding_status, kam: null, business_manager: null }) as OrganisationDetails;
const TYPES: BatchTypeOption[] = [
  { name: 'PAN Lite', value: 'in_identity_pan_lite', sample_link: '/api/productBatchService/sample/in_identity_pan_lite', response_type: 'NONE' },
];

let serial = 0;
function task(batchName: string, batchState: BatchState, totalProcessed: number, totalItems = 1000): BatchTask {
  serial += 1;
  const batchId = `0b6f0a4e-3c9f-4d55-8a7e-${String(serial).padStart(12, '0')}`;
  return {
    batchId,
    batchName,
    batchType: 'in_identity_pan_lite',
    batchState,
    totalProcessed,
    totalItems,
    created_at: new Date(2026, 10, 20, 9, 5, 7).getTime(),
    updated_at: new Date(2026, 10, 21, 18, 30, 0).getTime(),
    downloadUrl: batchState === 'FINISHED' ? `/api/productBatchService/download/${batchId}` : null,
    downloadInitiated: false,
    status: batchState,
    total_completed: totalProcessed,
    total_items: totalItems,
  };
}

const TASKS_PATH = `/productBatchService/getTask?org_id=${ORG_ID}`;

function open({
  tasks = [] as BatchTask[] | (() => BatchTask[]),
  types = TYPES as BatchTypeOption[] | null,
  status = 'PLAN_SUBSCRIBED' as OrganisationDetails['onboarding_status'],
  more = {},
} = {}) {
  const fetch = answerApi({
    ...more,
    [`GET /organisation/${ORG_ID}`]: { body: organisation(status) },
    [`GET /productBatchService/getBatchTypes/${ORG_ID}`]: types
      ? { body: types }
      : { status: 500, body: { err: { status: 500, code: 'internal', message: 'Batch types could not be read' } } },
    'GET /productBatchService/getTask': () => ({ body: typeof tasks === 'function' ? tasks() : tasks }),
  });
  renderScreen(<BatchServicePage />, { path: '/application/batch-service', otherRoutes: ['/application/dashboard'] });
  return fetch;
}

const card = (name: string) => screen.findByRole('article', { name });
const taskCalls = (fetch: ReturnType<typeof answerApi>) => fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('getTask'));

beforeEach(() => localStorage.setItem('organisation_id', ORG_ID));
afterEach(() => vi.restoreAllMocks());

describe('Batch Service: who sees it', () => {
  it('sends an organisation that is not fully onboarded to the dashboard', async () => {
    open({ status: 'ACCOUNT_ACTIVATED' });
    expect(await screen.findByText('Screen /application/dashboard')).toBeInTheDocument();
  });

  it('sends an organisation without batch types to the dashboard', async () => {
    open({ types: [] });
    expect(await screen.findByText('Screen /application/dashboard')).toBeInTheDocument();
  });

  it('shows the maintenance bar and no Add Batch when the batch types cannot be read, with the batches still listed', async () => {
    open({ types: null, tasks: [task('March', 'FINISHED', 1000)] });
    const bar = await screen.findByRole('alert');
    expect(within(bar).getByText('Batch service is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Batch' })).toBeDisabled();
    expect(await card('March')).toBeInTheDocument();
  });
});

describe('Batch Service: the list', () => {
  it('says so when there are no batches', async () => {
    open();
    expect(await screen.findByText('No records found!')).toBeInTheDocument();
  });

  it('shows each batch’s type, state, progress with two decimals and dates as DD/MM/YYYY, HH:mm:ss', async () => {
    open({ tasks: [task('March checks', 'RUNNING', 2, 3)] });
    const march = await card('March checks');
    expect(within(march).getByText('PAN Lite')).toBeInTheDocument();
    expect(within(march).getByText('RUNNING')).toBeInTheDocument();
    expect(within(march).getByText('66.66%')).toBeInTheDocument();
    expect(within(march).getByRole('progressbar', { name: 'Progress of March checks' })).toHaveAttribute('aria-valuetext', '66.66%');
    expect(within(march).getByText('20/11/2026, 09:05:07')).toBeInTheDocument();
    expect(within(march).getByText('21/11/2026, 18:30:00')).toBeInTheDocument();
    expect(march).toHaveAttribute('data-state', 'RUNNING');
    expect(march.style.getPropertyValue('--batch-colour')).toBe('var(--mantine-color-violet-6)');
  });

  it('offers Download only when FINISHED and Stop only above 90 % while RUNNING or PAUSED', async () => {
    open({
      tasks: [
        task('Done', 'FINISHED', 1000),
        task('Almost', 'RUNNING', 901),
        task('Ninety', 'RUNNING', 900),
        task('Paused', 'PAUSED', 950),
        task('Broken', 'ERROR', 999),
      ],
    });
    const buttons = async (name: string) => {
      const article = await card(name);
      return [
        within(article).getByRole('button', { name: `Download results of ${name}` }),
        within(article).getByRole('button', { name: `Stop ${name}` }),
      ] as const;
    };
    const [doneDownload, doneStop] = await buttons('Done');
    expect(doneDownload).toBeEnabled();
    expect(doneStop).toBeDisabled();
    const [almostDownload, almostStop] = await buttons('Almost');
    expect(almostDownload).toBeDisabled();
    expect(almostStop).toBeEnabled();
    expect((await buttons('Ninety'))[1]).toBeDisabled();
    expect((await buttons('Paused'))[1]).toBeEnabled();
    const [brokenDownload, brokenStop] = await buttons('Broken');
    expect(brokenDownload).toBeDisabled();
    expect(brokenStop).toBeDisabled();
  });

  it('shows five batches a page, with a window of five page numbers', async () => {
    const user = userEvent.setup();
    open({ tasks: Array.from({ length: 32 }, (_, index) => task(`Batch ${index + 1}`, 'FINISHED', 1000)) });
    await card('Batch 1');
    expect(screen.getAllByRole('article')).toHaveLength(5);
    const pages = screen.getByRole('navigation', { name: 'Batch pages' });
    const numbers = () =>
      within(pages)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Page 5' }));
    expect(numbers()).toEqual(['3', '4', '5', '6', '7']);
    expect(within(pages).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Batch 21',
      'Batch 22',
      'Batch 23',
      'Batch 24',
      'Batch 25',
    ]);

    await user.click(within(pages).getByRole('button', { name: 'Page 7' }));
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['Batch 31', 'Batch 32']);
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('asks again on its own while a batch is running, and stops asking once none is', async () => {
    let answers = 0;
    const fetch = open({
      tasks: () => {
        answers += 1;
        return [answers < 2 ? task('Live', 'RUNNING', 400) : task('Live', 'FINISHED', 1000)];
      },
    });
    const live = await card('Live');
    expect(within(live).getByText('40.00%')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(screen.getByRole('article', { name: 'Live' })).getByText('100.00%')).toBeInTheDocument(), { timeout: 4000 });
    const calls = taskCalls(fetch).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(taskCalls(fetch)).toHaveLength(calls);
  }, 15_000);

  it('works from the keyboard: the filter panel opens with Enter and Stop asks for confirmation', async () => {
    const user = userEvent.setup();
    open({ tasks: [task('Almost', 'RUNNING', 950)] });
    const stopButton = within(await card('Almost')).getByRole('button', { name: 'Stop Almost' });
    const filters = screen.getByRole('button', { name: 'Filters' });
    filters.focus();
    await user.keyboard('{Enter}');
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    stopButton.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Stop batch' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stop batch' })).toBeNull());
  });

  it('asks again on Refresh', async () => {
    const user = userEvent.setup();
    const fetch = open({ tasks: [task('Done', 'FINISHED', 1000)] });
    await card('Done');
    expect(taskCalls(fetch)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Refresh batches' }));
    await vi.waitFor(() => expect(taskCalls(fetch)).toHaveLength(2));
  });
});

describe('Batch Service: stop, download, filters', () => {
  it('stops a batch after a confirmation', async () => {
    const user = userEvent.setup();
    const almost = task('Almost', 'RUNNING', 950);
    const fetch = open({
      tasks: [almost],
      more: {
        'POST /productBatchService/executeAction': { body: { message: 'Batch stopped', batch: { ...almost, batchState: 'FINISHED', status: 'FINISHED' } } },
      },
    });
    await user.click(within(await card('Almost')).getByRole('button', { name: 'Stop Almost' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop batch' });
    await user.click(within(confirm).getByRole('button', { name: 'Stop batch' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/executeAction'))).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/executeAction'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ action: `stopBatch/${almost.batchId}` });
  });

  it('downloads the results of a FINISHED batch with the session’s token', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'session-token');
    const done = task('Done', 'FINISHED', 1000);
    const fetch = open({ tasks: [done] });
    const getTasks = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input).includes('/download/') ? new Response('pan_number,response_code\n', { status: 200 }) : getTasks(input, init),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:results'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(within(await card('Done')).getByRole('button', { name: 'Download results of Done' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.find(([input]) => String(input).includes('/download/'))!;
    expect(url).toBe(`/api/productBatchService/download/${done.batchId}`);
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Done-results.csv');
  });

  it('narrows the list by product and status from the collapsible filter panel', async () => {
    const user = userEvent.setup();
    const fetch = open({ tasks: [task('Done', 'FINISHED', 1000)] });
    await card('Done');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('form', { name: 'Filter batches' });
    await user.click(within(panel).getByRole('textbox', { name: 'Product Name' }));
    await user.click(await screen.findByRole('option', { name: 'PAN Lite', hidden: true }));
    await user.click(within(panel).getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'FINISHED', hidden: true }));
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(taskCalls(fetch).at(-1)).toBe(`/api${TASKS_PATH}&product=in_identity_pan_lite&status=FINISHED`));

    await user.click(within(panel).getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(taskCalls(fetch).at(-1)).toBe(`/api${TASKS_PATH}`));
  });
});
