import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { withGst } from '@verigate/contracts';
import { invoices, kycSubmissions, memberships, payments } from '../../db/schema.js';
import {
  activatedCustomer,
  billingEnv,
  CUSTOMERS,
  KYC_FIELDS,
  payPlan,
  planIdByCode,
  recordTransfer,
  subscribe,
  type Activated,
} from '../../test/billing-support.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { financialYearOf } from './gst.js';

const run = promisify(execFile);

let server: TestServer;
/** In Maharashtra (GSTIN 27…), supplied from Karnataka (the default PROVIDER_STATE_CODE 29): IGST. */
let interState: Activated;
/** In Karnataka, like the provider: CGST + SGST. */
let intraState: Activated;
let stranger: Activated;
/** Pays its plan in the next financial year. */
let latecomer: Activated;
let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'invoices-'));
  server = await createTestServer(billingEnv({ DEV_MAILBOX: 'true' }));
  interState = await activatedCustomer(server, CUSTOMERS[0]!, { name: 'Acme & Sons (India) Pvt. Ltd.', trade_name: 'Acme' });
  intraState = await activatedCustomer(
    server,
    CUSTOMERS[1]!,
    { name: 'Bengaluru Checks Pvt Ltd', trade_name: 'BChecks' },
    {
      ...KYC_FIELDS,
      gstinNumber: '29BCDEF2345G1Z6',
    },
  );
  stranger = await activatedCustomer(server, CUSTOMERS[2]!, { name: 'Other Company', trade_name: 'Other Company' });
  latecomer = await activatedCustomer(server, CUSTOMERS[3]!, { name: 'Latecomer Labs Pvt Ltd', trade_name: 'Latecomer' });
});
afterAll(async () => {
  await server.close();
  await rm(workDir, { recursive: true, force: true });
});

const list = (who: Activated) => server.request('GET', '/api/invoices', { token: who.token });
const download = (who: Activated, id: string) => server.request('GET', `/api/invoices/${id}/pdf`, { token: who.token });

async function pdfTextOf(content: Buffer): Promise<string> {
  const file = path.join(workDir, `${randomUUID()}.pdf`);
  await writeFile(file, content);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

/** Add Balance paid through the sandbox's signed webhook; returns the payment's order id. */
async function topUp(who: Activated, rupees: number): Promise<{ linkId: string; orderId: string }> {
  const created = await server.request('POST', '/api/payment/create', { token: who.token, body: { amount: rupees } });
  expect(created.status).toBe(200);
  return { linkId: created.body.data.link_id, orderId: created.body.data.order_id };
}
/** The payer presses Pay on the sandbox's checkout, which sends the provider's signed webhook. */
const pay = (linkId: string) =>
  server.app.inject({
    method: 'POST',
    url: `/checkout/${linkId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });

describe('a plan payment', () => {
  it('gets a GST tax invoice with every field of rule 46: the plan amount taxable, IGST on top for a customer in another state, emailed to the owner and finance', async () => {
    const financeEmail = 'accounts@acme-sons.in';
    const finance = await server.registerUser(financeEmail);
    await server.db.insert(memberships).values({ userId: finance, organisationId: interState.orgId, role: 'finance' });
    await payPlan(server, interState, await planIdByCode(server, interState, 'LITE'));
    const listed = await list(interState);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const invoice = listed.body.data[0];
    const year = financialYearOf(server.clock.now());
    expect(invoice).toMatchObject({ kind: 'tax_invoice', financial_year: year.label, total: 11800, cgst: 0, sgst: 0, igst: 1800, taxable_value: 10000 });
    expect(invoice.number).toMatch(new RegExp(`^INV${year.short}-\\d{6}$`));
    expect(invoice.number.length).toBeLessThanOrEqual(16);
    const [payment] = await server.db.select().from(payments).where(eq(payments.orderId, invoice.order_id));
    expect(payment).toMatchObject({ organisationId: interState.orgId, paymentType: 'EXTERNAL', amountPaise: 1_180_000, taxablePaise: 1_000_000 });

    const pdf = await server.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, headers: { authorization: `Bearer ${interState.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await pdfTextOf(pdf.rawPayload);
    for (const field of [
      'TAX INVOICE',
      'Verigate Technologies Private Limited',
      'Koramangala, Bengaluru, Karnataka 560034',
      'GSTIN: 29AAHCV1234K1Z5',
      invoice.number,
      new Date(invoice.issued_at).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' }),
      'Acme & Sons (India) Pvt. Ltd.',
      'GSTIN: 27ABCDE1234F1Z5',
      'Place of supply',
      'Maharashtra (27)',
      '998314',
      '10,000.00',
      'IGST @ 18%',
      '1,800.00',
      '11,800.00',
      'Rupees Eleven Thousand Eight Hundred Only',
      'Authorised Signatory',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('CGST');

    const mail = await server.mailTo(CUSTOMERS[0]!);
    const sent = mail.find((message) => message.subject === `Your Verigate Tax Invoice ${invoice.number}`);
    expect(sent?.text).toContain('/application/billing?tab=invoices');
    expect(sent?.text).toContain('₹11,800');
    expect((await server.mailTo(financeEmail)).map((message) => message.subject)).toContain(`Your Verigate Tax Invoice ${invoice.number}`);
  });

  it('charges CGST and SGST, half each, to a customer in the provider’s state', async () => {
    await payPlan(server, intraState, await planIdByCode(server, intraState, 'PLUS'));
    const [invoice] = (await list(intraState)).body.data;
    expect(invoice).toMatchObject({ kind: 'tax_invoice', total: 29500, taxable_value: 25000, cgst: 2250, sgst: 2250, igst: 0 });
    const text = await pdfTextOf(
      (await server.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, headers: { authorization: `Bearer ${intraState.token}` } })).rawPayload,
    );
    for (const field of [
      'CGST @ 9%',
      'SGST @ 9%',
      '2,250.00',
      '25,000.00',
      '29,500.00',
      'Karnataka (29)',
      'GSTIN: 29BCDEF2345G1Z6',
      'Rupees Twenty Nine Thousand Five Hundred Only',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('IGST');
  });

  it('without a GSTIN on file gets a B2C invoice, supplied in the provider’s state', async () => {
    await server.db.delete(kycSubmissions).where(eq(kycSubmissions.organisationId, stranger.orgId));
    await payPlan(server, stranger, await planIdByCode(server, stranger, 'LITE'));
    const [invoice] = (await list(stranger)).body.data;
    expect(invoice).toMatchObject({ kind: 'tax_invoice', total: 11800, cgst: 900, sgst: 900, igst: 0, taxable_value: 10000 });
    const [row] = await server.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ customerGstin: null, customerStateCode: '29', placeOfSupply: 'Karnataka (29)' });
    const text = await pdfTextOf(
      (await server.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, headers: { authorization: `Bearer ${stranger.token}` } })).rawPayload,
    );
    for (const field of [
      'GSTIN: Unregistered (B2C)',
      'Other Company',
      'CGST @ 9%',
      'SGST @ 9%',
      '900.00',
      '10,000.00',
      '11,800.00',
      'Rupees Eleven Thousand Eight Hundred Only',
    ])
      expect(text).toContain(field);
  });
});

describe('wallet top-ups', () => {
  it('get receipt vouchers: the amount credited to the wallet taxable, the GST paid on top, the total the payment', async () => {
    const { linkId, orderId } = await topUp(interState, 1001);
    expect((await pay(linkId)).statusCode).toBe(303);
    const receipt = (await list(interState)).body.data.find((item: { order_id: string }) => item.order_id === orderId);
    expect(receipt).toMatchObject({ kind: 'receipt', total: 1181.18, taxable_value: 1001, igst: 180.18 });
    expect(receipt.number).toMatch(/^RCT\d{4}-\d{6}$/);
    const text = await pdfTextOf(
      (await server.app.inject({ method: 'GET', url: `/api/invoices/${receipt.id}/pdf`, headers: { authorization: `Bearer ${interState.token}` } })).rawPayload,
    );
    for (const field of [
      'RECEIPT VOUCHER',
      receipt.number,
      '1,001.00',
      '180.18',
      '1,181.18',
      'Rupees One Thousand One Hundred Eighty One and Eighteen Paise Only',
      'Authorised Signatory',
    ])
      expect(text).toContain(field);
    // Paying the same link again issues nothing more.
    expect((await pay(linkId)).statusCode).toBe(303);
    expect((await list(interState)).body.data.filter((item: { order_id: string }) => item.order_id === orderId)).toHaveLength(1);
  });

  it('paid twenty at once, for two organisations, get twenty consecutive numbers with no gap', async () => {
    const before = await server.db.select().from(invoices).where(eq(invoices.kind, 'receipt'));
    const last = Math.max(0, ...before.map((row) => row.sequence));
    const links = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const who = index % 2 === 0 ? interState : intraState;
        return topUp(who, 1000 + index * 37);
      }),
    );
    await Promise.all(links.map((link) => pay(link.linkId)));

    const issued = await server.db
      .select({ invoice: invoices, amountPaise: payments.amountPaise })
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .where(eq(invoices.kind, 'receipt'))
      .orderBy(asc(invoices.sequence));
    const fresh = issued.filter(({ invoice }) => invoice.sequence > last);
    expect(new Set(fresh.map(({ invoice }) => invoice.paymentId))).toEqual(
      new Set(
        (
          await server.db
            .select()
            .from(payments)
            .where(
              inArray(
                payments.linkId,
                links.map((link) => link.linkId),
              ),
            )
        ).map((row) => row.id),
      ),
    );
    expect(fresh.map(({ invoice }) => invoice.sequence)).toEqual(Array.from({ length: 20 }, (_, index) => last + 1 + index));
    expect(new Set(fresh.map(({ invoice }) => invoice.number)).size).toBe(20);
    for (const { invoice, amountPaise } of fresh) {
      expect(invoice.totalPaise).toBe(amountPaise);
      expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(amountPaise);
      expect(invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(withGst(invoice.taxablePaise, 18).gstPaise);
    }
  });
});

describe('downloads', () => {
  it('of another organisation’s invoice, an unknown id or a malformed one are not found', async () => {
    const [mine] = (await list(interState)).body.data;
    for (const id of [mine.id, randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      const reply = await download(stranger, encodeURIComponent(id));
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ err: expect.objectContaining({ status: 404, message: 'Invoice not found' }) });
    }
    expect((await list(stranger)).body.data.map((item: { id: string }) => item.id)).not.toContain(mine.id);
    expect((await server.request('GET', '/api/invoices')).status).toBe(401);
  });
});

describe('billing details', () => {
  // PDF string syntax in a name stays text: pdfkit escapes it.
  const details = { legal_name: 'Other Company (India) Tj ET \\ Pvt Ltd', address: '12 Marine Drive,\nMumbai 400002', state_code: '27' };
  const save = (body: unknown, who = stranger) => server.request('PUT', '/api/invoices/billing-details', { token: who.token, body });

  it('are refused unless whole, and are each organisation’s own', async () => {
    for (const [body, message] of [
      [{ ...details, legal_name: '  ' }, 'Enter the legal name to bill (up to 200 characters)'],
      [{ ...details, address: 'x'.repeat(301) }, 'Enter the billing address (up to 300 characters)'],
      [{ ...details, address: 'Line\u0007' }, 'Enter the billing address (up to 300 characters)'],
      [{ ...details, state_code: '99' }, 'Choose the state of the billing address'],
    ] as const) {
      const reply = await save(body);
      expect(reply.status).toBe(400);
      expect(reply.body.err.message).toBe(message);
    }
    expect((await save(details)).body.data).toEqual(details);
    expect((await server.request('GET', '/api/invoices/billing-details', { token: stranger.token })).body.data).toEqual(details);
    expect((await server.request('GET', '/api/invoices/billing-details', { token: interState.token })).body.data).toBeNull();
  });

  it('go on the next invoice: its name and address, and without a GSTIN the address’s state decides the tax', async () => {
    const { linkId, orderId } = await topUp(stranger, 2000);
    expect((await pay(linkId)).statusCode).toBe(303);
    const receipt = (await list(stranger)).body.data.find((item: { order_id: string }) => item.order_id === orderId);
    expect(receipt).toMatchObject({ kind: 'receipt', total: 2360, cgst: 0, sgst: 0, igst: 360, taxable_value: 2000 });
    const text = await pdfTextOf(
      (await server.app.inject({ method: 'GET', url: `/api/invoices/${receipt.id}/pdf`, headers: { authorization: `Bearer ${stranger.token}` } })).rawPayload,
    );
    for (const field of ['Other Company (India) Tj ET \\ Pvt Ltd', '12 Marine Drive, Mumbai 400002', 'Unregistered (B2C)', 'Maharashtra (27)', 'IGST @ 18%'])
      expect(text).toContain(field);
    // The plan's invoice, issued before the details were saved, keeps what it said.
    const planInvoice = (await list(stranger)).body.data.find((item: { kind: string }) => item.kind === 'tax_invoice');
    const [row] = await server.db.select().from(invoices).where(eq(invoices.id, planInvoice.id));
    expect(row).toMatchObject({ customerLegalName: 'Other Company', customerAddress: null, customerStateCode: '29' });
  });
});

describe('a new financial year', () => {
  it('starts new series at 1 on 1 April (Asia/Kolkata)', async () => {
    expect((await subscribe(server, latecomer, await planIdByCode(server, latecomer, 'LITE'))).status).toBe(200);
    const now = server.clock.now();
    const thisYear = financialYearOf(now);
    const nextApril = new Date(`${Number(thisYear.label.slice(0, 4)) + 1}-04-01T00:00:00+05:30`);
    server.clock.advance(nextApril.getTime() - now.getTime());
    const nextYear = financialYearOf(server.clock.now());
    expect(nextYear.label).not.toBe(thisYear.label);

    expect((await recordTransfer(server, latecomer.orgId, 11800)).status).toBe(200);
    const [invoice] = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organisationId, latecomer.orgId), eq(invoices.kind, 'tax_invoice')));
    expect(invoice).toMatchObject({ financialYear: nextYear.label, sequence: 1, number: `INV${nextYear.short}-000001` });
    // The earlier year's series is untouched: its numbers stay where they were.
    const earlier = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.financialYear, thisYear.label), eq(invoices.kind, 'tax_invoice')));
    expect(earlier.map((row) => row.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });
});
