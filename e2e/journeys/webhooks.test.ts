import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MESSAGES } from '@verigate/contracts';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { generateTestKey, onboardWithProduct, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { PHONE, sidewaysScroll, tooWide } from '../support/phone.js';
import { startPortal, type Portal } from '../support/portal.js';

const EMAIL = 'meera@acme-payments.in';
/** Deliveries are sent by a job queue that polls each second: wait that long, and some. */
const DELIVERED = { timeout: 15_000, interval: 200 };
/** Set to a folder to keep screenshots of the screen at both widths (to look at, not compared). */
const SCREENSHOTS = process.env.PHONE_SCREENSHOTS;
const screenshot = async (name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `webhooks-${name}.png`), fullPage: true });
};

/** What the receiver was sent: each request's headers and body, in order. */
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let receiver: Server;
let hookUrl: string;
let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;
let secret: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/verigate`;
  // The receiver runs on this machine: private addresses are allowed as in development.
  portal = await startPortal({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url);
  page = tab.page;
  await shortenOnboardingWaits(page);
  await onboardWithProduct(page, portal, EMAIL, 'Meera', 'PAN Lite');
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The receiver's requests from the `from`th on, verified with the secret, as a receiver would: a forged or altered one throws. */
const verified = (from = 0) =>
  received.slice(from).map(({ headers, body }) => ({
    id: headers['webhook-id'],
    message: new Webhook(secret).verify(body, headers as Record<string, string>) as { type: string; data: Record<string, unknown> },
  }));

describe('webhooks in the browser', () => {
  it('adds an endpoint from the sidebar and shows its signing secret once', async () => {
    await page.goto('/application/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await arriveAt(page, '**/application/webhooks');
    await page.getByText('No endpoints yet').waitFor();
    await expectNoSeriousAxeViolations(page, 'the webhooks screen');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText(WEBHOOK_MESSAGES.eventsRequired).waitFor();
    await dialog.getByLabel('Endpoint URL').fill('ftp://example.com/hooks');
    await dialog.getByRole('checkbox', { name: /key\.created/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText(WEBHOOK_MESSAGES.urlInvalid).waitFor();
    await dialog.getByLabel('Endpoint URL').fill(hookUrl);
    await dialog.getByLabel('Description (optional)').fill('Loan origination <system>');
    await expectNoSeriousAxeViolations(page, 'the add endpoint dialog');
    await screenshot('add-endpoint');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Your signing secret' });
    secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: hookUrl });
    await row.getByText('Enabled').waitFor();
    await row.getByText('Loan origination <system>').waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('sends a test event that the receiver verifies, and shows it delivered in the log with its attempt', async () => {
    await page.getByRole('row').filter({ hasText: hookUrl }).getByRole('button', { name: 'Send test event' }).click();
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    const delivery = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await delivery.getByText('Delivered').waitFor();
    await expect.poll(() => received.length, DELIVERED).toBe(1);
    const [first] = verified();
    expect(first!.message.type).toBe('webhook.test');
    expect(first!.id).toMatch(/^msg_/);

    await delivery.getByRole('button', { name: /^Attempts of webhook\.test/ }).click();
    const attempts = page.getByRole('group', { name: `Attempts of event ${first!.id}` });
    await attempts.getByText('HTTP 200').waitFor();
    await attempts.getByText('{"received":true}').waitFor();
    await screenshot('desktop');
    await expectNoSeriousAxeViolations(page, 'the delivery log');
  });

  it('resends the event with the same webhook-id, which the receiver deduplicates on', async () => {
    await page
      .getByRole('button', { name: /^Resend webhook\.test/ })
      .first()
      .click();
    await expect.poll(() => received.length, DELIVERED).toBe(2);
    const [first, again] = verified();
    expect(again!.id).toBe(first!.id);
    expect(again!.message).toEqual(first!.message);
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    await expect.poll(() => log.getByText('Delivered').count()).toBeGreaterThanOrEqual(1);
    expect(tab.errors).toEqual([]);
  });

  it('rolls the secret with an overlap: the next delivery carries a signature by each, and the new secret verifies it', async () => {
    const row = page.getByRole('row').filter({ hasText: hookUrl });
    await row.getByRole('button', { name: `More actions for ${hookUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Roll secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll secret' });
    await dialog.getByRole('radio', { name: 'In 1 hour' }).check();
    await dialog.getByRole('button', { name: 'Roll secret' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new signing secret' });
    await shown.getByText(/each delivery is signed with both secrets/).waitFor();
    const previous = secret;
    secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(previous);
    await shown.getByRole('button', { name: 'Done' }).click();

    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received.length, DELIVERED).toBe(3);
    const latest = received.at(-1)!;
    expect(String(latest.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const key of [secret, previous])
      expect(new Webhook(key).verify(latest.body, latest.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });
  });

  it('sends key.created when a key is made, and a replay of today sends it again with the same webhook-id', async () => {
    const start = received.length;
    await page.goto('/application/dashboard');
    const { appId, apiKey } = await generateTestKey(page);
    await expect.poll(() => verified(start).filter(({ message }) => message.type === 'key.created').length, DELIVERED).toBe(1);
    const created = verified(start).find(({ message }) => message.type === 'key.created')!;
    expect(created.message.data).toMatchObject({ app_id: appId });
    expect(JSON.stringify(created.message)).not.toContain(apiKey);

    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    const before = received.length;
    await page.getByRole('button', { name: `More actions for ${hookUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Replay events' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay events' });
    const today = new Date();
    const todayLabel = `${today.getDate()} ${today.toLocaleString('en-GB', { month: 'long' })} ${today.getFullYear()}`;
    await dialog.getByRole('button', { name: 'Days' }).click();
    await page.getByRole('button', { name: todayLabel, exact: true }).click();
    await page.getByRole('button', { name: todayLabel, exact: true }).click();
    await dialog.getByRole('button', { name: 'Replay' }).click();
    const toast = page.getByText(/^\d+ events? (is|are) being sent again$/);
    const replayed = Number(/^(\d+)/.exec((await toast.textContent())!)![1]);
    expect(replayed).toBeGreaterThanOrEqual(1);
    await expect.poll(() => received.length, DELIVERED).toBe(before + replayed);
    expect(verified(before).map(({ id }) => id)).toContain(created.id);
  });

  it('fits a phone: the tables scroll inside their cards, the page does not scroll sideways', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('table', { name: 'Webhook endpoints' }).waitFor();
    await screenshot('phone');
    expect({ scroll: await sidewaysScroll(page), tooWide: await tooWide(page) }).toEqual({ scroll: 0, tooWide: [] });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
