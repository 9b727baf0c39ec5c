import type { Page } from 'playwright-core';
import { runAdmin } from './admin-cli.js';
import type { Portal } from './portal.js';

/** A value the portal keeps in the signed-in browser's local storage (token, organisation_id, ...). */
export const storedValue = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key) as Promise<string>;

/** The signed-in user's KYC upload through the customer API (the activation form journey covers it in the browser). */
export async function uploadKyc(page: Page, portal: Portal, authorName: string): Promise<void> {
  const form = new FormData();
  const fields = { bankAccountNumber: '123456789012', gstinNumber: '27ABCDE1234F1Z5', ifsc: 'HDFC0001234', authorName, designation: 'Director' };
  for (const [name, value] of Object.entries({ ...fields, registrationDocumentType: 'CIN' })) form.append(name, value);
  const pdf = new Blob(['%PDF-1.4\n% KYC document\n%%EOF\n'], { type: 'application/pdf' });
  form.append('gstinCertificate', pdf, 'gstin.pdf');
  form.append('registrationDocument', pdf, 'cin.pdf');
  const response = await fetch(`${portal.url}/api/organisation/${await storedValue(page, 'organisation_id')}/kyc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await storedValue(page, 'token')}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`the KYC upload answered ${response.status}`);
}

/** The signed-in user's own call to the customer API, for the steps other journeys cover in the browser. */
async function customerApi(page: Page, portal: Portal, method: string, path: string, body?: unknown) {
  const response = await fetch(`${portal.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await storedValue(page, 'token')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: any }).data;
}

/**
 * KYC, activation, the Lite plan and the operator's record of its transfer (₹10,000 + 18% GST): the organisation
 * becomes fully onboarded (Billing, Batch Service and New App open up). Needs the test key made.
 */
export async function completeOnboarding(page: Page, portal: Portal, adminToken: string, signatory: string, utr: string) {
  const organisationId = await storedValue(page, 'organisation_id');
  await uploadKyc(page, portal, signatory);
  await customerApi(page, portal, 'POST', '/events?action=account_activation_request');
  await runAdmin(portal.url, adminToken, ['activate', organisationId]);
  const plans = (await customerApi(page, portal, 'GET', '/plan')) as { _id: string; plan_name: string }[];
  await customerApi(page, portal, 'PUT', `/organisation/${organisationId}?action=org_plan_subscribe`, {
    planId: plans.find((plan) => plan.plan_name === 'Lite')!._id,
  });
  await runAdmin(portal.url, adminToken, ['record-transfer', organisationId, '11800', utr]);
}
