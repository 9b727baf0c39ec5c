import { formatPaise } from './gst.js';
import { a4Pdf, pdfText, type Supplier } from './pdf.js';
import { productName, statementTotals, type Statement } from './statements.js';

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const ACCENT = '#1c4ed8';
const BOTTOM = 70;

// Made once: a statement labels every entry's day, and making a formatter costs more than using it.
const DAY_LABEL = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric' });
const MONTH_LABEL = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));
const monthLabel = (month: string) => MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`));

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** The wallet's statement of a month as an A4 PDF: summary first, then every credit, charge and adjustment. */
export function renderStatementPdf(statement: Statement, supplier: Pick<Supplier, 'name' | 'gstin'>): Promise<Buffer> {
  const { doc, done, left, right, width } = a4Pdf({ Title: `Statement ${statement.month}` });
  let y = 50;
  const room = (needed: number) => {
    if (y + needed > doc.page.height - BOTTOM) {
      doc.addPage();
      y = 50;
    }
  };
  const rule = () => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.7).strokeColor(RULE).stroke();

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text('STATEMENT OF ACCOUNT', left, y, { width, align: 'right' });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(pdfText(supplier.name), left, y, { width: width * 0.55 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`GSTIN: ${supplier.gstin}`, { width: width * 0.55 });
  y = Math.max(doc.y, 90) + 10;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(pdfText(statement.organisationName, 200), left, y, { width: width * 0.6 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Prepaid wallet, ${monthLabel(statement.month)} (${dayLabel(`${statement.month}-01`)} to ${dayLabel(statement.lastDay)}, India time)`, {
      width: width * 0.8,
    });
  y = doc.y + 12;
  rule();
  y += 12;

  const totals = statementTotals(statement);
  const summary: Array<[string, number, boolean]> = [
    ['Opening balance', statement.openingPaise, false],
    ['Credits', totals.creditsPaise, false],
    ['Charges', totals.chargesPaise, false],
    ['Adjustments', totals.adjustmentsPaise, false],
    ['Closing balance', statement.closingPaise, true],
  ];
  const cell = width / summary.length;
  doc.rect(left, y, width, 44).fill('#eef2ff');
  summary.forEach(([label, paise, strong], index) => {
    const x = left + cell * index + 8;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(label.toUpperCase(), x, y + 8, { width: cell - 16 });
    doc
      .fillColor(strong ? ACCENT : INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`INR ${formatPaise(paise)}`, x, y + 22, { width: cell - 16 });
  });
  y += 60;

  const table = (title: string, columns: Column[], rows: string[][], empty: string) => {
    room(50);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(title, left, y);
    y = doc.y + 6;
    const header = () => {
      doc.rect(left, y, width, 18).fill('#f3f4f6');
      let x = left + 6;
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(8.5);
      for (const column of columns) {
        doc.text(column.title, x, y + 5, { width: column.width - 12, align: column.align ?? 'left' });
        x += column.width;
      }
      y += 22;
    };
    header();
    if (rows.length === 0) {
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .fontSize(9)
        .text(empty, left + 6, y);
      y = doc.y + 14;
      return;
    }
    for (const row of rows) {
      if (y + 16 > doc.page.height - BOTTOM) {
        doc.addPage();
        y = 50;
        header();
      }
      let x = left + 6;
      doc.fillColor(INK).font('Helvetica').fontSize(9);
      columns.forEach((column, index) => {
        doc.text(row[index] ?? '', x, y, { width: column.width - 12, align: column.align ?? 'left', lineBreak: false, ellipsis: true });
        x += column.width;
      });
      y += 15;
    }
    y += 12;
  };

  table(
    'Credits',
    [
      { title: 'Date', width: 90 },
      { title: 'Description', width: width - 90 - 120 },
      { title: 'Amount (INR)', width: 120, align: 'right' },
    ],
    statement.credits.map((credit) => [dayLabel(credit.day), pdfText(credit.description), formatPaise(credit.amountPaise)]),
    'No credits this month.',
  );
  table(
    'Charges per product and day',
    [
      { title: 'Date', width: 90 },
      { title: 'Product', width: width - 90 - 70 - 120 },
      { title: 'Calls', width: 70, align: 'right' },
      { title: 'Amount (INR)', width: 120, align: 'right' },
    ],
    statement.charges.map((charge) => [dayLabel(charge.day), pdfText(productName(charge.productArn)), String(charge.calls), formatPaise(charge.amountPaise)]),
    'No live calls were charged this month.',
  );
  table(
    'Adjustments',
    [
      { title: 'Date', width: 90 },
      { title: 'Description', width: width - 90 - 120 },
      { title: 'Amount (INR)', width: 120, align: 'right' },
    ],
    statement.adjustments.map((adjustment) => [dayLabel(adjustment.day), pdfText(adjustment.description), formatPaise(adjustment.amountPaise)]),
    'No adjustments this month.',
  );

  room(30);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(
      'Opening balance + credits + charges + adjustments = closing balance (charges are negative). Amounts are the wallet ledger entries of the month; tax invoices and receipts are issued separately for each payment.',
      left,
      y,
      { width },
    );
  doc.end();
  return done;
}
