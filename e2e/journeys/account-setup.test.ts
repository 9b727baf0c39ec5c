import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runAdmin } from '../support/admin-cli.js';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { login, PASSWORD, register } from '../support/auth-steps.js';
import { createOrganisation, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { startPortal, type Portal } from '../support/portal.js';

const ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef';
const EMAIL = 'lata@acme-finance.in';

let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;

beforeAll(async () => {
  portal = await startPortal({ ADMIN_TOKEN });
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url);
  page = tab.page;
  await shortenOnboardingWaits(page);
  await register(page, portal, EMAIL, 'Lata');
  await login(page, EMAIL);
  await createOrganisation(page, 'Acme Finance');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await arriveAt(page, '**/application/dashboard', 20_000);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const card = (name: string) => page.getByRole('article', { name });
const organisationId = () => page.evaluate(() => localStorage.getItem('organisation_id')) as Promise<string>;

describe('account setup in the browser', () => {
  it('subscribes an auto-approved product (congratulations with its test credits)', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await arriveAt(page, '**/application/product-catalog');
    await card('PAN Lite').waitFor();
    await expectNoSeriousAxeViolations(page, 'the product catalog');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('PAN Lite');
    await card('PAN Lite').getByRole('button', { name: 'Subscribe', exact: true }).click();
    const congratulations = page.getByRole('dialog', { name: 'Congratulations!' });
    await congratulations.getByText('100').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the Congratulations dialog');
    await congratulations.getByRole('button', { name: 'OK' }).click();
    await card('PAN Lite').getByRole('button', { name: 'Unsubscribe' }).waitFor();
  });

  it('requests one that needs approval; the operator approves it from the command line', async () => {
    await page.getByRole('searchbox', { name: 'Search products' }).fill('PAN Advance');
    await card('PAN Advance').getByRole('button', { name: 'Subscribe', exact: true }).click();
    const submitted = page.getByRole('dialog', { name: 'Your request has been submitted' });
    await submitted.getByText('Our team will contact you for further details').waitFor();
    await expectNoSeriousAxeViolations(page, 'the request-submitted dialog');
    await submitted.getByRole('button', { name: 'OK' }).click();
    await submitted.waitFor({ state: 'detached' });
    expect(await card('PAN Advance').getByRole('button', { name: 'Approval Pending' }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'the product catalog with a request pending');

    const pending = JSON.parse(await runAdmin(portal.url, ADMIN_TOKEN, ['product-requests'])) as Array<{ organisationId: string; arn: string }>;
    expect(pending).toEqual([expect.objectContaining({ organisationId: await organisationId(), arn: 'in_identity_pan_advance' })]);
    await runAdmin(portal.url, ADMIN_TOKEN, ['approve-product', await organisationId(), 'in_identity_pan_advance']);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('PAN Advance');
    await card('PAN Advance').getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await page.getByRole('radio', { name: 'Already Subscribed' }).check();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await card('PAN Lite').waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
  });

  it('generates the test key, submits the activation form with PDFs, and is activated by the operator', async () => {
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Generate Test Key' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the dashboard of a new organisation');
    await page.getByRole('button', { name: 'Generate Test Key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Your test API key' });
    expect(await keyDialog.getByRole('textbox', { name: 'API key' }).inputValue()).toMatch(/^vgk_test_/);
    // A stray Escape does not lose the key: the dialog asks first, until the key is saved.
    await page.keyboard.press('Escape');
    await keyDialog.getByRole('alert').getByText('Close without saving the key?').waitFor();
    await expectNoSeriousAxeViolations(page, 'the test key dialog asking before it closes');
    await keyDialog.getByRole('button', { name: 'Keep it open' }).click();
    await keyDialog.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }).check();
    await page.keyboard.press('Escape');
    await keyDialog.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Activate' }).click();
    await arriveAt(page, '**/activation-form');
    await page.getByLabel('Bank Account Number').waitFor();
    await expectNoSeriousAxeViolations(page, 'the activation form');
    const pdf = path.join(tmpdir(), 'verigate-e2e-certificate.pdf');
    writeFileSync(pdf, '%PDF-1.4\n% GSTIN certificate\n%%EOF\n');
    const notPdf = path.join(tmpdir(), 'verigate-e2e-certificate.txt');
    writeFileSync(notPdf, 'plain text');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please fill all the input box to continue').first().waitFor();
    // Submit pressed again while the toast is up: still one toast.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForTimeout(500);
    expect(await page.getByText('Please fill all the input box to continue').count()).toBe(1);
    await page.getByLabel('Bank Account Number').fill('1234 5678 9012');
    await page.getByLabel('IFSC').fill('HDFC0001234');
    await page.getByLabel('GSTIN Number').fill('27ABCDE1234F1Z5');
    await page.getByLabel('GSTIN Certificate').setInputFiles(notPdf);
    await page.getByText('File should be in pdf format').waitFor();
    await expectNoSeriousAxeViolations(page, 'the activation form refusing a file');
    await page.getByLabel('GSTIN Certificate').setInputFiles(pdf);
    await page.getByLabel('Authorised Signatory Name').fill('Lata Das');
    await page.getByLabel('Designation').fill('Director');
    await page.getByLabel('Registration Type').selectOption('CIN');
    await page.getByLabel(/^Registration Document/).setInputFiles(pdf);
    await page.getByRole('button', { name: 'Submit' }).click();
    await arriveAt(page, (url) => url.pathname.startsWith('/application'));
    await page.getByText('Activation requested').first().waitFor();
    const activation = page.getByRole('listitem', { name: 'Step 3: Activate Production' });
    await activation.getByText(/^Under review: our team is checking your KYC details/).waitFor();
    expect(await activation.getByRole('link', { name: 'Activate' }).count()).toBe(0);
    await page
      .getByRole('listitem', { name: 'Step 4: Choose a plan' })
      .getByText(/once your account is activated/)
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'the dashboard with activation under review');

    const requests = JSON.parse(await runAdmin(portal.url, ADMIN_TOKEN, ['activation-requests'])) as Array<{ organisationId: string; documents: unknown[] }>;
    expect(requests[0]?.documents).toHaveLength(2);
    await runAdmin(portal.url, ADMIN_TOKEN, ['activate', await organisationId()]);
    await page.reload();
    await page.getByRole('listitem', { name: 'Step 4: Choose a plan' }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Step 4: Choose a plan' }).getAttribute('aria-current')).toBe('step');
    await expectNoSeriousAxeViolations(page, 'the dashboard of an activated organisation');
  });

  it('edits the technical owner in My Account', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Business Info' }).click();
    await arriveAt(page, '**/my-account');
    await page.getByRole('button', { name: 'Edit Technical Owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Technical Owner' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Sunil Rao');
    const designation = dialog.getByRole('textbox', { name: /^Designation/ });
    await designation.fill('A very long designation text');
    expect((await designation.inputValue()).length).toBeLessThanOrEqual(25);
    await designation.fill('CTO 2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('should contain alphabets only!').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Edit Technical Owner dialog with a field error');
    await dialog.getByRole('textbox', { name: /^Designation/ }).fill('CTO');
    await dialog.getByRole('textbox', { name: /^Phone/ }).fill('+91 98765 43210');
    expect(await dialog.getByRole('textbox', { name: /^Phone/ }).inputValue()).toBe('9876543210');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: 'Technical Owner' }).getByText('Sunil Rao').waitFor();
    await page.getByRole('region', { name: 'Technical Owner' }).getByText('9876543210').waitFor();
  });

  it('changes the password and logs out', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByLabel('New Password').fill('Chang3d!Pw');
    await dialog.getByLabel('Confirm Password').fill('Chang3d!Pw');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your Password has been changed successfully').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await arriveAt(page, '**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await login(page, EMAIL, 'Chang3d!Pw');
    await arriveAt(page, '**/application/dashboard');
    expect(tab.errors).toEqual([]);
  });
});
