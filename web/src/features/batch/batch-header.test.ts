import { describe, expect, it } from 'vitest';
import { headerCells, headerProblem, readHeader } from './batch-header';

describe('the header check before an upload', () => {
  it('reads the first line’s cells, with quotes and either line ending', () => {
    expect(headerCells('a,b,c\n1,2,3\n')).toEqual(['a', 'b', 'c']);
    expect(headerCells('"a, the first","say ""b""",c\r\n1,2,3')).toEqual(['a, the first', 'say "b"', 'c']);
    expect(headerCells('"a\nstill a",b\n')).toEqual(['a\nstill a', 'b']);
  });

  it('finds no header in a window without a complete line', () => {
    expect(headerCells('a,b,c')).toBeNull();
    expect(headerCells('')).toBeNull();
  });

  it('reads only the start of the file', async () => {
    const file = new File([`customer_pan_number,name_to_match\n${'ABCPE1234F,Asha\n'.repeat(10_000)}`], 'big.csv');
    expect(await readHeader(file)).toEqual(['customer_pan_number', 'name_to_match']);
  });

  it('names the missing, unknown or repeated columns as the server does, in its order', async () => {
    expect(await headerProblem('in_identity_pan_lite', ['customer_pan_number', 'customer_dob', 'name_to_match'])).toBeNull();
    expect(await headerProblem('in_identity_pan_lite', ['customer_pan_number'])).toBeNull();
    expect(await headerProblem('in_identity_pan_lite', ['pan', 'colour'])).toBe('The file is missing the column customer_pan_number');
    expect(await headerProblem('in_identity_pan_lite', ['customer_pan_number', 'colour', 'size'])).toBe('The file has the unknown columns colour, size');
    expect(await headerProblem('in_identity_pan_lite', ['customer_pan_number', 'customer_pan_number'])).toBe('The file repeats the column customer_pan_number');
  });

  it('leaves a type the portal does not know to the server', async () => {
    expect(await headerProblem('in_identity_unknown_lite', ['anything'])).toBeNull();
  });
});
