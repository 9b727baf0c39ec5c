import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { runAdmin } from '../support/admin-cli.js';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { onboardToPlanRequest, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { startPortal, type Portal } from '../support/portal.js';

const ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef';
const EMAIL = 'nisha@acme-finance.in';
const BATCH_NAME = 'March PAN checks';

let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;
let folder: string;

/** RFC 4180 rows: quoted cells may hold commas and doubled quotes (the results' JSON column does). */
const parseCsv = (text: string): string[][] => parse(text) as string[][];

const sidebar = () => page.getByRole('navigation', { name: 'Main' });
const addBatch = () => page.getByRole('dialog', { name: 'Add Batch' });

/** Fully onboarded once the operator records the Lite plan's transfer (₹10,000 + 18% GST); until then no Batch Service. */
async function onboardFully() {
  const { organisationId } = await onboardToPlanRequest(page, portal, EMAIL, 'Nisha', ADMIN_TOKEN);
  expect(await sidebar().getByRole('link', { name: 'Products' }).count()).toBe(1);
  expect(await sidebar().getByRole('link', { name: 'Batch Service' }).count()).toBe(0);
  await runAdmin(portal.url, ADMIN_TOKEN, ['record-transfer', organisationId, '11800', 'UTR0000654321']);
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'verigate-batch-'));
  // The portal keeps its batch files in a folder of this run, removed with it.
  portal = await startPortal({ ADMIN_TOKEN, DATA_DIR: folder });
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url);
  page = tab.page;
  await shortenOnboardingWaits(page);
  await onboardFully();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('a batch of PAN checks in the browser', () => {
  let sample: string;

  it('shows Batch Service to the fully onboarded organisation', async () => {
    await page.goto('/application/dashboard');
    await sidebar().getByRole('link', { name: 'Batch Service' }).click();
    await arriveAt(page, '**/application/batch-service');
    await page.getByText('No records found!').waitFor();
    await expectNoSeriousAxeViolations(page, 'Batch Service with no batches');
  });

  it('refuses a name that starts with a number and a file that is not CSV, with the seed’s messages', async () => {
    await page.getByRole('button', { name: 'Add Batch' }).click();
    await addBatch().getByRole('textbox', { name: 'Batch Name' }).fill('2024 checks');
    await addBatch()
      .getByLabel(/Batch File/)
      .setInputFiles({ name: 'pans.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('not a csv') });
    await addBatch().getByRole('button', { name: 'Upload' }).click();
    await addBatch().getByText('Batch name should not start with a number').waitFor();
    await addBatch().getByText('Select CSV File Only').waitFor();
    await addBatch().getByText('Select Batch Type').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Add Batch dialog with field errors');

    await addBatch().getByRole('textbox', { name: 'Batch Name' }).fill('March $ checks');
    await addBatch().getByRole('button', { name: 'Upload' }).click();
    await addBatch().getByText('Enter a valid name').waitFor();
  });

  it('downloads the sample CSV of the chosen batch type', async () => {
    await addBatch().getByRole('textbox', { name: 'Batch Name' }).fill(BATCH_NAME);
    await addBatch().getByRole('textbox', { name: 'Batch Type' }).click();
    await page.getByRole('option', { name: 'PAN Lite' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the Batch Type list open');
    await page.getByRole('option', { name: 'PAN Lite' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), addBatch().getByRole('button', { name: 'Download sample CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    sample = await readFile((await download.path())!, 'utf8');
    const [header, example, ...rest] = parseCsv(sample);
    expect(header!.length).toBeGreaterThan(0);
    expect(example).toHaveLength(header!.length);
    expect(rest).toEqual([]);
  });

  it('uploads the sample and watches the batch run to FINISHED without a refresh', async () => {
    const file = path.join(folder, 'march-pans.csv');
    await writeFile(file, sample);
    await addBatch()
      .getByLabel(/Batch File/)
      .setInputFiles(file);
    await addBatch().getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Batch created').waitFor();
    await addBatch().waitFor({ state: 'hidden' });

    const card = page.getByRole('article', { name: BATCH_NAME });
    await card.getByText('PAN Lite').waitFor();
    await card.getByText('FINISHED').waitFor({ timeout: 60_000 });
    await card.getByText('100.00%').waitFor();
    expect(await card.getByText(/^Created \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/).count()).toBe(1);
    expect(await card.getByRole('button', { name: `Stop ${BATCH_NAME}` }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'Batch Service with a finished batch');
  });

  it('moves a throttled batch’s progress on its own and stops it above 90 %', async () => {
    const [header, example] = sample.trimEnd().split('\n');
    const file = path.join(folder, 'throttled.csv');
    await writeFile(file, `${[header, ...Array.from({ length: 20 }, () => example)].join('\n')}\n`);
    await page.getByRole('button', { name: 'Add Batch' }).click();
    await addBatch().getByRole('textbox', { name: 'Batch Name' }).fill('Throttled checks');
    await addBatch().getByRole('textbox', { name: 'Batch Type' }).click();
    await page.getByRole('option', { name: 'PAN Lite' }).click();
    await addBatch()
      .getByLabel(/Batch File/)
      .setInputFiles(file);
    // 19 rows a minute: the twentieth waits a minute, so the batch sits at 95 % meanwhile.
    await addBatch().getByRole('textbox', { name: 'Rows per minute (tpm)' }).fill('19');
    await addBatch().getByRole('button', { name: 'Upload' }).click();
    await addBatch().waitFor({ state: 'hidden' });

    const card = page.getByRole('article', { name: 'Throttled checks' });
    await card.getByText('95.00%').waitFor({ timeout: 30_000 });
    await card.getByText('RUNNING').waitFor();
    expect(await card.getByRole('button', { name: 'Download results of Throttled checks' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Stop Throttled checks' }).click();
    await page.getByRole('dialog', { name: 'Stop batch' }).getByRole('button', { name: 'Stop batch' }).click();
    await card.getByText('FINISHED').waitFor({ timeout: 15_000 });
    expect(await card.getByRole('button', { name: 'Download results of Throttled checks' }).isEnabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Stop Throttled checks' }).isDisabled()).toBe(true);
  });

  it('downloads the results: the input’s columns and row, then response_code, status, message and result', async () => {
    const card = page.getByRole('article', { name: BATCH_NAME });
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download results of ${BATCH_NAME}` }).click()]);
    const [inputHeader, inputRow] = parseCsv(sample);
    const [header, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8'));
    expect(header).toEqual([...inputHeader!, 'response_code', 'status', 'message', 'result']);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.slice(0, inputHeader!.length)).toEqual(inputRow);
    const [responseCode, status, message, result] = row.slice(inputHeader!.length);
    expect(responseCode).toBe('100');
    expect(status).toBe('SUCCESS');
    expect(message).not.toBe('');
    expect(JSON.parse(result!)).toEqual(expect.any(Object));
  });

  it('opens the batch’s calls in API Logs, its row masked, and comes back', async () => {
    await page
      .getByRole('article', { name: BATCH_NAME })
      .getByRole('link', { name: `API logs of ${BATCH_NAME}` })
      .click();
    await arriveAt(page, /\/application\/logs\?search=[0-9a-f-]{36}$/);
    const calls = page.getByRole('region', { name: 'Calls' });
    await calls.getByRole('table').waitFor();
    expect(await calls.locator('tbody tr').count()).toBe(1);
    expect(await calls.locator('tbody tr').first().innerText()).toContain('PAN Lite');
    await page.goBack();
    await page.getByRole('button', { name: 'Add Batch' }).waitFor();
  });

  it('refuses a 99 MB file whose header lacks the type’s columns before uploading it', async () => {
    const [header] = parseCsv(sample);
    const file = path.join(folder, 'wrong-columns.csv');
    const line = `${header!.map(() => 'x').join(',')}\n`;
    await writeFile(file, `pan\n${line.repeat(Math.floor((99 * 1024 * 1024) / line.length))}`);
    await page.getByRole('button', { name: 'Add Batch' }).click();
    await addBatch().getByRole('textbox', { name: 'Batch Name' }).fill('Wrong columns');
    await addBatch().getByRole('textbox', { name: 'Batch Type' }).click();
    await page.getByRole('option', { name: 'PAN Lite' }).click();
    await addBatch()
      .getByLabel(/Batch File/)
      .setInputFiles(file);
    await addBatch().getByRole('button', { name: 'Upload' }).click();
    await addBatch().getByText('The file is missing the column customer_pan_number').waitFor();
    expect(await addBatch().getByRole('progressbar', { name: 'Upload progress' }).count()).toBe(0);
  });

  it('uploads a 99 MB file with its progress shown, and counts every row', async () => {
    const [, example] = sample.trimEnd().split('\n');
    const rows = Math.floor((99 * 1024 * 1024 - sample.length) / (example!.length + 1));
    const file = path.join(folder, 'large.csv');
    await writeFile(file, `${sample.split('\n')[0]}\n${`${example}\n`.repeat(rows)}`);
    await addBatch().getByRole('textbox', { name: 'Batch Name' }).fill('Large file');
    await addBatch()
      .getByLabel(/Batch File/)
      .setInputFiles(file);
    // One row a minute: the batch waits quietly while the journey ends.
    await addBatch().getByRole('textbox', { name: 'Rows per minute (tpm)' }).fill('1');
    await addBatch().getByRole('button', { name: 'Upload' }).click();
    await addBatch().getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await page.getByText('Batch created').waitFor({ timeout: 60_000 });
    await page
      .getByRole('article', { name: 'Large file' })
      .getByText(`of ${rows.toLocaleString('en-IN')} rows`)
      .waitFor();
  });

  it('threw no errors in the page', () => {
    expect(tab.errors).toEqual([]);
  });
});
