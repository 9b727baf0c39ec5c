import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_MESSAGES } from '@verigate/contracts';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { login } from '../support/auth-steps.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { PHONE, sidewaysScroll, tooWide } from '../support/phone.js';
import { startPortal, type Portal } from '../support/portal.js';

const OWNER = 'nisha@acme-lending.in';
/** Set to a folder to keep screenshots of the Security and Audit Log screens (to look at, not compared). */
const SCREENSHOTS = process.env.PHONE_SCREENSHOTS;

let portal: Portal;
let browser: Browser;
let tab: Tab;
let secret: string;
let recoveryCodes: string[];

const screenshot = async (page: Page, name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `security-${name}.png`), fullPage: true });
};

const codeNow = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url, { width: 1366, height: 900 });
  await shortenOnboardingWaits(tab.page);
  await onboardWithProduct(tab.page, portal, OWNER, 'Nisha', 'PAN Lite');
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('sign-in security in the browser', () => {
  it('sets up two-factor sign-in from the avatar menu: QR code, a first code, ten recovery codes shown once', async () => {
    const page = tab.page;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await arriveAt(page, '**/security');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await dialog.getByRole('img', { name: 'QR code of your two-factor key' }).locator('svg').waitFor();
    secret = await dialog.getByRole('textbox', { name: 'Setup key' }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousAxeViolations(page, 'the two-factor set-up');

    await dialog.getByLabel('Code from your app').fill('12');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText(TWO_FACTOR_MESSAGES.totpShape).waitFor();
    await dialog.getByLabel('Code from your app').fill(codeNow());
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
    await codes.getByText('they are shown only once', { exact: false }).waitFor();
    recoveryCodes = await codes.getByLabel('Recovery codes').locator('code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))).toBe(true);
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await codes.waitFor({ state: 'detached' });
    await page.getByText('10 of 10 recovery codes left', { exact: false }).waitFor();
    await screenshot(page, 'desktop');
  });

  it('asks for a code after the password, refuses a wrong one, and signs in with a recovery code', async () => {
    const page = tab.page;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await arriveAt(page, '**/login');
    await login(page, OWNER);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the second sign-in step');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(TWO_FACTOR_MESSAGES.codeWrong).waitFor();
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await arriveAt(page, '**/application/**');
  });

  it('lists the signed-in session and lets the owner require two-factor sign-in of every member', async () => {
    const page = tab.page;
    await page.goto('/security');
    await page.getByText('9 of 10 recovery codes left', { exact: false }).waitFor();
    await page.getByText('This session').waitFor();
    const policy = page.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
    await policy.check();
    await page.getByText('Every member now signs in with two factors').waitFor();
    await expect.poll(() => policy.isChecked()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'the Security screen');
  });

  it('shows the sign-ins, the two-factor changes and the policy in the Audit Log, and exports them', async () => {
    const page = tab.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
    await arriveAt(page, '**/application/audit-log');
    const table = page.getByRole('table', { name: 'Audit Log' });
    await table.getByText('organisation.two_factor_policy_changed').waitFor();
    await page.getByRole('textbox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Sign-ins and two-factor' }).click();
    await table.getByText('user.two_factor_enabled').waitFor();
    await table.getByText('user.sign_in_failed').waitFor();
    await expect.poll(() => table.getByText('organisation.two_factor_policy_changed').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Member' }).click();
    await page.getByRole('option', { name: OWNER }).click();
    await table.getByText('user.two_factor_enabled').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Audit Log');
    await screenshot(page, 'audit-log');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit-log.csv');
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text.split('\n')[0]).toBe('time,actor,action,address,browser,details');
    expect(text).toContain('user.two_factor_enabled');
    expect(text).not.toContain('organisation.two_factor_policy_changed');
  });

  it('fits a phone: the Audit Log and Security screens do not scroll sideways', async () => {
    const page = tab.page;
    await page.setViewportSize(PHONE);
    for (const [screen, name] of [
      ['/application/audit-log', 'audit-log-phone'],
      ['/security', 'phone'],
    ] as const) {
      await page.goto(screen);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      expect(await tooWide(page)).toEqual([]);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, name);
    }
  });
});
