import type { Page } from 'playwright-core';
import { arriveAt } from './browser.js';
import type { Portal } from './portal.js';

export const PASSWORD = 'Str0ng!Pass';

/** Ticks the ALTCHA checkbox and waits until the proof of work is solved. */
export async function solveCaptcha(page: Page) {
  const checkbox = page.locator('altcha-widget input[type="checkbox"]');
  await checkbox.click();
  await page
    .locator('altcha-widget')
    .getByText('Verified', { exact: false })
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(async () => {
      await page.waitForFunction((box) => (box as HTMLInputElement | null)?.checked === true, await checkbox.elementHandle(), { timeout: 20_000 });
    });
}

export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function signUp(page: Page, email: string, first = 'Asha', last = 'Rao') {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await arriveAt(page, '**/email-verification');
}

/** Signs up, follows the emailed link and creates the password. */
export async function register(page: Page, portal: Portal, email: string, first = 'Asha') {
  await signUp(page, email, first);
  await page.goto(await portal.linkMailedTo(email));
  await arriveAt(page, '**/create-password?**');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Your Password is generated. Login again to get in action.').waitFor();
}
