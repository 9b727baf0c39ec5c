import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPORT_CSV_COLUMNS, todayIn } from '@verigate/contracts';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser } from '../support/browser.js';
import { generateTestKey, onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { completeOnboarding } from '../support/kyc.js';
import { startPortal, type Portal } from '../support/portal.js';
import { callTestApi } from '../support/provider-api.js';

const ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef';
const EMAIL = 'nisha@acme-finance.in';
/** The portal's days are the user's: the browser and the dashboard's rollups agree on India's. */
const TIME_ZONE = 'Asia/Kolkata';

const PAN_SUCCESSES = 40;
const PAN_FAILURES = 8;
const GSTIN_SUCCESSES = 12;
const CALLS = PAN_SUCCESSES + PAN_FAILURES + GSTIN_SUCCESSES;

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let appId: string;
let apiKey: string;
const requestIds: string[] = [];

const today = new Date();
/** The first day of the month three before today's in the browser's zone, whose calendar the picker shows (not this machine's). */
const [zonedYear, zonedMonth] = todayIn(TIME_ZONE, today).split('-').map(Number) as [number, number];
const threeMonthsAgo = new Date(Date.UTC(zonedYear, zonedMonth - 1 - 3, 1, 12));
/** A calendar day's accessible name in Mantine's pickers ('1 August 2026'), in the browser's zone. */
const dayLabel = (date: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(date);

async function callProvider(path: string, data: Record<string, unknown>) {
  const { body } = await callTestApi(portal.url, { appId, apiKey }, path, {
    mode: 'sync',
    data: { ...data, consent: 'Y', consent_text: 'I consent to this check' },
  });
  requestIds.push(body.request_id);
  return body;
}

/** Several products, successes and failures (the sandbox's magic input 0110 answers 110 Source Down). */
async function makeCalls() {
  const calls: (() => Promise<{ response_code: number }>)[] = [
    ...Array.from({ length: PAN_SUCCESSES }, () => () => callProvider('in/identity/pan/lite', { customer_pan_number: 'ABCPE0100F' })),
    ...Array.from({ length: PAN_FAILURES }, () => () => callProvider('in/identity/pan/lite', { customer_pan_number: 'ABCPE0110F' })),
    ...Array.from({ length: GSTIN_SUCCESSES }, () => () => callProvider('in/merchant/gstin/lite', { business_gstin_number: '27ABCPE0100F1Z5' })),
  ];
  const codes: number[] = [];
  for (let index = 0; index < calls.length; index += 10) {
    codes.push(...(await Promise.all(calls.slice(index, index + 10).map((call) => call()))).map((body) => body.response_code));
  }
  expect(codes.filter((code) => code === 100)).toHaveLength(PAN_SUCCESSES + GSTIN_SUCCESSES);
  expect(codes.filter((code) => code === 110)).toHaveLength(PAN_FAILURES);
}

beforeAll(async () => {
  // The calls are made ten at a time, beyond a test app's calls per second without a plan: the limit is not what this journey checks.
  portal = await startPortal({ ADMIN_TOKEN, APP_RATE_LIMIT: '1000000' });
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  await shortenOnboardingWaits(page);
  await onboardWithProduct(page, portal, EMAIL, 'Nisha', ['PAN Lite', 'GSTIN Lite']);
  ({ apiKey, appId } = await generateTestKey(page));
  await makeCalls();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const sidebar = () => page.getByRole('navigation', { name: 'Main' });
const resultSet = () => page.getByRole('region', { name: 'Result Set' });
const resultRows = () => resultSet().getByRole('table').locator('tbody tr');

async function choose(label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function exportCsv(item: RegExp): Promise<string[][]> {
  await resultSet().getByRole('button', { name: 'Export CSV' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

describe('reports and dashboard usage in the browser', () => {
  it('opens with the last 7 days run, Duration marked required; Clear all keeps a duration that Run Report uses', async () => {
    await sidebar().getByRole('link', { name: 'Usage' }).click();
    await arriveAt(page, '**/application/reports');
    await resultSet().getByText(`Total: ${CALLS} records`).waitFor();
    expect(await resultRows().count()).toBe(50);
    const duration = page.getByRole('textbox', { name: 'Duration', exact: true });
    expect(await duration.inputValue()).toBe('Last 7 Days');
    expect(await duration.getAttribute('required')).not.toBeNull();
    await expectNoSeriousAxeViolations(page, 'Reports with rows');

    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText("Set Search/Filter parameters and press 'Run report' to generate the result set.").waitFor();
    expect(await duration.inputValue()).toBe('Last 7 Days');
    await page.getByRole('button', { name: 'Run Report' }).click();
    await resultSet().getByText(`Total: ${CALLS} records`).waitFor();
    expect(await page.getByText('Duration is mandatory').count()).toBe(0);
  });

  it('finds every call in Reports, page by page', async () => {
    await choose('Duration', 'Today');
    await page.getByRole('button', { name: 'Run Report' }).click();
    await resultSet().getByText(`Total: ${CALLS} records`).waitFor();
    expect(await resultRows().count()).toBe(50);
    const pager = page.getByRole('navigation', { name: 'Result Set pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => resultRows().count()).toBe(CALLS - 50);
  });

  it('filters by product and status, and exports the filtered result and a page as CSV', async () => {
    await page.getByRole('textbox', { name: 'Products' }).click();
    await page.getByRole('option', { name: 'PAN Lite', exact: true }).click();
    await page.keyboard.press('Escape');
    await choose('Status', 'Failure');
    await page.getByRole('button', { name: 'Run Report' }).click();
    await resultSet().getByText(`Total: ${PAN_FAILURES} records`).waitFor();
    expect(await resultRows().count()).toBe(PAN_FAILURES);
    expect(await resultSet().getByRole('table').getByText('Failure').count()).toBe(PAN_FAILURES);

    const [header, ...rows] = await exportCsv(/^Whole result/);
    expect(header).toEqual(REPORT_CSV_COLUMNS);
    expect(rows).toHaveLength(PAN_FAILURES);
    const column = (name: string) => REPORT_CSV_COLUMNS.indexOf(name as (typeof REPORT_CSV_COLUMNS)[number]);
    for (const row of rows) {
      expect(row[column('product')]).toBe('in_identity_pan_lite');
      expect(row[column('status')]).toBe('FAILURE');
      expect(row[column('response_code')]).toBe('110');
      expect(row[column('request_timestamp')]).toMatch(/\+05:30$/);
      expect(requestIds).toContain(row[column('id')]);
    }

    await page.getByRole('button', { name: 'Clear all' }).click();
    await choose('Duration', 'Last 7 Days');
    await page.getByRole('button', { name: 'Run Report' }).click();
    await resultSet().getByText(`Total: ${CALLS} records`).waitFor();
    await page.getByRole('navigation', { name: 'Result Set pages' }).getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    const [, ...pageRows] = await exportCsv(/^This page/);
    expect(pageRows).toHaveLength(CALLS - 50);
  });

  it('finds one call by its Search ID, and refuses a custom range over 60 days', async () => {
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('textbox', { name: 'Search ID' }).fill(`  ${requestIds[3]!} `);
    await page.getByRole('textbox', { name: 'Search ID' }).press('Enter');
    await resultSet().getByText('Total: 1 record').waitFor();
    await resultSet().getByText(requestIds[3]!).waitFor();
    await expectNoSeriousAxeViolations(page, 'Reports found by Search ID');

    await page.getByRole('button', { name: 'Clear all' }).click();
    await choose('Duration', 'Custom');
    const calendar = page.locator('[data-dates-dropdown]');
    await page.getByRole('button', { name: 'Start date' }).click();
    for (let month = 0; month < 3; month += 1) await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar.getByRole('button', { name: dayLabel(threeMonthsAgo), exact: true }).click();
    await calendar.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'End date' }).click();
    await calendar.getByRole('button', { name: dayLabel(today), exact: true }).click();
    await page.getByRole('button', { name: 'Run Report' }).click();
    await page.getByText('Max difference between dates should be 60 days').waitFor();
    await expectNoSeriousAxeViolations(page, 'Reports with a custom range refused');
  });

  it('shows the calls on the dashboard: chart, insight and stats', async () => {
    await completeOnboarding(page, portal, ADMIN_TOKEN, 'Nisha Rao', 'UTR0000654321');
    await sidebar().getByRole('link', { name: 'Overview' }).click();
    await arriveAt(page, '**/application/dashboard');
    await page.reload();
    const chart = page.getByRole('region', { name: 'Calls per day' });
    await chart.getByText(`${CALLS} in 30 days`).waitFor();
    await chart.getByRole('img', { name: 'Calls per day, all products' }).waitFor();
    await page.getByText('Updated just now').waitFor();
    await expectNoSeriousAxeViolations(page, 'the dashboard with usage');

    const insight = page.getByRole('region', { name: 'Usage insight' });
    await insight.getByText('Your usage started in this period: there were no calls in the previous 30 days.').waitFor();

    const stats = page.getByRole('table', { name: 'Transaction stats' });
    await stats.getByRole('row', { name: `PAN Lite ${PAN_SUCCESSES + PAN_FAILURES} ${PAN_SUCCESSES} ${PAN_SUCCESSES} ${PAN_FAILURES}` }).waitFor();
    await stats.getByRole('row', { name: `GSTIN Lite ${GSTIN_SUCCESSES} ${GSTIN_SUCCESSES} ${GSTIN_SUCCESSES} 0` }).waitFor();

    // The selects' closed lists are kept in the page unplaced, at 0 0 (placing each as the page
    // mounted cost its first render a layout per select); a list is placed as it opens, under its
    // field, after the chart and the stats have moved that field down.
    const lists = page.locator('.mantine-Select-dropdown');
    expect(await lists.count()).toBeGreaterThanOrEqual(3);
    const placements = await lists.evaluateAll((elements) =>
      elements.map((element) => `${(element as HTMLElement).style.top} ${(element as HTMLElement).style.left}`),
    );
    expect(placements).toEqual(placements.map(() => '0px 0px'));
    const product = page.getByRole('textbox', { name: 'Product', exact: true });
    await product.click();
    const opened = page.locator(`#${await product.getAttribute('aria-controls')}`);
    await opened.getByRole('option', { name: 'GSTIN Lite', exact: true }).waitFor();
    const [field, list] = await Promise.all([product.boundingBox(), opened.locator('xpath=..').boundingBox()]);
    expect(list!.x).toBeCloseTo(field!.x, 0);
    expect(list!.y - (field!.y + field!.height)).toBeGreaterThanOrEqual(0);
    expect(list!.y - (field!.y + field!.height)).toBeLessThan(16);
    await opened.getByRole('option', { name: 'GSTIN Lite', exact: true }).click();
    await chart.getByText(`${GSTIN_SUCCESSES} in 30 days`).waitFor();
    await choose('Duration', 'Last 7 Days');
    await chart.getByText(`${GSTIN_SUCCESSES} in 7 days`).waitFor();
    expect(errors).toEqual([]);
  });
});
