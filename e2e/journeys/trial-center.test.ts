import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { exampleValue, isHiddenFromTrial, productByArn, products, type ProductDefinition } from '@verigate/catalog';
import { SEED_MESSAGE_CASES } from '@verigate/catalog/testing';
import { expectNoSeriousAxeViolations } from '../support/accessibility.js';
import { arriveAt, launchBrowser, openTab, type Tab } from '../support/browser.js';
import { login, register } from '../support/auth-steps.js';
import { createOrganisation, shortenOnboardingWaits } from '../support/onboarding-steps.js';
import { startPortal, type Portal } from '../support/portal.js';
import { fillField, fillWithExamples, firstTextField, labelled } from '../support/trial-forms.js';

const ADMIN_TOKEN = 'e2e-trial-operator-token-0123456789';
const EMAIL = 'kiran@acme-finance.in';
const RESEND_LOCK_MS = 1500;
/** Every product the Trial Center lists (seed 001 §7 hides the others). */
const VISIBLE = products.filter((product) => !isHiddenFromTrial(product));
/**
 * axe takes seconds a run, so the answered trial forms are checked once per distinct set of form
 * controls: the forms are built from the same components, and what differs is which ones a
 * product's fields use.
 */
const AXE_CHECKED = new Set([
  ...new Map(VISIBLE.map((product) => [[...new Set(product.operations[0]!.fields.map((field) => field.form.control))].sort().join(' '), product.arn])).values(),
]);
const HIDDEN_SUBSCRIBED = productByArn('in_identity_pan_mini')!;
/** Requested, never approved: the pending notice names it. */
const AWAITING = productByArn('in_identity_aadhaar_pro')!;

let portal: Portal;
let browser: Browser;
let tab: Tab;
let page: Page;

/** Subscribes through the customer API with the page's session; an operator approves those that need it, but `leavePending`. */
async function subscribeAll(arns: string[], leavePending: string[]) {
  const { token, organisationId } = await page.evaluate(() => ({
    token: localStorage.getItem('token')!,
    organisationId: localStorage.getItem('organisation_id')!,
  }));
  const subscribed = await fetch(`${portal.url}/api/organisation/${organisationId}?action=org_product_subscribe`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productIds: arns }),
  });
  const results = ((await subscribed.json()) as { data: Array<{ status: string; product: { arn: string } }> }).data;
  for (const result of results.filter((item) => item.status === 'PENDING_APPROVAL' && !leavePending.includes(item.product.arn))) {
    const approved = await fetch(`${portal.url}/api/admin/product-requests/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-operator': 'e2e.operator', 'content-type': 'application/json' },
      body: JSON.stringify({ organisationId, arn: result.product.arn }),
    });
    expect(approved.status).toBe(200);
  }
}

beforeAll(async () => {
  portal = await startPortal({ ADMIN_TOKEN });
  browser = await launchBrowser();
  tab = await openTab(browser, portal.url);
  page = tab.page;
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
  await shortenOnboardingWaits(page);
  await page.addInitScript((lockMs) => {
    const timing = (window as unknown as { __VERIGATE_TIMING__: Record<string, number> }).__VERIGATE_TIMING__;
    Object.assign(timing, { trialResendLockMs: lockMs });
  }, RESEND_LOCK_MS);
  await register(page, portal, EMAIL, 'Kiran');
  await login(page, EMAIL);
  await createOrganisation(page, 'Acme Finance');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await arriveAt(page, '**/application/dashboard', 20_000);
  await subscribeAll([...VISIBLE.map((product) => product.arn), HIDDEN_SUBSCRIBED.arn, AWAITING.arn], [AWAITING.arn]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trial Center' }).click();
  await arriveAt(page, '**/application/trial-center');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const card = (name: string) => page.getByRole('article', { name, exact: true });
const dialog = () => page.getByRole('dialog');
const runButton = () => dialog().getByRole('button', { name: 'Run Verification' });
const responseJson = () => dialog().getByLabel('Response JSON');
const consent = () => dialog().getByRole('checkbox', { name: /I hereby give my consent/ });

async function openTrial(product: ProductDefinition) {
  if (await dialog().isVisible()) await closeTrial();
  await card(product.name).getByRole('button', { name: 'Run Trial' }).click();
  await dialog()
    .getByRole('heading', { name: `Running Trial on ${product.name}` })
    .waitFor();
  await dialog().getByText('Fill in the below details to run verification').waitFor();
}

async function closeTrial() {
  await dialog().getByRole('button', { name: 'Close' }).click();
  await dialog().waitFor({ state: 'hidden' });
}

/** Closes the tabs a hosted flow opened: a page left in the background would have its timers throttled. */
async function backToPortal() {
  for (const other of tab.context.pages()) if (other !== page) await other.close();
  await page.bringToFront();
}

async function credits(product: ProductDefinition): Promise<number> {
  return Number(
    await card(product.name)
      .getByLabel(/^Available Trial Credits/)
      .textContent(),
  );
}

/** A seed message the form shows for a value typed in one of its text fields, or the consent message. */
function brokenInput(product: ProductDefinition): { field?: string; value?: string; message: string } {
  const operation = product.operations[0]!;
  const field = firstTextField(operation);
  const seedCase = SEED_MESSAGE_CASES.find(
    (item) => item.arn === product.arn && !item.aadhaar && (item.action ?? operation.action) === operation.action && item.path === `data.${field?.name}`,
  );
  if (field && seedCase) return { field: field.label, value: typeof seedCase.value === 'string' ? seedCase.value : '', message: seedCase.message };
  if (field) return { field: field.label, value: '', message: field.requiredMessage };
  return { message: product.form.consentMessage };
}

const typeInto = (scope: Locator, label: string, value: string) => scope.getByRole('textbox', { name: labelled(label) }).fill(value);

describe('the Trial Center in the browser', () => {
  it('lists the subscribed products with their trial credits, without the hidden names, and the Browse Products card', async () => {
    await card(VISIBLE[0]!.name).waitFor();
    expect(await page.getByRole('article').count()).toBe(VISIBLE.length);
    expect(await card(HIDDEN_SUBSCRIBED.name).count()).toBe(0);
    expect(await credits(productByArn('in_identity_pan_lite')!)).toBe(100);
    await page.getByRole('link', { name: 'Browse Products' }).waitFor();
    await page.getByRole('note').getByText(`${AWAITING.name} is awaiting approval`, { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the Trial Center');
  });

  it.each(VISIBLE.map((product) => [product.name, product] as const))(
    '%s: a broken input shows the seed message; the example is answered with JSON that Copy puts on the clipboard',
    async (_name, product) => {
      await openTrial(product);
      const operation = product.operations[0]!;
      await fillWithExamples(dialog(), operation.fields);
      const broken = brokenInput(product);
      if (broken.field) {
        await typeInto(dialog(), broken.field, broken.value!);
        await consent().check();
      }
      await (product.flow?.kind === 'otp' ? dialog().getByRole('button', { name: 'Send Otp' }) : runButton()).click();
      await dialog().getByText(broken.message, { exact: true }).first().waitFor();
      expect(await responseJson().count()).toBe(0);

      const textField = firstTextField(operation);
      if (broken.field && textField) await fillField(dialog(), textField, exampleValue(textField));
      await consent().check();
      if (product.flow?.kind === 'otp') {
        await dialog().getByRole('button', { name: 'Send Otp' }).click();
        await dialog().getByRole('button', { name: 'Resend Otp' }).waitFor();
        await typeInto(dialog(), 'OTP', '123456');
      }
      await runButton().click();
      const answered = product.flow?.kind === 'otp' ? '"verified": true' : '"response_code": 100';
      await expect
        .poll(async () => ((await responseJson().count()) > 0 ? await responseJson().textContent() : await dialog().textContent()), { interval: 100 })
        .toContain(answered);
      if (AXE_CHECKED.has(product.arn)) await expectNoSeriousAxeViolations(page, `the ${product.name} trial with its answer`);

      await dialog().getByRole('button', { name: 'Copy' }).click();
      await dialog().getByRole('button', { name: 'Copied' }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(JSON.parse(copied)).toEqual(JSON.parse((await responseJson().textContent())!));
      await closeTrial();
      await backToPortal();
    },
  );

  it('the credits count goes down by one trial', async () => {
    const panLite = productByArn('in_identity_pan_lite')!;
    const before = await credits(panLite);
    await openTrial(panLite);
    await fillWithExamples(dialog(), panLite.operations[0]!.fields);
    await consent().check();
    await runButton().click();
    await responseJson().waitFor();
    await closeTrial();
    await expect.poll(() => credits(panLite)).toBe(before - 1);
  });

  it('a mobile OTP: the OTP field appears once sent, Resend Otp stays locked, editing the number hides it again', async () => {
    const mobileOtp = productByArn('in_contact_mobile_otp')!;
    await openTrial(mobileOtp);
    const otpBox = dialog().getByLabel(/^OTP/);
    expect(await otpBox.count()).toBe(0);
    await typeInto(dialog(), 'Mobile number', '9876541234');
    await consent().check();
    await dialog().getByRole('button', { name: 'Send Otp' }).click();
    const resend = dialog().getByRole('button', { name: 'Resend Otp' });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await otpBox.waitFor();
    await expectNoSeriousAxeViolations(page, 'the mobile OTP trial with the OTP sent');
    await expect.poll(() => resend.isDisabled(), { timeout: RESEND_LOCK_MS + 3000 }).toBe(false);

    await typeInto(dialog(), 'Mobile number', '9876541235');
    await otpBox.waitFor({ state: 'detached' });
    expect(await runButton().isDisabled()).toBe(true);

    await dialog().getByRole('button', { name: 'Send Otp' }).click();
    await otpBox.fill('12345');
    await runButton().click();
    const otpMessage = dialog().getByText('Please enter a valid OTP', { exact: true });
    await otpMessage.waitFor();
    await otpBox.fill('123456');
    await otpMessage.waitFor({ state: 'detached' });
    await runButton().click();
    await expect.poll(async () => (await responseJson().textContent()) ?? '').toContain('"verified": true');
    await closeTrial();
  });

  it('face liveness opens its page in a new tab, and Fetch Response reads the outcome', async () => {
    const liveness = productByArn('in_face_liveness_lite')!;
    await openTrial(liveness);
    expect(await dialog().getByRole('button', { name: 'Fetch Response' }).count()).toBe(0);
    await consent().check();
    const opened = tab.context.waitForEvent('page');
    await runButton().click();
    const livenessPage = await opened;
    await livenessPage.waitForLoadState();
    expect(livenessPage.url()).toMatch(/\/sandbox\/session\/[0-9a-f-]{36}$/);
    await livenessPage.getByRole('button', { name: 'I am a live person' }).click();
    await livenessPage.waitForLoadState();
    await backToPortal();
    await dialog().getByRole('button', { name: 'Fetch Response' }).click();
    await expect.poll(async () => (await responseJson().textContent()) ?? '').toContain('"is_live": true');
    await closeTrial();
  });

  it('e-sign opens the viewer of the first signer in a new tab', async () => {
    const esign = productByArn('in_contract_esign_aadhaar')!;
    await openTrial(esign);
    await fillWithExamples(dialog(), esign.operations[0]!.fields);
    await consent().check();
    const opened = tab.context.waitForEvent('page');
    await runButton().click();
    const viewer = await opened;
    await viewer.waitForLoadState();
    const json = JSON.parse((await responseJson().textContent())!);
    expect(viewer.url()).toBe(json.result.requests[0].signing_url);
    await viewer.getByRole('button', { name: 'Sign with Aadhaar OTP' }).waitFor();
    await backToPortal();
    await closeTrial();
  });

  it('e-stamp: the notice, the article disabled until a branch is chosen, then that branch’s articles', async () => {
    const estamp = productByArn('in_contract_estamp_lite')!;
    await openTrial(estamp);
    await dialog().getByText('A dummy Estamp is generated for testing purpose. The dummy Estamp generated on trail center is NOT legally valid').waitFor();
    const article = dialog().getByLabel(/^Article/);
    expect(await article.isDisabled()).toBe(true);
    await dialog().getByText('Please select branch name first').waitFor();
    await expectNoSeriousAxeViolations(page, 'the e-stamp trial');
    await dialog()
      .getByLabel(/^Branch/)
      .selectOption('MH');
    await expect.poll(() => article.isDisabled()).toBe(false);
    expect(await article.locator('option').allTextContents()).toContain('Article 36 - Lease');
    await dialog()
      .getByLabel(/^Branch/)
      .selectOption('DL');
    await expect.poll(async () => article.locator('option').allTextContents()).toContain('Article 35 - Lease');
    await closeTrial();
  });

  it('the test app links to the Trial Center', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
    await page.getByRole('article', { name: 'Test App' }).getByRole('link', { name: 'Trial' }).click();
    await arriveAt(page, '**/application/trial-center');
    await card(VISIBLE[0]!.name).waitFor();
    expect(tab.errors).toEqual([]);
  });
});
