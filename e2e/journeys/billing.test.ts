import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runAdmin } from '../support/admin-cli.js';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { login, register } from '../support/auth-steps.js';
import { otpCount, otpMailedTo } from '../support/mailbox-codes.js';
import { createOrganisation, generateTestKey, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { storedValue, uploadKyc } from '../support/kyc.js';
import { PHONE } from '../support/phone.js';
import { startPortal, type Portal } from '../support/portal.js';

const ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef';
const EMAIL = 'kavya@acme-finance.in';
const LITE_PRICE = 2;

let upstream: Server;
let upstreamCalls = 0;
let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;

/** The live PAN source the gateway forwards to: always a valid, billable answer. */
async function startUpstream(): Promise<string> {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      upstreamCalls += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ response_code: '100', response_message: 'Valid Authentication', result: { pan_number: 'ABCPE1234F', user_full_name: 'KAVYA RAO' } }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan`;
}

beforeAll(async () => {
  const upstreamUrl = await startUpstream();
  portal = await startPortal({ ADMIN_TOKEN, UPSTREAM_URLS: JSON.stringify({ in_identity_pan_lite: upstreamUrl }) });
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url);
  page = tab.page;
  await shortenOnboardingWaits(page);
  await page.addInitScript(() => {
    const timing = (window as unknown as { __VERIGATE_TIMING__: Record<string, number> }).__VERIGATE_TIMING__;
    Object.assign(timing, { otpResendWaitMs: 1000, otpErrorMs: 500, paymentPollMs: 300 });
  });
  await register(page, portal, EMAIL, 'Kavya');
  await login(page, EMAIL);
  await createOrganisation(page, 'Acme Finance');
  await page.getByRole('checkbox', { name: 'PAN Lite' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await arriveAt(page, '**/welcome');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await arriveAt(page, '**/application/dashboard', 20_000);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

const stored = (key: string) => storedValue(page, key);
const sidebar = () => page.getByRole('navigation', { name: 'Main' });
const planDetails = () => page.getByRole('region', { name: 'Plan Details' });
const paymentHistory = () => page.getByRole('region', { name: 'Payment History' });
/** Elements of the billing tabs that reach past the screen's right edge with no scrolling box around them. */
const tabsTooWide = () =>
  page.evaluate(() => {
    const clipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    return Array.from(document.querySelectorAll<HTMLElement>('[role="tablist"], [role="tablist"] *, [role="tabpanel"], [role="tabpanel"] *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(element))
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
  });
const subjectsTo = async (email: string) => (await portal.messagesTo(email)).map((message) => message.subject);

/** Add Balance on the billing screen: the amount plus GST shows, the checkout opens in a new tab, where `outcome` is chosen; returns that tab on the result page. */
async function addBalance(amount: string, outcome: 'Pay' | 'Cancel'): Promise<Page> {
  await planDetails().getByRole('button', { name: 'Add Balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await dialog.getByLabel('Amount').fill(amount);
  // What is paid, the amount plus GST, shows before paying.
  await dialog.getByText(/^You pay ₹[\d,]+ \+ 18% GST = ₹[\d,]+$/).waitFor();
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('button', { name: 'Proceed to Pay' }).click()]);
  await arriveAt(checkout, '**/checkout/**');
  await checkout.getByRole('button', { name: outcome }).click();
  await arriveAt(checkout, '**/application/billing/callback?link_id=*');
  return checkout;
}

describe('plans, payments and live charging in the browser', () => {
  it('asks for activation by email from the plans screen, before the account is activated', async () => {
    await generateTestKey(page);
    await uploadKyc(page, portal, 'Kavya Rao');

    await page.goto('/application/dashboard/plans');
    await page
      .getByRole('article', { name: 'Lite' })
      .getByRole('button', { name: /Request Plan/ })
      .click();
    const activation = page.getByRole('dialog', { name: 'Activate your account' });
    await activation.getByRole('button', { name: 'Send by email' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the Activate your account dialog');
    await activation.getByRole('button', { name: 'Send by email' }).click();
    await activation.waitFor({ state: 'hidden' });
    await expect.poll(() => subjectsTo('operations@verigate.local'), { timeout: 15_000 }).toContain('Acme Finance requests account activation');
    await expect.poll(() => subjectsTo(EMAIL), { timeout: 15_000 }).toContain('We have received your activation request');

    await runAdmin(portal.url, ADMIN_TOKEN, ['activate', await stored('organisation_id')]);
  });

  it('chooses a plan from the checklist and sees the bank details to pay to', async () => {
    await page.goto('/application/dashboard');
    await page.getByRole('listitem', { name: 'Step 4: Choose a plan' }).getByRole('link', { name: 'Choose Plan' }).click();
    await arriveAt(page, '**/application/dashboard/plans');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/application/dashboard');
    await page.getByRole('article', { name: 'Lite' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'Plans');

    await page
      .getByRole('article', { name: 'Lite' })
      .getByRole('button', { name: /Request Plan/ })
      .click();
    const bank = page.getByRole('dialog', { name: 'Bank Details' });
    const accountNumber = await bank.getByRole('textbox', { name: 'Account Number' }).inputValue();
    expect(accountNumber).toMatch(/^\d{10,}$/);
    await bank.getByText('Amount (excluding taxes)').waitFor();
    await bank.getByText('₹10,000', { exact: true }).waitFor();
    await bank.getByText('Amount to transfer (including GST)').waitFor();
    await bank.getByText('₹11,800', { exact: true }).waitFor();
    await bank.getByText('₹10,000 + 18% GST = ₹11,800').waitFor();
    await bank.getByText('NEFT/IMPS').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Bank Details dialog');
    await bank.getByRole('button', { name: 'Confirm Request' }).click();
    await page.getByRole('dialog', { name: 'Your request has been registered' }).getByRole('button', { name: 'OK' }).click();
    await page
      .getByRole('article', { name: 'Lite' })
      .getByRole('button', { name: /Payment Pending/ })
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'Plans with a payment pending');

    expect(await sidebar().getByRole('link', { name: 'Billing' }).count()).toBe(0);
    await sidebar().getByRole('link', { name: 'Apps' }).click();
    expect(await page.getByRole('button', { name: /New App/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it('is fully onboarded once the operator records the transfer: Billing and New App appear', async () => {
    const recorded = JSON.parse(await runAdmin(portal.url, ADMIN_TOKEN, ['record-transfer', await stored('organisation_id'), '11800', 'UTR0000123456'])) as {
      status: string;
    };
    expect(recorded.status).toBe('COMPLETED');

    await page.goto('/application/dashboard');
    await page.getByText('Your account is fully set up.').waitFor();
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await plan.getByText('₹10,000').waitFor();
    expect(await plan.getByLabel('Plan validity').textContent()).toMatch(/^\d{2} \w{3} \d{4}$/);
    await expectNoSeriousAxeViolations(page, 'the dashboard of a fully onboarded organisation');

    await sidebar().getByRole('link', { name: 'Apps' }).click();
    expect(await page.getByRole('button', { name: 'New App' }).getAttribute('aria-disabled')).toBeNull();

    await sidebar().getByRole('link', { name: 'Billing' }).click();
    await arriveAt(page, '**/application/billing');
    await planDetails().getByText('Lite').first().waitFor();
    const transfer = paymentHistory().getByRole('row', { name: /External Payment/ });
    await transfer.getByText('Success').waitFor();
    await transfer.getByText('₹11,800').waitFor();
    await expectNoSeriousAxeViolations(page, 'Billing with a payment');
  });

  it("shows the dashboard's shapes before any script has run, and the app's dashboard in their place once it has", async () => {
    const errorsBefore = tab.errors.length;
    await page.route('**/assets/*.js', (route) => route.abort());
    try {
      await page.goto('/application/dashboard');
      await page.locator('#root > [inert] .shell-snapshot header svg').first().waitFor();
      expect(await page.locator('#root').innerText()).toBe('');
    } finally {
      await page.unroute('**/assets/*.js');
    }
    await page.goto('/application/dashboard');
    await page.getByRole('region', { name: 'Plan', exact: true }).getByLabel('Plan validity').waitFor();
    expect(await page.locator('#root > [inert], .shell-snapshot').count()).toBe(0);
    // The scripts refused above were logged as failed loads, and nothing else was.
    const logged = tab.errors.splice(errorsBefore);
    expect(logged.filter((error) => error !== 'Failed to load resource: net::ERR_FAILED')).toEqual([]);
  });

  it("has its page ask for the settings and the dashboard's first data before the app's code has run, and the app ask for none of them again", async () => {
    const organisationId = await stored('organisation_id');
    const userId = (JSON.parse(await stored('user')) as { _id: string })._id;
    const early = [
      '/api/config',
      `/api/organisation/${organisationId}`,
      '/api/summary',
      `/api/user/${userId}`,
      `/api/productBatchService/getBatchTypes/${organisationId}`,
    ];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const askedBy: Array<{ path: string; script: string | undefined }> = [];
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      // With its query: the usage charts' /organisation/<id>?action=get_org_transaction_stats is another call.
      const { pathname, search, origin } = new URL(request.url);
      if (origin === portal.url && early.includes(pathname + search))
        askedBy.push({ path: pathname + search, script: initiator.stack?.callFrames[0]?.url.replace(portal.url, '') });
    });
    const refusedScripts: string[] = [];
    const onConsole = (message: { text: () => string }) => {
      if (message.text().includes('Content Security Policy')) refusedScripts.push(message.text());
    };
    page.on('console', onConsole);
    try {
      await page.goto('/application/dashboard');
      await page.getByRole('region', { name: 'Plan', exact: true }).getByLabel('Plan validity').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Batch Service' }).waitFor();
    } finally {
      page.off('console', onConsole);
      await cdp.detach();
    }
    // Each asked once, by the page itself (its inline script runs before the first module script).
    expect(askedBy.sort((a, b) => a.path.localeCompare(b.path))).toEqual(early.sort().map((path) => ({ path, script: '/application/dashboard' })));
    expect(refusedScripts).toEqual([]);
  });

  it("asks for the organisation, the summary, the member's profile and the batch types as a visit opens on the dashboard, without waiting for the settings", async () => {
    const organisationId = await stored('organisation_id');
    const userId = (JSON.parse(await stored('user')) as { _id: string })._id;
    const wanted = new Set([
      '/api/summary',
      `/api/organisation/${organisationId}`,
      `/api/user/${userId}`,
      `/api/productBatchService/getBatchTypes/${organisationId}`,
    ]);
    let askedForAll!: () => void;
    const allAsked = new Promise<void>((resolve) => (askedForAll = resolve));
    const askedBeforeSettings: string[] = [];
    let settingsAnswered = false;
    const onRequest = (request: { url: () => string }) => {
      const { pathname, search } = new URL(request.url());
      if (search || !wanted.has(pathname) || settingsAnswered) return;
      askedBeforeSettings.push(pathname);
      if (new Set(askedBeforeSettings).size === wanted.size) askedForAll();
    };
    page.on('request', onRequest);
    // The settings are held back until all are asked for (10 s at most): a screen that waited for them would ask too late.
    await page.route('**/api/config', async (route) => {
      await Promise.race([allAsked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      settingsAnswered = true;
      await route.continue();
    });
    try {
      await page.goto('/application/dashboard');
      await page.getByRole('region', { name: 'Plan', exact: true }).getByLabel('Plan validity').waitFor();
    } finally {
      page.off('request', onRequest);
      await page.unroute('**/api/config');
    }
    expect([...new Set(askedBeforeSettings)].sort()).toEqual([...wanted].sort());

    await sidebar().getByRole('link', { name: 'Billing' }).click();
    await planDetails().getByText('Lite').first().waitFor();
  });

  it('adds balance through the sandbox checkout, paying the amount plus GST, and lands on the success page with the amount paid and transaction id', async () => {
    const result = await addBalance('5,000', 'Pay');
    await result.getByText('Transaction Successful').waitFor();
    await result.getByText('Your recharge of ₹5900 was processed successfully').waitFor();
    const transactionId = (await result.getByText(/^Transaction ID: /).textContent())!.replace('Transaction ID: ', '');
    expect(transactionId).toMatch(/\S+/);
    await expectNoSeriousAxeViolations(result, 'the payment success page');
    await result.getByRole('link', { name: 'GO BACK TO BILLING' }).click();
    await arriveAt(result, '**/application/billing');
    await result.close();

    await page.reload();
    await planDetails().getByText('₹15,000').first().waitFor();
    const topUp = paymentHistory().getByRole('row', { name: new RegExp(transactionId) });
    await topUp.getByText('Balance Topup').waitFor();
    await topUp.getByText('Success').waitFor();
  });

  it('shows the failure when the checkout is cancelled, and credits nothing', async () => {
    const result = await addBalance('2000', 'Cancel');
    await result.getByText('Transaction failed', { exact: true }).waitFor();
    await result.getByText('Your transaction failed at the server end. Please try to make the payment again').waitFor();
    await expectNoSeriousAxeViolations(result, 'the payment failure page');
    await result.close();

    await paymentHistory().getByRole('button', { name: 'Refresh payment history' }).click();
    await paymentHistory()
      .getByRole('row', { name: /₹2,360/ })
      .getByText('Failed')
      .waitFor();
    await page.reload();
    await planDetails().getByText('₹15,000').first().waitFor();
  });

  it('charges a live call to the wallet; below the alert balance the banner shows and the owner is emailed', async () => {
    await planDetails().getByRole('button', { name: 'Edit Alert Balance' }).click();
    const alert = page.getByRole('dialog', { name: 'Alert Balance' });
    await alert.getByLabel('Amount').fill('14,999');
    await alert.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your daily consumption/alert balance has been updated').waitFor();
    expect(await page.getByText('Your wallet balance is low').count()).toBe(0);

    await sidebar().getByRole('link', { name: 'Apps' }).click();
    await page.getByRole('button', { name: 'New App' }).click();
    await page.getByLabel('App name').fill('Production');
    await page.getByRole('button', { name: 'Create App' }).click();
    await page.getByRole('article', { name: 'Production' }).waitFor();
    await page.getByRole('button', { name: 'New App' }).click();
    await page.getByLabel('App name').fill('production ');
    await page.getByRole('button', { name: 'Create App' }).click();
    await page.getByText('An app with this name already exists in your organisation. Choose another name.').waitFor();
    await page.getByRole('dialog', { name: 'Create a new app' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('article', { name: /^production$/i }).count()).toBe(1);
    await page.getByRole('article', { name: 'Production' }).getByRole('link', { name: 'More info' }).click();
    await arriveAt(page, /manage-apps\/[0-9a-f-]{36}$/);
    const appId = page.url().split('/').at(-1)!;
    await page.getByRole('button', { name: 'Manage Products', exact: true }).click();
    await page.getByRole('button', { name: 'Add PAN Lite to the app' }).click();
    const before = await otpCount(portal, EMAIL);
    await page.getByRole('dialog', { name: 'Manage Products' }).getByRole('button', { name: 'Save' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Verify your identity' });
    await stepUp.getByLabel('OTP digit 1').fill(await otpMailedTo(portal, EMAIL, before));
    await stepUp.getByRole('form', { name: 'Enter OTP' }).getByRole('button', { name: 'Verify' }).click();
    await stepUp.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add Key' }).click();
    await page.getByLabel('Key name').fill('Live');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const apiKey = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(apiKey).toMatch(/^vgk_live_/);
    await shown.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }).check();
    await shown.getByRole('button', { name: 'Done' }).click();

    const reply = await fetch(`${portal.url}/live/api/v1/in/identity/pan/lite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-id': appId, 'api-key': apiKey },
      body: JSON.stringify({ mode: 'sync', data: { customer_pan_number: 'ABCPE1234F', consent: 'Y', consent_text: 'I consent to this PAN check' } }),
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ response_code: 100, metadata: { billable: 'Y' } });
    expect(upstreamCalls).toBe(1);

    await sidebar().getByRole('link', { name: 'Billing' }).click();
    await planDetails()
      .getByText(`₹${(15000 - LITE_PRICE).toLocaleString('en-IN')}`)
      .first()
      .waitFor();
    await page.getByRole('alert').getByText('Your wallet balance is low').waitFor();
    await expectNoSeriousAxeViolations(page, 'Billing with the low-balance banner');
    await expect.poll(() => subjectsTo(EMAIL), { timeout: 15_000 }).toContain('Your Verigate wallet balance is low');
    expect(tab.errors).toEqual([]);
  });

  it('lists the tax invoice and the receipt on the Invoices tab, links them from Payment History, and downloads PDFs, also on a phone', async () => {
    const planPayment = paymentHistory().getByRole('row', { name: /External Payment/ });
    const invoiceButton = planPayment.getByRole('button', { name: /^Download INV\d{4}-\d{6} \(PDF\)$/ });
    const [invoice] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
    expect(invoice.suggestedFilename()).toMatch(/^INV\d{4}-\d{6}\.pdf$/);
    expect((await readFile((await invoice.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    const number = invoice.suggestedFilename().replace('.pdf', '');
    expect(await subjectsTo(EMAIL)).toContain(`Your Verigate Tax Invoice ${number}`);

    await page.getByRole('tab', { name: 'Invoices' }).click();
    await arriveAt(page, '**/application/billing?tab=invoices');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await invoices
      .getByRole('row', { name: new RegExp(number) })
      .getByText('Tax Invoice')
      .waitFor();
    expect(await invoices.getByText('Receipt Voucher').count()).toBe(1);
    await expectNoSeriousAxeViolations(page, 'the Invoices tab');

    await page.setViewportSize(PHONE);
    await invoices.getByText('Receipt Voucher').waitFor();
    // The layout settles within a frame or two of the resize (the card header is a few pixels wide meanwhile).
    await expect.poll(tabsTooWide, { timeout: 2000 }).toEqual([]);
    const statements = page.getByRole('region', { name: 'Statements' });
    const [statement] = await Promise.all([page.waitForEvent('download'), statements.getByRole('button', { name: 'PDF' }).click()]);
    expect(statement.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
    const [ledger] = await Promise.all([page.waitForEvent('download'), statements.getByRole('button', { name: 'Ledger CSV' }).click()]);
    expect((await readFile((await ledger.path())!, 'utf8')).split('\n')[0]).toBe('Date,Type,Reference,Product,Amount (INR),Balance after (INR)');
    expect(tab.errors).toEqual([]);
  });

  it('shows the burn rate and the live calls by response code on the Spend tab, and sets a daily cap, on a phone', async () => {
    await page.getByRole('tab', { name: 'Spend' }).click();
    await arriveAt(page, '**/application/billing?tab=spend');
    const spend = page.getByRole('region', { name: 'Spend' });
    // One live call at ₹2 in the last 7 days.
    await spend.getByText('₹0.29 / day').waitFor();
    await spend.getByText('1 billable, 0 not billable').waitFor();
    expect(await spend.getByRole('row', { name: '100 Yes 1' }).count()).toBe(1);
    const controls = page.getByRole('form', { name: 'Spend controls' });
    expect(await controls.getByLabel(/Low-balance alerts/).inputValue()).toBe('50, 25, 10');
    await controls.getByLabel(/Daily spend cap/).fill('-5');
    await controls.getByRole('button', { name: 'Save' }).click();
    await controls.getByText('Enter the daily spend cap in whole rupees, at least ₹1 and at most ₹1,00,00,000, or leave it empty').waitFor();
    await controls.getByLabel(/Daily spend cap/).fill('2,500');
    await controls.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your spend controls have been saved').waitFor();
    expect(await tabsTooWide()).toEqual([]);
    await expectNoSeriousAxeViolations(page, 'the Spend tab');
    expect(tab.errors).toEqual([]);
  });
});
