import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { APP_MESSAGES } from '@verigate/contracts';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { completeOnboarding } from '../support/kyc.js';
import { onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { PHONE, sidewaysScroll as sidewaysScrollOf, tooWide as tooWideOf } from '../support/phone.js';
import { startPortal, type Portal } from '../support/portal.js';

const ADMIN_TOKEN = 'e2e-phones-operator-token-0123456789';
const EMAIL = 'anita@acme-finance.in';
/** Set to a folder to keep a screenshot of every screen checked (to look at, not compared). */
const SCREENSHOTS = process.env.PHONE_SCREENSHOTS;

let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;

beforeAll(async () => {
  portal = await startPortal({ ADMIN_TOKEN });
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url, PHONE);
  page = tab.page;
  await shortenOnboardingWaits(page);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const sidewaysScroll = () => sidewaysScrollOf(page);
const tooWide = () => tooWideOf(page);

/** The top bar's title shows whole: nothing cut by an ellipsis or a line clamp. */
const titleCut = () =>
  page.evaluate(() => {
    const title = document.querySelector<HTMLElement>('.top-bar-title');
    return title ? title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1 : false;
  });

/** Opens `url`, waits for `ready`, and checks the screen fits a phone: no sideways page scroll, the title whole. */
async function expectFitsPhone(name: string, url: string, ready: () => Locator) {
  await page.goto(url);
  await ready().waitFor();
  await page.waitForLoadState('networkidle');
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name.replace(/\W+/g, '-').toLowerCase()}-390.png`), fullPage: true });
  expect(await sidewaysScroll(), `${name}: the page scrolls sideways (${(await tooWide()).join(', ')})`).toBeLessThanOrEqual(0);
  expect(await titleCut(), `${name}: the top bar's title is cut`).toBe(false);
}

describe('every screen on a 390 px phone', () => {
  it('the signed-out screens fit the phone', async () => {
    await expectFitsPhone('Login', '/login', () => page.getByRole('button', { name: 'Login' }));
    await expectFitsPhone('Sign up', '/sign-up', () => page.getByLabel('Work email'));
    await expectFitsPhone('Forgot password', '/forgot-password', () => page.getByLabel('Email'));
  });

  it('onboards a customer on the phone', async () => {
    await onboardWithProduct(page, portal, EMAIL, 'Anita', 'PAN Lite');
    await page.getByRole('button', { name: 'Generate Test Key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your test API key' });
    await shown.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }).check();
    expect(await sidewaysScroll(), 'the key dialog fits the phone').toBeLessThanOrEqual(0);
    await shown.getByRole('button', { name: 'Done' }).click();
    await completeOnboarding(page, portal, ADMIN_TOKEN, 'Anita Rao', 'UTR0000390390');
  }, 240_000);

  it('the signed-in screens fit the phone, the title whole', async () => {
    const heading = (name: string) => () => page.getByRole('heading', { name, exact: true }).first();
    await expectFitsPhone('Overview', '/application/dashboard', () => page.getByRole('region', { name: 'Plan', exact: true }));
    // A phone's dashboard builds its usage (below the fold) only once it is scrolled to.
    await page.getByRole('status', { name: 'Loading usage' }).scrollIntoViewIfNeeded();
    await page.getByRole('region', { name: 'Transaction stats' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysScroll(), `Overview's usage: the page scrolls sideways (${(await tooWide()).join(', ')})`).toBeLessThanOrEqual(0);
    await expectFitsPhone('Products', '/application/product-catalog', () => page.getByRole('article', { name: 'PAN Lite' }));
    await expectFitsPhone('Apps', '/application/manage-apps', () => page.getByRole('article', { name: 'Test App' }));
    await page.getByRole('article', { name: 'Test App' }).getByRole('link', { name: 'More info' }).click();
    await arriveAt(page, /manage-apps\/[0-9a-f-]{36}$/);
    await expectFitsPhone('App Details', page.url(), () => page.getByRole('button', { name: 'Add Key' }));
    await expectFitsPhone('Trial Center', '/application/trial-center', () => page.getByRole('article', { name: 'PAN Lite', exact: true }));
    await expectFitsPhone('Reports', '/application/reports', () => page.getByRole('region', { name: 'Result Set' }));
    await expectFitsPhone('API Logs', '/application/logs', () => page.getByRole('region', { name: 'Calls' }));
    await expectFitsPhone('Batch Service', '/application/batch-service', () => page.getByRole('button', { name: 'Add Batch' }));
    await expectFitsPhone('Plans', '/application/dashboard/plans', () => page.getByRole('article', { name: 'Lite' }));
    await expectFitsPhone('Business Info', '/my-account', () => page.getByRole('button', { name: 'Edit Business Owner' }));
    await expectFitsPhone('Billing', '/application/billing', heading('Payment History'));
    await expectFitsPhone('Team', '/application/team', () => page.getByRole('table', { name: 'Members' }));
    await expectFitsPhone('Webhooks', '/application/webhooks', () => page.getByRole('button', { name: 'Add endpoint' }));
    await expectFitsPhone('Audit Log', '/application/audit-log', () => page.getByRole('button', { name: 'Export CSV' }));
    await expectFitsPhone('Security', '/security', () => page.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await expectFitsPhone('API docs', '/doc', () => page.getByRole('heading', { name: 'Base URLs' }));
  });

  it('the API reference’s tables fit the phone: their cells wrap, none scrolls sideways inside the page', async () => {
    await page.goto('/doc');
    await page.getByRole('heading', { name: 'Base URLs' }).waitFor();
    const tables = page.locator('.redoc-markdown table');
    expect(await tables.count()).toBeGreaterThan(0);
    const wide = await tables.evaluateAll((all) =>
      all
        .filter((table) => table.scrollWidth > table.clientWidth + 1 || table.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((table) => table.querySelector('th')?.textContent ?? 'a table'),
    );
    expect(wide, 'tables wider than the phone').toEqual([]);
  });

  it('Billing’s tables scroll inside their card, which says so, and the keyboard reaches them', async () => {
    await page.goto('/application/billing');
    const history = page.getByRole('region', { name: 'Payment History table' });
    await history.getByRole('row', { name: /External Payment/ }).waitFor();
    expect(await history.getAttribute('tabindex')).toBe('0');
    expect(await history.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.getByText('Swipe the table sideways to see every column.').first().isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'Billing on a phone');
  });

  it('a toast shows at the bottom, clear of the top bar', async () => {
    await page.getByRole('button', { name: 'Edit Alert Balance' }).click();
    const alert = page.getByRole('dialog', { name: 'Alert Balance' });
    await alert.getByLabel('Amount').fill('1,000');
    await alert.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByText('Your daily consumption/alert balance has been updated');
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    const header = (await page.getByRole('banner').first().boundingBox())!;
    expect(box.y).toBeGreaterThan(header.y + header.height);
    expect(box.y + box.height).toBeGreaterThan(PHONE.height / 2);
    expect(await page.getByRole('button', { name: 'Dismiss message' }).count()).toBeGreaterThan(0);
  });

  it('a new live app says in words, not only a tooltip, why Trial, App Settings and Add Key wait', async () => {
    await page.goto('/application/manage-apps');
    await page.getByRole('button', { name: 'New App' }).click();
    await page.getByLabel('App name').fill('Production');
    await page.getByRole('button', { name: 'Create App' }).click();
    const card = page.getByRole('article', { name: 'Production' });
    await card.waitFor();
    expect(await card.getByText(APP_MESSAGES.trialLiveApp).isVisible()).toBe(true);
    await card.getByRole('link', { name: 'More info' }).click();
    await arriveAt(page, /manage-apps\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: /^Add Key/ }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'live-app-details-390.png'), fullPage: true });
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    for (const name of [/^Trial/, /^App Settings/, /^Add Key/]) {
      const button = page.getByRole('button', { name });
      expect(await button.getAttribute('aria-disabled')).toBe('true');
      const reasonId = (await button.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${reasonId}"]`).isVisible(), `${name}: the reason shows`).toBe(true);
    }
    await expectNoSeriousAxeViolations(page, 'a new live app on a phone');
    expect(tab.errors).toEqual([]);
  });
});
