import type { Page } from 'playwright-core';
import { arriveAt } from './browser.js';
import { runAdmin } from './admin-cli.js';
import { login, register } from './auth-steps.js';
import { storedValue, uploadKyc } from './kyc.js';
import type { Portal } from './portal.js';
import type { AppKey } from './provider-api.js';

/**
 * The onboarding waits (10 s after creating the organisation, 1 s product delay, 3 s tips), shortened.
 * Each tip still shows for 1.5 s: at 0.4 s a busy machine's test could look for the last tip after
 * it had gone.
 */
export async function shortenOnboardingWaits(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __VERIGATE_TIMING__: object }).__VERIGATE_TIMING__ = { orgCreatedPauseMs: 0, productListDelayMs: 0, tipRotationMs: 1_500 };
  });
}

async function fillContact(page: Page, section: string, contact: { name: string; email: string; designation: string; phone: string }) {
  const region = page.getByRole('region', { name: section });
  await region.getByLabel('Name', { exact: true }).fill(contact.name);
  await region.getByLabel('Email', { exact: true }).fill(contact.email);
  await region.getByLabel('Designation', { exact: true }).fill(contact.designation);
  await region.getByLabel('Phone number', { exact: true }).fill(contact.phone);
  await region.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('img', { name: `${section} completed` }).waitFor();
}

/** Fills both steps of /onboarding/create-org and waits for /onboarding/select-service. */
export async function createOrganisation(page: Page, legalName = 'Acme Finance') {
  await arriveAt(page, '**/onboarding/create-org');
  await page.getByRole('textbox', { name: 'Business Legal Name', exact: true }).fill(legalName);
  await page.getByRole('checkbox', { name: 'Same as Business Legal Name' }).check();
  await page.getByRole('textbox', { name: 'Business Category' }).click();
  await page.getByRole('option', { name: 'Fintech' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Just a few more information').waitFor();
  await fillContact(page, 'Business owner details', { name: 'Meera Iyer', email: 'meera@acme-finance.in', designation: 'Director', phone: '9876543210' });
  await fillContact(page, 'Tech owner details', { name: 'Ravi Kumar', email: 'ravi@acme-finance.in', designation: 'Engineering Lead', phone: '9876500000' });
  await page.getByRole('button', { name: 'Next' }).click();
  await arriveAt(page, '**/onboarding/select-service');
}

/**
 * A new customer through the whole onboarding: signs up, creates the organisation, subscribes to
 * `product` (an auto-approved one), skips the key on the welcome screen and lands on the dashboard.
 */
export async function onboardWithProduct(
  page: Page,
  portal: Portal,
  email: string,
  firstName: string,
  product: string | string[],
  organisation = 'Acme Finance',
) {
  await register(page, portal, email, firstName);
  await login(page, email);
  await createOrganisation(page, organisation);
  for (const name of [product].flat()) await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await arriveAt(page, '**/welcome');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await arriveAt(page, '**/application/dashboard', 20_000);
}

/** Generates the test app's key from the dashboard, confirms it was saved, and returns it with the app id. */
export async function generateTestKey(page: Page): Promise<AppKey> {
  await page.getByRole('button', { name: 'Generate Test Key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your test API key' });
  const apiKey = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  const appId = await shown.getByRole('textbox', { name: 'App ID' }).inputValue();
  await shown.getByRole('checkbox', { name: 'I have saved this key somewhere safe' }).check();
  await shown.getByRole('button', { name: 'Done' }).click();
  return { apiKey, appId };
}

/**
 * A customer one payment away from fully onboarded: signs up, subscribes to PAN Lite, gets a test
 * key, sends the KYC details, is activated by the operator (`adminToken` is the portal's) and
 * requests the Lite plan, to be paid by bank transfer. Returns the organisation's id, and the test
 * key: recording the transfer (`npm run admin -- record-transfer`) completes the onboarding.
 */
export async function onboardToPlanRequest(
  page: Page,
  portal: Portal,
  email: string,
  firstName: string,
  adminToken: string,
): Promise<{ organisationId: string; testKey: AppKey }> {
  await onboardWithProduct(page, portal, email, firstName, 'PAN Lite');
  const testKey = await generateTestKey(page);
  await uploadKyc(page, portal, `${firstName} Rao`);
  const requestLitePlan = () =>
    page
      .getByRole('article', { name: 'Lite' })
      .getByRole('button', { name: /Request Plan/ })
      .click();
  await page.goto('/application/dashboard/plans');
  await requestLitePlan();
  const activation = page.getByRole('dialog', { name: 'Activate your account' });
  await activation.getByRole('button', { name: 'Send by email' }).click();
  await activation.waitFor({ state: 'hidden' });
  const organisationId = await storedValue(page, 'organisation_id');
  await runAdmin(portal.url, adminToken, ['activate', organisationId]);

  await page.reload();
  await requestLitePlan();
  await page.getByRole('dialog', { name: 'Bank Details' }).getByRole('button', { name: 'Confirm Request' }).click();
  await page.getByRole('dialog', { name: 'Your request has been registered' }).getByRole('button', { name: 'OK' }).click();
  await page
    .getByRole('article', { name: 'Lite' })
    .getByRole('button', { name: /Payment Pending/ })
    .waitFor();
  return { organisationId, testKey };
}
