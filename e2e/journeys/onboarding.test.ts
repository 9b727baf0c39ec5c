import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab } from '../support/browser.js';
import { startPortal, type Portal } from '../support/portal.js';
import { login, register } from '../support/auth-steps.js';
import { createOrganisation, shortenOnboardingWaits } from '../support/onboarding-steps.js';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function signedInNewUser(email: string) {
  const tab = await openTab(browser, portal.url);
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
  await shortenOnboardingWaits(tab.page);
  await register(tab.page, portal, email, 'Meera');
  await login(tab.page, email);
  return tab;
}

describe('onboarding in the browser', () => {
  it('Next path: organisation, products, /welcome with the test key shown once, then the dashboard', async () => {
    const tab = await signedInNewUser('meera@acme-finance.in');
    const { page } = tab;
    await createOrganisation(page);

    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'PAN Lite' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'Select Service');
    await page.getByRole('checkbox', { name: 'PAN Lite' }).check();
    await page.getByRole('checkbox', { name: 'PAN Advance' }).check();
    await next.click();
    await arriveAt(page, '**/welcome');
    await page.getByRole('heading', { name: 'We have created an application for you' }).waitFor();
    await page.getByRole('region', { name: 'Subscribed Products' }).getByText('PAN Lite').waitFor();
    await page.getByRole('region', { name: 'Waiting for approval' }).getByText('PAN Advance').waitFor();
    await expectNoSeriousAxeViolations(page, 'Welcome');
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer?.map((entry) => entry.event));
    expect(events?.filter((event) => event === 'Products_Subscribed_While_Onboarding')).toHaveLength(2);

    await page.getByRole('button', { name: 'Generate Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Key' });
    const apiKey = await dialog.getByLabel('API key').inputValue();
    expect(apiKey).toMatch(/^vgk_test_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    await expectNoSeriousAxeViolations(page, 'the Test Key dialog');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await arriveAt(page, '**/application/dashboard', 20_000);
    const activate = page.getByRole('listitem', { name: 'Step 3: Activate Production' });
    await expect.poll(() => activate.getAttribute('aria-current')).toBe('step');

    const apps = await page.evaluate(async () => (await fetch('/api/app', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).text());
    expect(apps).not.toContain(apiKey);
    expect(apps).toContain(apiKey.slice(0, 13));
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('Skip path: the tips overlay, then the dashboard', async () => {
    const tab = await signedInNewUser('skipper@acme-finance.in');
    const { page } = tab;
    await createOrganisation(page, "D'Souza & Sons (India) Pvt. Ltd.");
    await page.getByRole('button', { name: 'Skip for now' }).click();
    const overlay = page.getByRole('dialog', { name: 'Welcome! Your account setup is complete!' });
    await overlay.getByText('Tip 1 of 3').waitFor();
    await overlay.getByText('Tip 3 of 3').waitFor();
    await arriveAt(page, '**/application/dashboard', 20_000);
    expect(await page.evaluate(() => localStorage.getItem('test_app_id'))).toMatch(/^[0-9a-f-]{36}$/);
    const generate = page.getByRole('listitem', { name: 'Step 2: Generate Test API' });
    await expect.poll(() => generate.getAttribute('aria-current')).toBe('step');
    await page.getByText("D'Souza & Sons (India) Pvt. Ltd.").first().waitFor();
    await tab.context.close();
  });
});
