import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { startPortal, type Portal } from '../support/portal.js';
import { login, PASSWORD, register, signUp, solveCaptcha } from '../support/auth-steps.js';

let portal: Portal;
let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function freshTab() {
  await tab?.context.close();
  tab = await openTab(browser, portal.url);
  return tab.page;
}

describe('account access in the browser', () => {
  it('signs up (a gmail address refused), verifies by the emailed link, creates a password, logs in and out', async () => {
    const page = await freshTab();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await arriveAt(page, '**/login');
    // The captcha's code waits for the user's first turn to the form; its box is drawn meanwhile.
    await page.waitForLoadState('networkidle');
    const loadedAtStart = scripts.length;
    const checkbox = page.locator('altcha-widget input[type="checkbox"]');
    expect(await checkbox.count()).toBe(0);
    await expect.poll(() => page.locator('altcha-widget').evaluate((widget) => getComputedStyle(widget, '::after').content)).toBe('"I\'m not a robot"');
    await page.getByLabel('Email').focus();
    await checkbox.waitFor();
    expect(scripts.length).toBe(loadedAtStart + 1);
    await expectNoSeriousAxeViolations(page, 'Login');

    await page.goto('/sign-up');
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Sharma');
    await page.getByLabel('Work email').fill('priya@gmail.com');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Only work emails are allowed. Submit your request here').isVisible()).toBe(true);
    expect(page.url()).toContain('/sign-up');
    await expectNoSeriousAxeViolations(page, 'Sign up refusing a gmail address');

    await page.getByLabel('Work email').fill('priya@acme-finance.in');
    await page.getByRole('button', { name: 'Next' }).click();
    await arriveAt(page, '**/email-verification');
    await page.getByText('priya@acme-finance.in').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'Email verification sent');

    await page.goto(await portal.linkMailedTo('priya@acme-finance.in'));
    await arriveAt(page, '**/create-password?**');
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    expect(await next.isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'Create password with a weak password');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await page.getByText('Your Password is generated. Login again to get in action.').waitFor();
    await expectNoSeriousAxeViolations(page, 'Password created');
    await page.getByRole('button', { name: 'Go To Login' }).click();
    await arriveAt(page, '**/login');

    await login(page, 'priya@acme-finance.in');
    await arriveAt(page, '**/onboarding/create-org');
    await page.getByText('Welcome, Priya').waitFor();
    await expectNoSeriousAxeViolations(page, 'Create organisation');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      email: localStorage.getItem('email'),
      firstname: localStorage.getItem('firstname'),
    }));
    expect(stored.token).toMatch(/^[\w-]{43}$/);
    expect(stored).toMatchObject({ email: 'priya@acme-finance.in', firstname: 'Priya' });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('priya@acme-finance.in').last().waitFor();
    await expectNoSeriousAxeViolations(page, 'the account menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await arriveAt(page, '**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/onboarding/create-org');
    await arriveAt(page, (url) => url.pathname === '/login');
    expect(tab.errors).toEqual([]);
  });

  it("shows the captcha's checkbox when its box is touched before the captcha's code has arrived", async () => {
    const page = await freshTab();
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    const checkbox = page.locator('altcha-widget input[type="checkbox"]');
    expect(await checkbox.count()).toBe(0);
    await page.locator('altcha-widget').click();
    await checkbox.waitFor();
    await solveCaptcha(page);
    expect(await checkbox.isChecked()).toBe(true);
    expect(tab.errors).toEqual([]);
  });

  it('shows the error and resets the captcha after a wrong password', async () => {
    const page = await freshTab();
    await register(page, portal, 'wrong.password@acme-finance.in');
    await login(page, 'wrong.password@acme-finance.in', 'Wrong!Pass1');
    await page.getByText('Invalid email or password').waitFor();
    await expect.poll(() => page.locator('altcha-widget input[type="checkbox"]').isChecked()).toBe(false);
    await expectNoSeriousAxeViolations(page, 'Login refusing a wrong password');
    expect(page.url()).toContain('/login');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await arriveAt(page, '**/onboarding/create-org');
  });

  it('recovers a forgotten password: the new one works, the old one fails', async () => {
    const page = await freshTab();
    const email = 'forgetful@acme-finance.in';
    await register(page, portal, email);
    const before = (await portal.messagesTo(email)).length;
    await page.goto('/forgot-password');
    await page.getByLabel('Email').waitFor();
    await expectNoSeriousAxeViolations(page, 'Forgot password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(`We have sent you an email on ${email}`).waitFor();
    await expectNoSeriousAxeViolations(page, 'Reset link sent');
    const link = await portal.linkMailedTo(email, before);
    await page.goto(link);
    await arriveAt(page, '**/create-password?reset_token=**');
    await page.getByLabel('Password', { exact: true }).fill('N3w!Secret');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Your Password has been Reset Successfully').waitFor();
    await expectNoSeriousAxeViolations(page, 'Password reset');

    await login(page, email, PASSWORD);
    await page.getByText('Invalid email or password').waitFor();
    await login(page, email, 'N3w!Secret');
    await arriveAt(page, '**/onboarding/create-org');

    await page.goto(link);
    await arriveAt(page, '**/password-reset-link-expiry');
    await page.getByRole('button', { name: 'Resend Link' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'Reset link expired');
    await page.getByRole('button', { name: 'Resend Link' }).click();
    await page.getByLabel('Registered Email').waitFor();
    await expectNoSeriousAxeViolations(page, 'Resend the reset link');
    await page.getByLabel('Registered Email').fill(email);
    await page.getByRole('button', { name: 'Resend Link' }).click();
    await arriveAt(page, '**/password-reset-link-success');
    await page.getByText('We have sent you the Reset link on your email. Please check your Inbox.').waitFor();
    await expectNoSeriousAxeViolations(page, 'Reset link sent again');
    await page.getByRole('button', { name: 'Redirect to Login' }).click();
    await arriveAt(page, '**/login');
  });

  it('says an activation link opened again after verifying is done with, and offers sign-in instead of a new link', async () => {
    const page = await freshTab();
    const email = 'verified.twice@acme-finance.in';
    await register(page, portal, email);
    await page.goto(await portal.linkMailedTo(email));
    await arriveAt(page, '**/email-verification-failed?outcome=already-verified');
    await page.getByRole('heading', { name: 'Email already verified' }).waitFor();
    await page.getByText('Your email is already verified. Sign in with your email and password.').waitFor();
    await expectNoSeriousAxeViolations(page, 'Email already verified');
    expect(await page.getByText('Activation Link Expired').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await arriveAt(page, '**/login');
  });

  it('sends a replaced activation link to the expiry screen, whose Resend Link leads to the sent screen', async () => {
    const page = await freshTab();
    const email = 'used.link@acme-finance.in';
    await signUp(page, email);
    const replaced = await portal.linkMailedTo(email);
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await portal.linkMailedTo(email, 1);
    await page.goto(replaced);
    await arriveAt(page, '**/email-verification-failed');
    await page.getByText('Activation Link Expired').waitFor();
    await expectNoSeriousAxeViolations(page, 'Activation link expired');
    await page.getByRole('button', { name: 'Resend Link' }).click();
    await page.getByLabel('Registered Email').fill('used.link@gmail.com');
    await page.getByRole('button', { name: 'Resend Link' }).click();
    await page.getByText('Only work emails are allowed').waitFor();
    await expectNoSeriousAxeViolations(page, 'Resend the activation link refusing a gmail address');
    await page.getByLabel('Registered Email').fill(email);
    await page.getByRole('button', { name: 'Resend Link' }).click();
    await arriveAt(page, '**/resend-email-success');
    await page.getByText('We have sent you the activation link on your email. Please check your Inbox.').waitFor();
    await expectNoSeriousAxeViolations(page, 'Activation link sent again');
    await page
      .getByRole('link', { name: 'Sign up' })
      .or(page.getByRole('button', { name: 'Redirect to Login' }))
      .first()
      .waitFor();
  });

  it('removes Resend Email once three resends are spent', async () => {
    const page = await freshTab();
    const email = 'impatient@acme-finance.in';
    await signUp(page, email);
    const resend = page.getByRole('button', { name: 'Resend Email' });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await resend.click();
      await expect.poll(() => portal.messagesTo(email).then((messages) => messages.length)).toBe(attempt + 1);
    }
    await page.getByText('You have exhausted the number of retries for email verification').waitFor();
    await expectNoSeriousAxeViolations(page, 'Email verification with the resends spent');
    expect(await resend.count()).toBe(0);
  });

  it('shows PAGE NOT FOUND for an unknown path', async () => {
    const page = await freshTab();
    await page.goto('/no/such/page');
    await page.getByText('PAGE NOT FOUND').waitFor();
    await page.getByText('404 Error Occurred').waitFor();
    await page
      .getByRole('button', { name: 'Go To Dashboard' })
      .or(page.getByRole('link', { name: 'Go To Dashboard' }))
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'Page not found');
  });

  it('changes the password from the avatar menu', async () => {
    const page = await freshTab();
    const email = 'changer@acme-finance.in';
    await register(page, portal, email);
    await login(page, email);
    await arriveAt(page, '**/onboarding/create-org');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByLabel('New Password').fill('Chang3d!Pw');
    await dialog.getByLabel('Confirm Password').fill('Chang3d!Px');
    await dialog.getByRole('button', { name: /change password|submit|save/i }).click();
    await dialog.getByText('Confirm Password does not match').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Change Password dialog with passwords that differ');
    await dialog.getByLabel('Confirm Password').fill('Chang3d!Pw');
    await dialog.getByRole('button', { name: /change password|submit|save/i }).click();
    await page.getByText('Your Password has been changed successfully').waitFor();
    await expectNoSeriousAxeViolations(page, 'a success toast');
  });
});

describe('the idle timeout', () => {
  let shortPortal: Portal;
  beforeAll(async () => {
    shortPortal = await startPortal({ SESSION_IDLE_MS: '4000' });
  });
  afterAll(() => shortPortal?.stop());

  it('signs an idle user out to /login', async () => {
    const idle = await openTab(browser, shortPortal.url);
    const page = idle.page;
    await register(page, shortPortal, 'idle@acme-finance.in');
    await login(page, 'idle@acme-finance.in');
    await arriveAt(page, '**/onboarding/create-org');
    await arriveAt(page, '**/login', 15_000);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await idle.context.close();
  });
});
