import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { emailMessages, MEMBER_MESSAGES, PERMISSION_MESSAGES } from '@verigate/contracts';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { login, PASSWORD } from '../support/auth-steps.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { storedValue } from '../support/kyc.js';
import { onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { PHONE, sidewaysScroll, tooWide } from '../support/phone.js';
import { startPortal, type Portal } from '../support/portal.js';

const OWNER = 'meera@acme-payments.in';
const INVITEE = 'ravi@acme-payments.in';
/** Set to a folder to keep screenshots of the Team screen at both widths (to look at, not compared). */
const SCREENSHOTS = process.env.PHONE_SCREENSHOTS;

let portal: Portal;
let browser: Browser;
let owner: Tab;
let member: Tab;
let invitationPath: string;

const screenshot = async (page: Page, name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `teams-${name}.png`), fullPage: true });
};

/** A call to the customer API with the token of the user signed in on `page`, acting for their stored organisation. */
async function callAs(page: Page, method: string, apiPath: string, body?: unknown) {
  const response = await fetch(`${portal.url}/api${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${await storedValue(page, 'token')}`,
      'x-org-id': await storedValue(page, 'organisation_id'),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; err?: any } };
}

const sidebarLabels = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  owner = await openTab(browser, portal.url, { width: 1366, height: 900 });
  await shortenOnboardingWaits(owner.page);
  await onboardWithProduct(owner.page, portal, OWNER, 'Meera', 'PAN Lite');
  member = await openTab(browser, portal.url);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('a team in the browser', () => {
  it('lets the owner invite a work email as Viewer from the Team screen, refusing a free-mail address first', async () => {
    const page = owner.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await arriveAt(page, '**/application/team');
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('row').filter({ hasText: OWNER }).getByText('Owner').waitFor();
    await page.getByText('No pending invitations.').waitFor();

    const form = page.getByRole('form', { name: 'Invite a member' });
    await form.getByLabel('Work email').fill('ravi@gmail.com');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form.getByText(emailMessages.workEmail).waitFor();
    await form.getByLabel('Work email').fill(INVITEE);
    await form.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(MEMBER_MESSAGES.invited(INVITEE)).waitFor();
    const pending = page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: INVITEE });
    await pending.getByText('Viewer').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Team screen');

    const link = await portal.linkMailedTo(INVITEE);
    invitationPath = new URL(link).pathname;
    expect(invitationPath).toMatch(/^\/invitation\/[A-Za-z0-9_-]{16,}$/);
  });

  it('brings the invitee from the link through sign-up, email verification and sign-in back to the invitation, and joins as Viewer', async () => {
    const page = member.page;
    await page.goto(invitationPath);
    await page.getByRole('heading', { name: 'Join Acme Finance' }).waitFor();
    const details = page.getByRole('table', { name: 'The invitation' });
    await details.getByText('Viewer').waitFor();
    await details.getByText(INVITEE).waitFor();
    await expectNoSeriousAxeViolations(page, 'the invitation page');

    const mailed = (await portal.messagesTo(INVITEE)).length;
    await page.getByRole('link', { name: 'Sign up' }).click();
    await arriveAt(page, '**/sign-up');
    await page.getByLabel('First name').fill('Ravi');
    await page.getByLabel('Last name').fill('Kumar');
    await page.getByLabel('Work email').fill(INVITEE);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await arriveAt(page, '**/email-verification');
    await page.goto(await portal.linkMailedTo(INVITEE, mailed));
    await arriveAt(page, '**/create-password?**');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Your Password is generated. Login again to get in action.').waitFor();

    await login(page, INVITEE);
    await arriveAt(page, `**${invitationPath}`);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await arriveAt(page, '**/application/dashboard');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Team' }).waitFor();
    await nav.getByRole('link', { name: 'Webhooks' }).waitFor({ state: 'detached' });
    expect(await sidebarLabels(page)).toEqual(['Overview', 'Usage', 'API Logs', 'Apps', 'Products', 'Team']);
  });

  it("shows a used link as used, and keeps the Viewer's app controls disabled with the role's reason", async () => {
    const page = member.page;
    await page.goto(invitationPath);
    await page.getByText(MEMBER_MESSAGES.invitationUsed).waitFor();

    await page.goto('/application/manage-apps');
    const newApp = page.getByRole('button', { name: 'New App' });
    await newApp.waitFor();
    await expect.poll(() => newApp.isDisabled()).toBe(true);
    await page.getByRole('article', { name: 'Test App' }).getByRole('link', { name: 'More info' }).click();
    const addKey = page.getByRole('button', { name: 'Add Key' });
    await addKey.waitFor();
    await expect.poll(() => addKey.isDisabled()).toBe(true);
    // The wrapper of the disabled control carries the reason (its tooltip, and the note phones show).
    const reason = await addKey.locator('xpath=..').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe('Not allowed for your role (Viewer)');
  });

  it("refuses the Viewer's hand-made POST /api/app with 403 and the role's message, and creates no app", async () => {
    const before = await callAs(owner.page, 'GET', '/app?page=apps');
    const refused = await callAs(member.page, 'POST', '/app', { name: 'Side door' });
    expect(refused.status).toBe(403);
    expect(refused.body.err).toMatchObject({ code: 'forbidden', message: PERMISSION_MESSAGES.refused('viewer') });
    const after = await callAs(owner.page, 'GET', '/app?page=apps');
    expect(after.body.data).toHaveLength(before.body.data.length);
    expect(JSON.stringify(after.body.data)).not.toContain('Side door');
    // The refusal is the role's: the member stays signed in.
    await member.page.reload();
    await member.page.getByRole('button', { name: 'Add Key' }).waitFor();
    expect(member.page.url()).toContain('/application/manage-apps/');
  });

  it('lets the owner make the Viewer a Developer, after which the member can add a key', async () => {
    const page = owner.page;
    await page.reload();
    const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: INVITEE });
    await row.getByRole('textbox', { name: 'Role of Ravi Kumar' }).click();
    await page.getByRole('option', { name: 'Developer' }).click();
    await page.getByText('Ravi Kumar is now Developer').waitFor();
    await page.getByText('No pending invitations.').waitFor();
    await screenshot(page, 'desktop');

    await member.page.reload();
    const addKey = member.page.getByRole('button', { name: 'Add Key' });
    await addKey.waitFor();
    await expect.poll(() => addKey.isDisabled()).toBe(false);
    await addKey.click();
    await member.page.getByRole('dialog', { name: 'Add Key' }).waitFor();
    expect(await sidebarLabels(member.page)).toEqual(['Overview', 'Usage', 'API Logs', 'Apps', 'Products', 'Trial Center', 'Team']);
  });

  it('fits a phone: the members table scrolls inside its card, the page does not scroll sideways', async () => {
    const page = owner.page;
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('table', { name: 'Members' }).waitFor();
    await screenshot(page, 'phone');
    expect({ scroll: await sidewaysScroll(page), tooWide: await tooWide(page) }).toEqual({ scroll: 0, tooWide: [] });
    expect(owner.errors).toEqual([]);
  });
});
