import PDFDocument from 'pdfkit';
import type { InvoiceKind } from '@verigate/contracts';
import { amountInWords, formatPaise, indianDate, stateLabel } from './gst.js';

export interface Supplier {
  name: string;
  address: string;
  gstin: string;
  stateCode: string;
  sacCode: string;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  orderId: string;
  description: string;
  ratePercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  customer: { legalName: string; address: string | null; gstin: string | null; stateCode: string };
  placeOfSupply: string;
}

const TITLE: Record<InvoiceKind, string> = { tax_invoice: 'TAX INVOICE', receipt: 'RECEIPT VOUCHER' };
const NUMBER_LABEL: Record<InvoiceKind, string> = { tax_invoice: 'Invoice No.', receipt: 'Receipt No.' };
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const ACCENT = '#1c4ed8';

/**
 * Text from customers and configuration as the standard PDF fonts can show it: no control
 * characters, anything outside Latin-1 replaced, and bounded, so a name cannot break the layout.
 * pdfkit writes text as string objects it escapes itself, so nothing typed can become PDF syntax.
 */
export function pdfText(value: string, max = 300): string {
  const printable = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/[^\u0020-\u00ff]/g, '?')
    .trim();
  return printable.length > max ? `${printable.slice(0, max - 1)}…` : printable;
}

/** An A4 document with 50-point margins, its printable edges, and its bytes once it is ended. */
export function a4Pdf(info: { Title: string; Author?: string }) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { ...info, Creator: 'Verigate' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const right = doc.page.width - 50;
  return { doc, done, left, right, width: right - left };
}

/** The invoice (rule 46 of the CGST Rules) or receipt voucher (rule 50) as an A4 PDF. */
export function renderInvoicePdf(invoice: InvoiceDocument, supplier: Supplier): Promise<Buffer> {
  const { doc, done, left, right, width } = a4Pdf({ Title: `${TITLE[invoice.kind]} ${invoice.number}`, Author: pdfText(supplier.name) });
  const rule = (y: number) => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.7).strokeColor(RULE).stroke();

  // Supplier and title.
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(TITLE[invoice.kind], left, 50, { width, align: 'right' });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(pdfText(supplier.name), left, 50, { width: width * 0.6 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(pdfText(supplier.address), { width: width * 0.6 });
  doc.text(`GSTIN: ${supplier.gstin}`, { width: width * 0.6 });
  doc.text(`State: ${stateLabel(supplier.stateCode)}`, { width: width * 0.6 });
  let y = Math.max(doc.y, 110) + 12;
  rule(y);
  y += 12;

  // Bill to (left) and the document's facts (right).
  const factsX = left + width * 0.58;
  doc
    .fillColor(MUTED)
    .font('Helvetica-Bold')
    .fontSize(8)
    .text(invoice.kind === 'receipt' ? 'RECEIVED FROM' : 'BILL TO', left, y);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(pdfText(invoice.customer.legalName, 200), left, y + 12, { width: width * 0.52 });
  doc.font('Helvetica').fontSize(9);
  doc.text(`Address: ${invoice.customer.address ? pdfText(invoice.customer.address, 400) : 'Not on record'}`, { width: width * 0.52 });
  doc.text(`GSTIN: ${invoice.customer.gstin ? pdfText(invoice.customer.gstin, 15) : 'Unregistered (B2C)'}`, { width: width * 0.52 });
  doc.text(`State: ${stateLabel(invoice.customer.stateCode)}`, { width: width * 0.52 });
  const billToEnd = doc.y;

  const facts: Array<[string, string]> = [
    [NUMBER_LABEL[invoice.kind], invoice.number],
    ['Date', indianDate(invoice.issuedAt)],
    ['Place of supply', invoice.placeOfSupply],
    ['Order ID', pdfText(invoice.orderId, 60)],
    ['Reverse charge', 'No'],
  ];
  let factY = y;
  for (const [label, value] of facts) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, factsX, factY, { width: 80 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .text(value, factsX + 82, factY, { width: right - factsX - 82 });
    factY = doc.y + 3;
  }
  y = Math.max(billToEnd, factY) + 16;

  // The line of supply.
  const columns = { number: left + 6, description: left + 28, sac: left + width * 0.62, amount: left + width * 0.75 };
  const amountWidth = right - columns.amount - 6;
  doc.rect(left, y, width, 20).fill('#eef2ff');
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
  doc.text('#', columns.number, y + 6);
  doc.text('Description of service', columns.description, y + 6);
  doc.text('SAC', columns.sac, y + 6);
  doc.text('Taxable value (INR)', columns.amount, y + 6, { width: amountWidth, align: 'right' });
  y += 26;
  doc.font('Helvetica').fontSize(9);
  doc.text('1', columns.number, y);
  doc.text(pdfText(invoice.description, 200), columns.description, y, { width: columns.sac - columns.description - 10 });
  const descriptionEnd = doc.y;
  doc.text(supplier.sacCode, columns.sac, y);
  doc.text(formatPaise(invoice.taxablePaise), columns.amount, y, { width: amountWidth, align: 'right' });
  y = Math.max(descriptionEnd, y + 12) + 8;
  rule(y);
  y += 10;

  // Tax and total.
  const half = invoice.ratePercent / 2;
  const totals: Array<[string, number]> = [['Taxable value', invoice.taxablePaise]];
  if (invoice.igstPaise > 0 || (invoice.cgstPaise === 0 && invoice.sgstPaise === 0 && invoice.customer.stateCode !== supplier.stateCode)) {
    totals.push([`IGST @ ${invoice.ratePercent}%`, invoice.igstPaise]);
  } else {
    totals.push([`CGST @ ${half}%`, invoice.cgstPaise], [`SGST @ ${half}%`, invoice.sgstPaise]);
  }
  const labelX = left + width * 0.5;
  for (const [label, paise] of totals) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(label, labelX, y, { width: width * 0.25 });
    doc.fillColor(INK).text(formatPaise(paise), columns.amount, y, { width: amountWidth, align: 'right' });
    y += 16;
  }
  doc.moveTo(labelX, y).lineTo(right, y).lineWidth(0.7).strokeColor(RULE).stroke();
  y += 8;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text('Total (INR)', labelX, y, { width: width * 0.25 });
  doc.text(formatPaise(invoice.totalPaise), columns.amount, y, { width: amountWidth, align: 'right' });
  y += 26;

  doc.fillColor(MUTED).font('Helvetica').fontSize(8).text('AMOUNT IN WORDS', left, y);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(amountInWords(invoice.totalPaise), left, y + 11, { width });
  y = doc.y + 18;

  const note =
    invoice.kind === 'receipt'
      ? 'Receipt voucher for an advance received towards verification services to be supplied from the prepaid wallet. The amount includes GST at the rate shown.'
      : 'The amount paid includes GST at the rate shown. Tax is not payable on reverse charge.';
  doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(note, left, y, { width });
  y = doc.y + 40;

  // Signature.
  const signatureX = right - 200;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(`For ${pdfText(supplier.name)}`, signatureX, y, { width: 200, align: 'right' });
  y = doc.y + 36;
  doc
    .moveTo(signatureX + 40, y)
    .lineTo(right, y)
    .lineWidth(0.7)
    .strokeColor(INK)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Authorised Signatory', signatureX, y + 5, { width: 200, align: 'right' });

  doc
    .fillColor(MUTED)
    .fontSize(7)
    .text('This is a computer-generated document.', left, doc.page.height - 70, { width, align: 'center' });
  doc.end();
  return done;
}
