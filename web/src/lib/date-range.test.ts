import { describe, expect, it } from 'vitest';
import { REPORT_PRESETS, lastDays, previousPeriod, rangeDays, rangeError } from './date-range';

const TODAY = '2026-03-18'; // a Wednesday
const preset = (value: string) => REPORT_PRESETS.find((candidate) => candidate.value === value)!.range(TODAY);

describe('date ranges', () => {
  it('asks for a duration when either end is missing', () => {
    expect(rangeError(null, 60, TODAY)).toBe('Duration is mandatory');
    expect(rangeError({ start: '2026-03-01' }, 60, TODAY)).toBe('Duration is mandatory');
  });

  it('refuses an end before the start', () => {
    expect(rangeError({ start: '2026-03-10', end: '2026-03-09' }, 60, TODAY)).toBe('End date cannot be before start date');
  });

  it('allows exactly the maximum difference and refuses one day more', () => {
    expect(rangeError({ start: '2026-01-17', end: '2026-03-18' }, 60, TODAY)).toBeNull();
    expect(rangeError({ start: '2026-01-16', end: '2026-03-18' }, 60, TODAY)).toBe('Max difference between dates should be 60 days');
    expect(rangeError({ start: '2025-11-18', end: '2026-03-18' }, 120, TODAY)).toBeNull();
    expect(rangeError({ start: '2025-11-17', end: '2026-03-18' }, 120, TODAY)).toBe('Max difference between dates should be 120 days');
  });

  it('keeps every day between 1 Jan 2020 and today', () => {
    expect(rangeError({ start: '2020-01-01', end: '2020-01-31' }, 60, TODAY)).toBeNull();
    expect(rangeError({ start: '2019-12-31', end: '2020-01-31' }, 60, TODAY)).toMatch(/^Choose dates between 01 Jan 2020 and 18 Mar 2026$/);
    expect(rangeError({ start: '2026-03-18', end: '2026-03-19' }, 60, TODAY)).not.toBeNull();
  });

  it('counts both ends of a range and finds the previous period of the same length', () => {
    expect(lastDays(30, TODAY)).toEqual({ start: '2026-02-17', end: TODAY });
    expect(rangeDays(lastDays(30, TODAY))).toBe(30);
    expect(previousPeriod(lastDays(30, TODAY))).toEqual({ start: '2026-01-18', end: '2026-02-16' });
    expect(previousPeriod({ start: TODAY, end: TODAY })).toEqual({ start: '2026-03-17', end: '2026-03-17' });
  });

  it('computes the presets from today, weeks starting on Monday', () => {
    expect(preset('today')).toEqual({ start: TODAY, end: TODAY });
    expect(preset('yesterday')).toEqual({ start: '2026-03-17', end: '2026-03-17' });
    expect(preset('last-7')).toEqual({ start: '2026-03-12', end: TODAY });
    expect(preset('this-week')).toEqual({ start: '2026-03-16', end: TODAY });
    expect(preset('last-week')).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect(preset('this-month')).toEqual({ start: '2026-03-01', end: TODAY });
    expect(preset('last-month')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(REPORT_PRESETS.every((candidate) => rangeError(candidate.range(TODAY), 60, TODAY) === null)).toBe(true);
  });

  it('starts this week on Monday even on a Sunday', () => {
    const sunday = REPORT_PRESETS.find((candidate) => candidate.value === 'this-week')!.range('2026-03-22');
    expect(sunday).toEqual({ start: '2026-03-16', end: '2026-03-22' });
  });
});
