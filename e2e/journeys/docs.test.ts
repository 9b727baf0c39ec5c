import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DOC_MESSAGES, DOC_PLACEHOLDERS, STORAGE_KEYS } from '@verigate/contracts';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { startPortal, type Portal } from '../support/portal.js';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';

const EMAIL = 'kavya@acme-finance.in';
const PAN_LITE = '/doc#tag/identity-verification/operation/identity-pan-lite';

let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;
let testAppId: string;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url);
  page = tab.page;
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
  await shortenOnboardingWaits(page);
  await onboardWithProduct(page, portal, EMAIL, 'Kavya', 'PAN Lite');
  testAppId = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.testAppId))!;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The operation's section of the reference (Redoc gives it the anchor's id). */
const operation = () => page.locator('[id="tag/identity-verification/operation/identity-pan-lite"]');

describe('API documentation', () => {
  it('opens from a subscribed product’s card on its operation', async () => {
    await page.goto('/application/product-catalog');
    const card = page.getByRole('article', { name: 'PAN Lite' });
    await card.waitFor();
    await card.getByRole('link', { name: 'API docs of PAN Lite' }).click();
    await arriveAt(page, `**${PAN_LITE}`);
    await operation().getByRole('heading', { name: 'PAN Lite' }).waitFor();
    await expect.poll(() => operation().evaluate((element) => Math.round(element.getBoundingClientRect().top)), { timeout: 15_000 }).toBeLessThan(200);
    expect(page.url()).toContain(PAN_LITE);
    const unsubscribed = page.getByRole('article', { name: 'PAN Advance' });
    await page.goBack();
    await unsubscribed.waitFor();
    await expect(unsubscribed.getByRole('link', { name: /API docs/ }).count()).resolves.toBe(0);
  });

  it('passes axe: the shell, the menu, the introduction and one operation (every operation is drawn from the same markup)', async () => {
    await page.goto(PAN_LITE);
    await operation().getByRole('heading', { name: 'PAN Lite' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the API reference', { exclude: `[id*="/operation/"]:not([id="${PAN_LITE.slice('/doc#'.length)}"])` });
  });

  it('switches the sample language and copies the sample, with the customer’s app id and no key', async () => {
    await page.goto(PAN_LITE);
    await operation().getByRole('heading', { name: 'PAN Lite' }).waitFor();
    const samples = operation().getByRole('tablist').first();
    await samples.getByRole('tab', { name: 'cURL (test)' }).waitFor();
    await samples.getByRole('tab', { name: 'Python' }).click();
    const panel = operation().getByRole('tabpanel').filter({ hasText: 'import requests' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('import requests');
    expect(copied).toContain(`"app-id": "${testAppId}"`);
    expect(copied).toContain(`"api-key": "${DOC_PLACEHOLDERS.testKey}"`);
    expect(copied).toContain(`${portal.url}/test/api/v1/in/identity/pan/lite`);
    expect(tab.errors).toEqual([]);
  });

  it('links the top bar to the reference, which starts with the introduction and the error tables', async () => {
    await page.goto('/application/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Docs' }).click();
    await arriveAt(page, '**/doc');
    for (const section of [
      'Introduction',
      'App-key-management',
      'Error-tables/Authentication-errors',
      'Error-tables/Status-codes',
      'Error-tables/Bank-reason-codes',
    ])
      await page.locator(`[id="section/${section}"]`).waitFor({ state: 'attached' });
    await expect(page.getByText('enter the OTP sent to the admin email').isVisible()).resolves.toBe(true);
  });

  it('offers the reference as a Postman collection: the product’s call on the baseUrl variable, the key a variable too', async () => {
    await page.goto(PAN_LITE);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Postman collection' }).click()]);
    expect(download.suggestedFilename()).toBe('verigate.postman_collection.json');
    const collection = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    const requests = JSON.stringify(collection.item);
    expect(requests).toContain('{{baseUrl}}/in/identity/pan/lite');
    expect(requests).toContain('{{apiKey}}');
    expect(collection.variable.map((variable: { key: string }) => variable.key)).toEqual(expect.arrayContaining(['baseUrl', 'appId', 'apiKey']));
    expect(tab.errors).toEqual([]);
  });

  it('falls back to the generic reference when the documentation entries cannot load', async () => {
    await page.route('**/api/doc', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"err":{"status":500,"code":"internal","message":"Something went wrong!"}}' }),
    );
    await page.goto('/application/dashboard');
    await page.goto(PAN_LITE);
    await page.getByRole('alert').filter({ hasText: DOC_MESSAGES.loadFailed }).first().waitFor();
    await operation().getByRole('tab', { name: 'cURL (test)' }).click();
    await expect(operation().getByRole('tabpanel').filter({ hasText: 'curl --request POST' }).textContent()).resolves.toContain(DOC_PLACEHOLDERS.testAppId);

    await page.unroute('**/api/doc');
  });

  it('runs under a strict content security policy', async () => {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        ),
      ),
    );
    await page.route(
      (url) => url.pathname === '/doc',
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': DOC_POLICY } });
      },
    );
    await page.goto('/application/dashboard');
    await page.goto(PAN_LITE);
    await operation().getByRole('heading', { name: 'PAN Lite' }).waitFor();
    await page.getByPlaceholder('Search...').fill('aadhaar');
    await page
      .getByRole('menuitem', { name: /Aadhaar Validation/ })
      .first()
      .waitFor();
    await operation().getByRole('tab', { name: 'Go' }).click();
    await operation().getByRole('tabpanel').filter({ hasText: 'package main' }).waitFor();
    expect(violations).toEqual([]);
    await page.unroute((url) => url.pathname === '/doc');
  });
});

/**
 * What /doc needs, found by removing each allowance: scripts from the portal only (no inline
 * script, no eval); inline style elements (Mantine's and styled-components'); Redoc's data: SVG
 * icons; Redoc's search worker, started from a blob: URL.
 */
const DOC_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  'worker-src blob:',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');
