import { describe, expect, it } from 'vitest';
import { DATE_RANGES, DAYS, DOCUMENT_TYPES, ENVIRONMENTS, LETTER_OPTION_SETS, MONTHS, YEARS } from './reference-lists.js';

describe('reference lists (seed 000 §3)', () => {
  it('offer days 01–31, months JAN–DEC and years 1910–2050', () => {
    expect(DAYS).toHaveLength(31);
    expect([DAYS[0], DAYS[8], DAYS[30]]).toEqual(['01', '09', '31']);
    expect(MONTHS.join(' ')).toBe('JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC');
    expect([YEARS[0], YEARS.at(-1), YEARS.length]).toEqual([1910, 2050, 141]);
  });

  it('name the document types, letter option sets, date ranges and environments', () => {
    expect(DOCUMENT_TYPES).toEqual(['PAN', 'AADHAAR', 'VOTERID', 'Driving_License', 'RC', 'PASSPORT', 'AADHAAR_MASKED']);
    const letters = Object.values(LETTER_OPTION_SETS).map((set) => set.map((option) => option.value).join('/'));
    expect(letters).toEqual(['P/D/S', 'Y/M/Q', 'M/F/T']);
    expect(DATE_RANGES.map((range) => range.days)).toEqual([7, 30, 60, 120, null]);
    expect(DATE_RANGES.at(-1)!.label).toBe('Custom');
    expect(ENVIRONMENTS).toEqual(['TEST', 'PRODUCTION']);
  });
});
