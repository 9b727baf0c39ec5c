import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { PASSWORD } from '../support/auth-steps.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { completeOnboarding } from '../support/kyc.js';
import { generateTestKey, onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { startPortal, type Portal } from '../support/portal.js';
import { labelled } from '../support/trial-forms.js';

const ADMIN_TOKEN = 'e2e-dialogs-operator-token-0123456789';
const EMAIL = 'tara@acme-finance.in';

let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;

beforeAll(async () => {
  portal = await startPortal({ ADMIN_TOKEN });
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url, { width: 1366, height: 900 });
  page = tab.page;
  await shortenOnboardingWaits(page);
  await onboardWithProduct(page, portal, EMAIL, 'Tara', 'PAN Lite');
  await generateTestKey(page);
  await completeOnboarding(page, portal, ADMIN_TOKEN, 'Tara Rao', 'UTR0000777777');
  await page.reload();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const sidebar = () => page.getByRole('navigation', { name: 'Main' });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));
const fieldErrors = (dialog: Locator) => dialog.locator('[aria-invalid="true"]').count();

async function goTo(link: string, url: string) {
  await sidebar().getByRole('link', { name: link }).click();
  await arriveAt(page, url);
}

interface DialogCase {
  /** The dialog's accessible name. */
  name: string;
  /** What opens it: a person reaches it with Tab and presses `key` (Enter; Space for a switch). */
  opener: () => Locator;
  key?: string;
  /** The control that must hold the focus once the dialog is open: its first field. */
  first: (dialog: Locator) => Locator;
}

/**
 * Opens the dialog from the keyboard and checks what a keyboard user needs: the focus on its first
 * field with no error shown yet, still inside after six Tabs, and back on the opener after Escape.
 */
async function expectDialogKeepsFocus({ name, opener, key = 'Enter', first }: DialogCase) {
  await opener().focus();
  await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect.poll(() => isFocused(first(dialog)), { timeout: 10_000, message: `${name}: focus on its first field` }).toBe(true);
  expect(await fieldErrors(dialog), `${name}: no error before anything was typed`).toBe(0);
  await expectNoSeriousAxeViolations(page, `the ${name} dialog`);
  for (let tabs = 0; tabs < 6; tabs += 1) await page.keyboard.press('Tab');
  expect(await focusInside(dialog), `${name}: focus inside after six Tabs`).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => isFocused(opener()), { timeout: 5_000, message: `${name}: focus back on its opener` }).toBe(true);
}

describe('dialogs a keyboard can use, and messages that stay', () => {
  it('Change Password: focus on Current Password, kept inside, back on the account menu; no error until blur or submit', async () => {
    const avatar = () => page.getByRole('button', { name: 'Account menu' });
    await avatar().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    const current = dialog.getByLabel('Current Password', { exact: true });
    await expect.poll(() => isFocused(current), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByText('Current Password cannot be empty').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'the Change Password dialog');
    for (let tabs = 0; tabs < 6; tabs += 1) await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(avatar())).toBe(true);
  });

  it('Change Password: a wrong current password marks that field with the server’s message', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const current = dialog.getByLabel('Current Password', { exact: true });
    await current.fill('Wrong!Pass1');
    await dialog.getByLabel('New Password', { exact: true }).fill('Brand!New1');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('Brand!New1');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Current Password is incorrect').waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(current)).toBe(true);
    await expectNoSeriousAxeViolations(page, 'the Change Password dialog with a field error');
    await current.fill(PASSWORD);
    expect(await dialog.getByText('Current Password is incorrect').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('New App, Add Key, step-up and Manage Products keep the keyboard inside', async () => {
    await goTo('Apps', '**/application/manage-apps');
    await page.getByRole('article', { name: 'Test App' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'Manage Apps');
    await expectDialogKeepsFocus({
      name: 'Create a new app',
      opener: () => page.getByRole('button', { name: 'New App' }),
      first: (dialog) => dialog.getByLabel('App name'),
    });

    await page.getByRole('article', { name: 'Test App' }).getByRole('link', { name: 'More info' }).click();
    await arriveAt(page, /manage-apps\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Add Key' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'App Details');
    const addKey = () => page.getByRole('button', { name: 'Add Key' });
    await expectDialogKeepsFocus({ name: 'Add Key', opener: addKey, first: (dialog) => dialog.getByLabel('Key name') });
    await addKey().click();
    await page.getByLabel('Key name').fill('Main');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const newKey = page.getByRole('dialog', { name: 'Your new API key' });
    await newKey.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }).check();
    await newKey.getByRole('button', { name: 'Done' }).click();
    // A closing dialog gives the focus back to what opened it once its transition ends: the next
    // opener is focused after that, or the key press lands on Add Key.
    await newKey.waitFor({ state: 'hidden' });

    await expectDialogKeepsFocus({
      name: 'Verify your identity',
      opener: () => page.getByRole('switch', { name: 'Enable key Main' }),
      key: 'Space',
      first: (dialog) => dialog.getByLabel('OTP digit 1'),
    });
    await expectDialogKeepsFocus({
      name: 'Manage Products',
      opener: () => page.getByRole('button', { name: 'Manage Products', exact: true }),
      first: (dialog) => dialog.getByRole('button', { name: /^(Add .* to|Remove .* from) the app$/ }).first(),
    });
  });

  it('the Trial Center dialog keeps the keyboard inside, and its errors stay until the field changes', async () => {
    await goTo('Trial Center', '**/application/trial-center');
    await page.getByRole('article', { name: 'PAN Lite', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the Trial Center');
    const runTrial = () => page.getByRole('article', { name: 'PAN Lite', exact: true }).getByRole('button', { name: 'Run Trial' });
    const pan = (dialog: Locator) => dialog.getByRole('textbox', { name: labelled('PAN') });
    await expectDialogKeepsFocus({ name: 'Running Trial on PAN Lite', opener: runTrial, first: pan });

    await runTrial().click();
    const dialog = page.getByRole('dialog', { name: 'Running Trial on PAN Lite' });
    const description = await pan(dialog).evaluate(
      (input) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent ?? '',
    );
    expect(description).toContain('the fourth letter names the holder type');

    await dialog.getByRole('button', { name: 'Run Verification' }).click();
    await dialog.getByText('Please provide consent!').waitFor();
    await pan(dialog).fill('ABCDE1234F');
    await dialog.getByRole('checkbox', { name: /I hereby give my consent/ }).check();
    expect(await dialog.getByText('Please provide consent!').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Run Verification' }).click();
    await dialog.getByText('Please enter a valid Pan number').waitFor();
    await page.waitForTimeout(5_000);
    expect(await dialog.getByText('Please enter a valid Pan number').isVisible()).toBe(true);
    expect(await pan(dialog).getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousAxeViolations(page, 'the Trial Center dialog with a field error');
    await pan(dialog).fill('ABCPE1234F');
    expect(await dialog.getByText('Please enter a valid Pan number').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Add Batch and the contact editors keep the keyboard inside', async () => {
    await goTo('Batch Service', '**/application/batch-service');
    await expectNoSeriousAxeViolations(page, 'Batch Service');
    await expectDialogKeepsFocus({
      name: 'Add Batch',
      opener: () => page.getByRole('button', { name: 'Add Batch' }),
      first: (dialog) => dialog.getByLabel('Batch Name'),
    });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Business Info' }).click();
    await arriveAt(page, '**/my-account');
    await page.getByRole('button', { name: 'Edit Business Owner' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'My Account');
    await expectDialogKeepsFocus({
      name: 'Edit Business Owner',
      opener: () => page.getByRole('button', { name: 'Edit Business Owner' }),
      first: (dialog) => dialog.getByRole('textbox', { name: labelled('Name') }),
    });
  });

  it('Billing: every dialog keeps the keyboard inside, and the two balances are explained', async () => {
    await goTo('Billing', '**/application/billing');
    const plan = page.getByRole('region', { name: 'Plan Details' });
    await plan.getByText('Lite').first().waitFor();
    const note = plan.getByRole('note');
    expect(await note.textContent()).toMatch(/^Live calls are charged against the Available Balance.*Balance with GST is the same balance with 18% GST added/);
    await expectNoSeriousAxeViolations(page, 'Billing');

    await expectDialogKeepsFocus({
      name: 'Alert Balance',
      opener: () => plan.getByRole('button', { name: 'Edit Alert Balance' }),
      first: (dialog) => dialog.getByLabel('Amount'),
    });
    await expectDialogKeepsFocus({
      name: 'Add Balance',
      opener: () => plan.getByRole('button', { name: 'Add Balance' }),
      first: (dialog) => dialog.getByLabel('Amount'),
    });
    await expectDialogKeepsFocus({
      name: 'Lite plan pricing',
      opener: () => plan.getByRole('button', { name: 'View Pricing' }),
      first: (dialog) => dialog.getByRole('button', { name: 'Close' }).first(),
    });
    await expectDialogKeepsFocus({
      name: 'Contact Sales',
      opener: () => plan.getByRole('button', { name: 'Contact Sales' }),
      first: (dialog) => dialog.getByRole('button', { name: 'Contact Sales' }),
    });
    expect(tab.errors).toEqual([]);
  });
});
