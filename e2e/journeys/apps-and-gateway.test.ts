import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { STEP_UP_MESSAGES } from '@verigate/contracts';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { otpCount, otpMailedTo } from '../support/mailbox-codes.js';
import { onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { startPortal, type Portal } from '../support/portal.js';
import { callTestApi } from '../support/provider-api.js';

const EMAIL = 'devi@acme-finance.in';
const ZPIN = '1357';

let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;
let appId: string;
let apiKey: string;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url);
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
  page = tab.page;
  await shortenOnboardingWaits(page);
  await page.addInitScript(() => {
    const timing = (window as unknown as { __VERIGATE_TIMING__: Record<string, number> }).__VERIGATE_TIMING__;
    Object.assign(timing, { otpResendWaitMs: 1000, otpErrorMs: 500, zpinSuccessMs: 300 });
  });
  await onboardWithProduct(page, portal, EMAIL, 'Devi', 'PAN Lite');
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const popup = () => page.getByRole('dialog', { name: 'Verify your identity' });
const submit = (scope: Locator) => scope.getByRole('button', { name: /^(Verify|Create ZPIN|Update ZPIN|Continue)$/ });

async function enterOtp(before: number) {
  const otp = await otpMailedTo(portal, EMAIL, before);
  await popup().getByLabel('OTP digit 1').fill(otp);
  await submit(popup().getByRole('form', { name: 'Enter OTP' })).click();
}

async function enterZpin(zpin: string) {
  await popup().getByLabel('ZPIN digit 1', { exact: true }).fill(zpin);
  await submit(popup().getByRole('form', { name: 'Enter ZPIN' })).click();
}

const callProvider = (path: string, key: string, body: Record<string, unknown>) => callTestApi(portal.url, { appId, apiKey: key }, path, body);
const panCheck = (pan = 'ABCPE0100F') => ({ mode: 'sync', data: { customer_pan_number: pan, consent: 'Y', consent_text: 'I consent to this PAN check' } });

describe('apps, keys and the step-up in the browser', () => {
  it('adds a key and shows it once', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
    await arriveAt(page, '**/application/manage-apps');
    await page.getByRole('article', { name: 'Test App' }).getByRole('link', { name: 'More info' }).click();
    await arriveAt(page, /manage-apps\/[0-9a-f-]{36}$/);
    appId = page.url().split('/').at(-1)!;
    await page.getByRole('button', { name: 'Add Key' }).click();
    await page.getByLabel('Key name').fill('Main');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    apiKey = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(apiKey).toMatch(/^vgk_test_/);
    await page.keyboard.press('Escape');
    await shown.getByText('Close without saving the key?').waitFor();
    await shown.getByRole('button', { name: 'Keep it open' }).click();
    await shown.getByRole('button', { name: 'Copy API key' }).click();
    await shown.getByRole('button', { name: 'Copy API key' }).getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    expect(await shown.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('switch', { name: 'Enable key Main' }).waitFor();
    expect(await page.content()).not.toContain(apiKey);
  });

  it('the key works on the provider API', async () => {
    const accepted = await callProvider('in/identity/pan/lite', apiKey, panCheck());
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, response_code: 100, metadata: { billable: 'Y' } });
    const unsubscribed = await callProvider('in/merchant/gstin/lite', apiKey, {
      mode: 'sync',
      data: { business_gstin_number: '27ABCPE0100F1Z5', consent: 'Y', consent_text: 'ok' },
    });
    expect(unsubscribed.status).toBe(403);
    expect(unsubscribed.body.response_message).toBe('product not subscribed by app');
  });

  it('creates a ZPIN with the emailed OTP, then disables the key with it', async () => {
    await page.getByRole('switch', { name: 'Enable key Main' }).click();
    await popup().getByRole('region', { name: 'Create ZPIN' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the step-up offering to create a ZPIN');
    await popup().getByRole('region', { name: 'Create ZPIN' }).getByRole('button', { name: 'Create ZPIN' }).click();
    const continueButton = popup().getByRole('button', { name: 'Continue' });
    await popup().getByLabel('New ZPIN digit 1').waitFor();
    await expectNoSeriousAxeViolations(page, 'ZPIN setup');
    for (const guessable of ['1111', '1234', '0000']) {
      await popup().getByLabel('New ZPIN digit 1').fill(guessable);
      await popup().getByLabel('Confirm ZPIN digit 1').fill(guessable);
      await popup().getByText(STEP_UP_MESSAGES.zpinWeak).waitFor();
      expect(await continueButton.isDisabled()).toBe(true);
    }
    await expectNoSeriousAxeViolations(page, 'ZPIN setup refusing a guessable ZPIN');
    await popup().getByLabel('New ZPIN digit 1').fill(ZPIN);
    await popup().getByLabel('Confirm ZPIN digit 1').fill('1358');
    await popup().getByText('Zpins do not match, please retry!').waitFor();
    expect(await continueButton.isDisabled()).toBe(true);
    await popup().getByLabel('Confirm ZPIN digit 1').fill(ZPIN);
    expect(await popup().getByText(STEP_UP_MESSAGES.zpinWeak).count()).toBe(0);
    const before = await otpCount(portal, EMAIL);
    await continueButton.click();
    await enterOtp(before);
    await popup().getByText('ZPIN successfully created').waitFor();
    await popup().getByLabel('ZPIN digit 1', { exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the step-up asking for the ZPIN');
    await enterZpin(ZPIN);
    await popup().waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('switch', { name: 'Enable key Main' }).isChecked()).toBe(false);

    const refused = await callProvider('in/identity/pan/lite', apiKey, panCheck());
    expect(refused.status).toBe(401);
    expect(refused.body.response_message).toBe('api key is invalid or disabled');
  });

  it('falls back to OTP after three wrong ZPINs, and refuses to delete an enabled key', async () => {
    await page.getByRole('switch', { name: 'Enable key Main' }).click();
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await enterZpin('0000');
      await popup().getByText('Invalid zpin, please re-enter').waitFor();
    }
    const before = await otpCount(portal, EMAIL);
    await enterZpin('0000');
    await popup().getByRole('form', { name: 'Enter OTP' }).waitFor();
    await enterOtp(before);
    await popup().waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('switch', { name: 'Enable key Main' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Delete key Main' }).click();
    await page.getByText('Disable the key before deleting one.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByRole('button', { name: 'Delete app' }).count()).toBe(0);
  });

  it('says an OTP is used up after five wrong codes, offers a new one right there, and the new one works', async () => {
    await page.getByRole('switch', { name: 'Enable key Main' }).click();
    const before = await otpCount(portal, EMAIL);
    await popup().getByRole('button', { name: 'Use OTP' }).click();
    const otp = await otpMailedTo(portal, EMAIL, before);
    const sentAt = Date.now();
    const form = popup().getByRole('form', { name: 'Enter OTP' });
    const wrongOtp = otp === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await form.getByLabel('OTP digit 1').fill(wrongOtp);
      await submit(form).click();
      await form.getByText('OTP is invalid!, please re-enter').waitFor();
    }
    await form.getByLabel('OTP digit 1').fill(wrongOtp);
    await submit(form).click();
    const usedUp = form.getByRole('alert').filter({ hasText: 'Too many wrong attempts: this OTP is used up, please request a new one' });
    await usedUp.waitFor();
    expect(await submit(form).isDisabled()).toBe(true);

    // The seed's 30 s between resends holds on the server, counted from the first send.
    await page.waitForTimeout(Math.max(0, sentAt + 31_000 - Date.now()));
    const resendAt = await otpCount(portal, EMAIL);
    await usedUp.getByRole('button', { name: 'Resend OTP' }).click();
    const fresh = await otpMailedTo(portal, EMAIL, resendAt);
    await usedUp.waitFor({ state: 'detached' });
    await form.getByLabel('OTP digit 1').fill(fresh);
    await submit(form).click();
    await popup().waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('switch', { name: 'Enable key Main' }).isChecked()).toBe(false);

    await page.getByRole('switch', { name: 'Enable key Main' }).click();
    await enterZpin(ZPIN);
    await popup().waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('switch', { name: 'Enable key Main' }).isChecked()).toBe(true);
  });

  it('whitelists addresses, marks one for removal and restores it, then turns whitelisting off', async () => {
    await page.getByRole('link', { name: 'App Settings' }).click();
    await arriveAt(page, '**/settings');
    await page.getByRole('switch', { name: 'IP Whitelisting' }).click();
    await page.getByLabel('IP addresses to whitelist').fill('0.0.0.0/0');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText("0.0.0.0/0 would let far too many addresses call with this app's keys").waitFor();
    await page.getByLabel('IP addresses to whitelist').fill('10.0.0.5');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page
      .getByRole('note')
      .getByText(/^10\.0\.0\.5 is a private address: calls reach Verigate from your public internet address/)
      .waitFor();
    await page.getByLabel('IP addresses to whitelist').fill('203.0.113.9, 2001:db8::/32');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Remove 203.0.113.9' }).click();
    await page.getByRole('region', { name: 'Marked for removal' }).getByText('203.0.113.9').waitFor();
    await page.getByRole('button', { name: 'Restore 203.0.113.9' }).click();
    await page.getByLabel('IP addresses to whitelist').fill('203.0.113.9');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('This IP Address already exists').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await enterZpin(ZPIN);
    await page.getByText('IP Whitelisting successfully saved').waitFor();

    const blocked = await callProvider('in/identity/pan/lite', apiKey, panCheck());
    expect(blocked.status).toBe(403);
    expect(blocked.body.response_message).toBe('ip not whitelisted');

    await page.getByRole('switch', { name: 'IP Whitelisting' }).click();
    await page.getByRole('dialog', { name: 'Disable IP whitelisting?' }).getByRole('button', { name: 'Disable' }).click();
    await enterZpin(ZPIN);
    await page.getByText('IP Whitelisting successfully saved').last().waitFor();
    await expect.poll(async () => (await callProvider('in/identity/pan/lite', apiKey, panCheck())).status).toBe(200);
    expect(tab.errors).toEqual([]);
  });

  /**
   * Opens the date picker labelled `label` inside `scope` and picks the day `days` from today. The
   * calendar opens on the month of its first day that may be picked, which on a month's last day is
   * already the next month: it is turned on until the day shows.
   */
  async function pickDay(scope: Locator, label: string, days: number) {
    const day = new Date(Date.now() + days * 86_400_000);
    await scope.getByRole('button', { name: label }).click();
    const nextMonth = page.getByRole('button', { name: 'Next month' });
    await nextMonth.waitFor();
    const dayButton = page.getByRole('button', {
      name: `${day.getDate()} ${day.toLocaleString('en-GB', { month: 'long' })} ${day.getFullYear()}`,
      exact: true,
    });
    for (let turned = 0; turned < 2 && !(await dayButton.isVisible()); turned += 1) await nextMonth.click();
    await dayButton.click();
  }

  it('rolls a key with the ZPIN and an expiry for the new value: the new key is shown once and the old one stops at once', async () => {
    await page.goto(`${portal.url}/application/manage-apps/${appId}`);
    await page.getByRole('button', { name: 'Roll key Main' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll key' });
    await dialog.getByRole('radio', { name: 'In 24 hours' }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'In 24 hours' }).isChecked()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'the roll dialog');
    await dialog.getByRole('radio', { name: 'Now' }).check();
    await pickDay(dialog, 'The new value expires on (optional)', 30);
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    await enterZpin(ZPIN);
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const rolled = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(rolled).toMatch(/^vgk_test_/);
    expect(rolled).not.toBe(apiKey);
    await shown.getByText(/The old value no longer works\. The new value expires on/).waitFor();
    await shown.getByRole('button', { name: 'Copy API key' }).click();
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    const old = await callProvider('in/identity/pan/lite', apiKey, panCheck());
    expect({ status: old.status, message: old.body.response_message }).toEqual({ status: 401, message: 'api key is invalid or disabled' });
    expect((await callProvider('in/identity/pan/lite', rolled, panCheck())).status).toBe(200);
    await page
      .getByRole('row', { name: /Main old/ })
      .getByText(/^Rolled, stopped/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Roll key Main old' }).count()).toBe(0);
    const renewed = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Roll key Main', exact: true }) });
    expect(await renewed.getByRole('cell').nth(4).textContent()).not.toBe('Never');
    expect(await page.content()).not.toContain(rolled);
  });

  it('adds a key with an expiry date, shown in the keys table', async () => {
    await page.getByRole('button', { name: 'Add Key' }).click();
    await page.getByLabel('Key name').fill('Expiring');
    await pickDay(page.getByRole('dialog', { name: 'Add Key' }), 'Expires on (optional)', 20);
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText(/It expires on/).waitFor();
    await shown.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }).check();
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /Expiring/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(4).textContent()).not.toBe('Never');
    expect(tab.errors).toEqual([]);
  });
});
