import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser } from '../support/browser.js';
import { generateTestKey, onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { PHONE, sidewaysScroll, tooWide } from '../support/phone.js';
import { startPortal, type Portal } from '../support/portal.js';
import { callTestApi } from '../support/provider-api.js';

const run = promisify(execFile);
const EMAIL = 'ravi@acme-lending.in';
/** The sandbox's magic input 0110 answers 110 Source Down: a failing call. */
const PAN = 'ABCPE0110F';
const CONSENT_TEXT = 'I, Ravi Shankar Iyer, consent to this check';
/** Set to a folder to keep screenshots of the screen and its drawer at both widths (to look at, not compared). */
const SCREENSHOTS = process.env.PHONE_SCREENSHOTS;

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let appId: string;
let apiKey: string;
let requestId: string;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Kolkata' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  await shortenOnboardingWaits(page);
  await onboardWithProduct(page, portal, EMAIL, 'Ravi', 'PAN Lite', 'Acme Lending');
  ({ apiKey, appId } = await generateTestKey(page));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('API Logs in the browser', () => {
  it('finds a failing call made over HTTP by its request id and shows its request masked', async () => {
    const { body: answer } = await callTestApi(portal.url, { appId, apiKey }, 'in/identity/pan/lite', {
      mode: 'sync',
      data: { customer_pan_number: PAN, consent: 'Y', consent_text: CONSENT_TEXT },
    });
    expect(answer.response_code).toBe(110);
    requestId = answer.request_id;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API Logs' }).click();
    await arriveAt(page, '**/application/logs');
    const calls = page.getByRole('region', { name: 'Calls' });
    await calls.getByRole('table').waitFor();
    await expectNoSeriousAxeViolations(page, 'API Logs');

    await page.getByRole('textbox', { name: 'Search ID' }).fill(requestId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const open = calls.getByRole('button', { name: `Details of ${requestId}` });
    await open.waitFor();
    expect(await calls.locator('tbody tr').count()).toBe(1);
    await open.click();

    const drawer = page.getByRole('dialog', { name: 'Call details' });
    const request = drawer.getByTestId('log-request');
    await request.waitFor();
    const shownRequest = await request.innerText();
    expect(shownRequest).toContain('AB******0F');
    expect(shownRequest).not.toContain(PAN);
    expect(shownRequest).not.toContain('Ravi');
    expect(await drawer.getByTestId('log-response').innerText()).toContain('"response_code": 110');
    await expectNoSeriousAxeViolations(page, 'API Logs call details');

    await drawer.getByRole('button', { name: 'Copy as cURL' }).click();
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toContain(`app-id: ${appId}`);
    expect(command).toContain('YOUR_API_KEY');
    expect(command).not.toContain(apiKey);
    expect(command).not.toContain(PAN);
    // The command runs once the placeholder is replaced: the masked PAN is refused as input, unbilled.
    const { stdout } = await run('sh', ['-c', command.replace('YOUR_API_KEY', apiKey)]);
    const rerun = JSON.parse(stdout) as { response_code: number | null; request_id: string };
    expect(rerun.request_id).not.toBe(requestId);
    expect(typeof rerun.response_code).toBe('number');
    expect(errors).toEqual([]);
  });

  it('fits a 390 px phone: the calls scroll inside their card and the details drawer fits the screen', async () => {
    const shoot = async (name: string) => {
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    };
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Call details' }).waitFor({ state: 'hidden' });
    await shoot('api-logs-1280');
    await page.setViewportSize(PHONE);
    await page.goto(`/application/logs?search=${requestId}`);
    const calls = page.getByRole('region', { name: 'Calls' });
    await calls.getByRole('button', { name: `Details of ${requestId}` }).waitFor();
    await shoot('api-logs-390');
    expect(await sidewaysScroll(page), `API Logs scrolls sideways (${(await tooWide(page)).join(', ')})`).toBeLessThanOrEqual(0);
    await calls.getByRole('button', { name: `Details of ${requestId}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Call details' });
    await drawer.getByTestId('log-request').waitFor();
    // The drawer slides in: measure it once it has arrived.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await shoot('api-logs-details-390');
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 1);
    expect(await sidewaysScroll(page), `the drawer scrolls the page sideways (${(await tooWide(page)).join(', ')})`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, 'API Logs call details on a phone');
    expect(errors).toEqual([]);
  });
});
