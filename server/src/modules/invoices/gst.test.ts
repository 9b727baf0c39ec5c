import { describe, expect, it } from 'vitest';
import { withGst } from '@verigate/contracts';
import { amountInWords, financialYearOf, invoiceNumber, splitGst, stateOfGstin } from './gst.js';
import { pdfText } from './pdf.js';

describe('the financial year', () => {
  it('turns at midnight of 1 April in India, not in UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toEqual({ label: '2026-27', short: '2627' });
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toEqual({ label: '2027-28', short: '2728' });
    expect(financialYearOf(new Date('2027-01-15T00:00:00Z')).label).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toEqual({ label: '2099-00', short: '9900' });
  });
});

describe('invoice numbers', () => {
  it('fit in 16 characters and keep their order', () => {
    expect(invoiceNumber('tax_invoice', '2627', 123)).toBe('INV2627-000123');
    expect(invoiceNumber('receipt', '2728', 1)).toBe('RCT2728-000001');
    expect(invoiceNumber('tax_invoice', '2627', 12_345_678).length).toBeLessThanOrEqual(16);
  });
});

describe('the tax lines of a payment', () => {
  it('charge the GST on top of the taxable value: halves within the state, IGST across, adding up to the payment', () => {
    for (let taxable = 1; taxable <= 200_000; taxable += 37) {
      const { gstPaise, totalPaise } = withGst(taxable, 18);
      const intra = splitGst(taxable, totalPaise, true);
      expect(intra.taxablePaise).toBe(taxable);
      expect(intra.cgstPaise + intra.sgstPaise).toBe(gstPaise);
      expect(intra.taxablePaise + intra.cgstPaise + intra.sgstPaise).toBe(totalPaise);
      expect(intra.igstPaise).toBe(0);
      expect(intra.cgstPaise - intra.sgstPaise).toBeGreaterThanOrEqual(0);
      expect(intra.cgstPaise - intra.sgstPaise).toBeLessThanOrEqual(1);
      const inter = splitGst(taxable, totalPaise, false);
      expect(inter).toEqual({ taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise });
    }
  });

  it('puts ₹1,800 of GST on a ₹10,000 plan paid with ₹11,800', () => {
    expect(splitGst(1_000_000, 1_180_000, true)).toEqual({ taxablePaise: 1_000_000, cgstPaise: 90_000, sgstPaise: 90_000, igstPaise: 0 });
    expect(splitGst(1_000_000, 1_180_000, false)).toEqual({ taxablePaise: 1_000_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 180_000 });
    // ₹1,000.01 plus 18 % (₹180.0018, rounded to ₹180): an even tax splits evenly; an odd one gives CGST the paisa.
    expect(splitGst(100_001, 118_001, true)).toEqual({ taxablePaise: 100_001, cgstPaise: 9_000, sgstPaise: 9_000, igstPaise: 0 });
    expect(splitGst(100_006, withGst(100_006, 18).totalPaise, true)).toEqual({ taxablePaise: 100_006, cgstPaise: 9_001, sgstPaise: 9_000, igstPaise: 0 });
  });
});

describe('amounts in words', () => {
  it('count in lakh and crore, with paise', () => {
    expect(amountInWords(5_000_000)).toBe('Rupees Fifty Thousand Only');
    expect(amountInWords(11_800_050)).toBe('Rupees One Lakh Eighteen Thousand and Fifty Paise Only');
    expect(amountInWords(1_234_567_899)).toBe('Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Nine Paise Only');
    expect(amountInWords(100_001)).toBe('Rupees One Thousand and One Paise Only');
    expect(amountInWords(99)).toBe('Rupees Zero and Ninety Nine Paise Only');
    expect(amountInWords(1_000_000_000_000)).toBe('Rupees One Thousand Crore Only');
  });
});

describe('customer text in a PDF', () => {
  it('loses control characters and characters the PDF font cannot show, and is bounded', () => {
    expect(pdfText('Acme\u0000 (India)\n) Tj /Evil\u202e Ltd ₹')).toBe('Acme  (India) ) Tj /Evil  Ltd ?');
    expect(pdfText('x'.repeat(500), 20)).toHaveLength(20);
  });
});

describe('GSTIN states', () => {
  it('reads the state from the first two digits, only when they name one', () => {
    expect(stateOfGstin('27ABCDE1234F1Z5')).toBe('27');
    expect(stateOfGstin('99ABCDE1234F1Z5')).toBeNull();
    expect(stateOfGstin(null)).toBeNull();
  });
});
