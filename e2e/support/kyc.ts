import type { Page } from 'playwright-core';
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
