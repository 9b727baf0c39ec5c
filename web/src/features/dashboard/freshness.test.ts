import { describe, expect, it } from 'vitest';
import { freshnessLabel } from './freshness';

describe('how fresh the usage figures are', () => {
  const now = new Date(2026, 10, 23, 14, 30, 0);
  it('says just now within a minute', () => {
    expect(freshnessLabel(new Date(2026, 10, 23, 14, 29, 15).toISOString(), now)).toBe('Updated just now');
  });
  it('gives the time after a minute, and the date on another day', () => {
    expect(freshnessLabel(new Date(2026, 10, 23, 14, 5, 0).toISOString(), now)).toBe('as of 14:05');
    expect(freshnessLabel(new Date(2026, 10, 22, 9, 7, 0).toISOString(), now)).toBe('as of 22 Nov, 09:07');
  });
});
