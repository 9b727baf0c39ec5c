import { GST_STATES, type InvoiceKind } from '@verigate/contracts';

/** 'Karnataka (29)': how an invoice names a state. */
export const stateLabel = (code: string) => `${GST_STATES[code] ?? 'State'} (${code})`;

/** The state code a GSTIN is registered in, when its first two digits name one. */
export function stateOfGstin(gstin: string | null): string | null {
  const code = gstin?.slice(0, 2) ?? '';
  return GST_STATES[code] ? code : null;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The Indian financial year (1 April to 31 March, Asia/Kolkata) of an instant: '2026-27' and its number prefix '2627'. */
export function financialYearOf(instant: Date): { label: string; short: string } {
  const ist = new Date(instant.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const endShort = String((start + 1) % 100).padStart(2, '0');
  return { label: `${start}-${endShort}`, short: `${String(start % 100).padStart(2, '0')}${endShort}` };
}

// Made once: invoices and statements format every date and amount, and making a formatter costs more than using it.
const INDIAN_DATE = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' });
const PAISE_AS_RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The calendar day of an instant in Asia/Kolkata, '26 Nov 2026'. */
export const indianDate = (instant: Date) => INDIAN_DATE.format(instant);

const PREFIX: Record<InvoiceKind, string> = { tax_invoice: 'INV', receipt: 'RCT' };

/**
 * 'INV2627-000123' / 'RCT2627-000123': 14 characters, well inside the 16 rule 46 allows. A series
 * past 999,999 grows a digit (15 characters) rather than wrapping.
 */
export const invoiceNumber = (kind: InvoiceKind, financialYearShort: string, sequence: number) =>
  `${PREFIX[kind]}${financialYearShort}-${String(sequence).padStart(6, '0')}`;

interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The tax lines of a payment: its pre-tax value is the taxable value (GST is charged on top of
 * plan amounts and top-ups, `withGst`), and the tax is what the payment carries over it, so the
 * lines always add up to the payment. An intra-state tax splits into CGST and SGST, the odd paisa
 * going to CGST; an inter-state one is IGST.
 */
export function splitGst(taxablePaise: number, totalPaise: number, intraState: boolean): TaxSplit {
  const taxPaise = totalPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const sgstPaise = Math.floor(taxPaise / 2);
  return { taxablePaise, cgstPaise: taxPaise - sgstPaise, sgstPaise, igstPaise: 0 };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in the Indian system: crore, lakh, thousand, hundred. */
function indianWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** 'Rupees One Lakh Eighteen Thousand and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const paiseWords = cents ? ` and ${belowHundred(cents)} Paise` : '';
  return `Rupees ${indianWords(rupees)}${paiseWords} Only`;
}

/** 1,18,000.00: an amount in paise with Indian digit grouping and two decimals (no symbol: the PDF font has no ₹). */
export const formatPaise = (paise: number) => PAISE_AS_RUPEES.format(paise / 100);
