import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, filtersOf } from './batch-filters';

const startOf = (day: string) => new Date(`${day}T00:00:00`).getTime();
const endOf = (day: string) => new Date(`${day}T23:59:59.999`).getTime();

describe('the batch filters (seed 001 §5)', () => {
  it('sends nothing for an empty panel', () => {
    expect(filtersOf(EMPTY_DRAFT)).toEqual({ filters: {} });
  });

  it('sends the product, the days from the start of the first to the end of the last, and the status', () => {
    expect(filtersOf({ product: 'in_identity_pan_lite', range: ['2026-01-01', '2026-03-31'], status: 'FINISHED' })).toEqual({
      filters: { product: 'in_identity_pan_lite', start_date: startOf('2026-01-01'), end_date: endOf('2026-03-31'), status: 'FINISHED' },
    });
  });

  it('takes a single day as a range', () => {
    expect(filtersOf({ ...EMPTY_DRAFT, range: ['2026-02-10', '2026-02-10'] })).toEqual({
      filters: { start_date: startOf('2026-02-10'), end_date: endOf('2026-02-10') },
    });
  });

  it("needs both dates: 'Please Select Both Dates'", () => {
    expect(filtersOf({ ...EMPTY_DRAFT, range: ['2026-02-10', null] })).toEqual({ error: 'Please Select Both Dates' });
    expect(filtersOf({ ...EMPTY_DRAFT, range: [null, '2026-02-10'] })).toEqual({ error: 'Please Select Both Dates' });
  });

  it("refuses a reversed range or one longer than 90 days: 'Please Select A valid Date Range'", () => {
    expect(filtersOf({ ...EMPTY_DRAFT, range: ['2026-02-10', '2026-02-09'] })).toEqual({ error: 'Please Select A valid Date Range' });
    expect(filtersOf({ ...EMPTY_DRAFT, range: ['2026-01-01', '2026-04-02'] })).toEqual({ error: 'Please Select A valid Date Range' });
    expect('filters' in filtersOf({ ...EMPTY_DRAFT, range: ['2026-01-01', '2026-04-01'] })).toBe(true);
  });
});
