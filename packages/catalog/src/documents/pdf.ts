import { binaryToBase64 } from './files.js';

/** Characters PDF text strings must escape; anything outside printable ASCII becomes '?'. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');

/**
 * A one-page A4 PDF with the given lines in Helvetica, built by hand (no dependency, no network):
 * header, four objects, a cross-reference table with exact byte offsets, trailer. Lines longer
 * than the page are the caller's to wrap. Returns base64.
 */
export function buildPdf(title: string, lines: readonly { text: string; size?: number }[]): string {
  let y = 800;
  const drawn = lines
    .map(({ text, size = 11 }) => {
      y -= Math.round(size * 1.6);
      return `BT /F1 ${size} Tf 50 ${y} Td (${pdfText(text)}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${drawn.length} >>\nstream\n${drawn}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${pdfText(title)}) /Producer (Verigate sandbox) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return binaryToBase64(body);
}

/** A sample one-page PDF for examples and tests. */
export const SAMPLE_PDF = buildPdf('Sample agreement', [
  { text: 'Sample agreement', size: 16 },
  { text: 'This document is a sample used to try the provider API.' },
]);
