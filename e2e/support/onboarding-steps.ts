import type { Page } from 'playwright-core';
import { login, register } from './auth-steps.js';
import type { Portal } from './portal.js';

/** The onboarding waits (10 s after creating the organisation, 1 s product delay, 3 s tips), shortened. */
export async function shortenOnboardingWaits(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __VERIGATE_TIMING__: object }).__VERIGATE_TIMING__ = { orgCreatedPauseMs: 0, productListDelayMs: 0, tipRotationMs: 400 };
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
  await page.waitForURL('**/onboarding/create-org');
  await page.getByRole('textbox', { name: 'Business Legal Name', exact: true }).fill(legalName);
  await page.getByRole('checkbox', { name: 'Same as Business Legal Name' }).check();
  await page.getByRole('textbox', { name: 'Business Category' }).click();
  await page.getByRole('option', { name: 'Fintech' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Just a few more information').waitFor();
  await fillContact(page, 'Business owner details', { name: 'Meera Iyer', email: 'meera@acme-finance.in', designation: 'Director', phone: '9876543210' });
  await fillContact(page, 'Tech owner details', { name: 'Ravi Kumar', email: 'ravi@acme-finance.in', designation: 'Engineering Lead', phone: '9876500000' });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/onboarding/select-service');
}

/**
 * A new customer through the whole onboarding: signs up, creates the organisation, subscribes to
 * `product` (an auto-approved one), skips the key on the welcome screen and lands on the dashboard.
 */
export async function onboardWithProduct(page: Page, portal: Portal, email: string, firstName: string, product: string) {
  await register(page, portal, email, firstName);
  await login(page, email);
  await createOrganisation(page, 'Acme Finance');
  await page.getByRole('checkbox', { name: product }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/welcome');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.waitForURL('**/application/dashboard', { timeout: 20_000 });
}
