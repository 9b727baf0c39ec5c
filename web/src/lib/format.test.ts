import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime } from './format';

describe('dates and counts written without Intl', () => {
  // British English, except September: Intl's 'Sept' is 'Sep' here, as in every other date the portal writes.
  const british = (epochMs: number, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', options).format(epochMs).replace('Sept', 'Sep');

  it('writes each month of a year, at midnight and a minute before it, as en-GB does', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const instant of [new Date(2026, month, 1, 0, 0), new Date(2026, month, 28, 23, 59), new Date(1999, month, 9, 6, 5)]) {
        const epochMs = instant.getTime();
        expect(formatDate(epochMs)).toBe(british(epochMs, { day: '2-digit', month: 'short', year: 'numeric' }));
        expect(formatDateTime(epochMs)).toBe(british(epochMs, { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));
      }
    }
    expect(formatDate(new Date(2026, 8, 3).getTime())).toBe('03 Sep 2026');
  });

  it('groups counts as India does', () => {
    expect([0, 999, 1000, 1234567, 100000000].map(formatCount)).toEqual(['0', '999', '1,000', '12,34,567', '10,00,00,000']);
  });
});
