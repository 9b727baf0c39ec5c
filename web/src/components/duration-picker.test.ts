import { DASHBOARD_MAX_RANGE_DAYS } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { checkDuration } from './duration-picker';

const TODAY = '2026-03-18';

describe('the dashboard duration', () => {
  it('allows 120 days between the ends and refuses 121', () => {
    expect(checkDuration({ preset: 'Custom', custom: ['2025-11-18', TODAY] }, DASHBOARD_MAX_RANGE_DAYS, TODAY)).toEqual({
      range: { start_date: '2025-11-18', end_date: TODAY },
    });
    expect(checkDuration({ preset: 'Custom', custom: ['2025-11-17', TODAY] }, DASHBOARD_MAX_RANGE_DAYS, TODAY)).toEqual({
      error: 'Max difference between dates should be 120 days',
    });
  });

  it('reads a preset from today, and refuses days before 1 Jan 2020 or after today', () => {
    expect(checkDuration({ preset: 'Last 30 Days', custom: [null, null] }, DASHBOARD_MAX_RANGE_DAYS, TODAY)).toEqual({
      range: { start_date: '2026-02-17', end_date: TODAY },
    });
    expect(checkDuration({ preset: 'Custom', custom: ['2019-12-31', '2020-01-05'] }, DASHBOARD_MAX_RANGE_DAYS, TODAY)).toHaveProperty('error');
    expect(checkDuration({ preset: 'Custom', custom: [TODAY, '2026-03-19'] }, DASHBOARD_MAX_RANGE_DAYS, TODAY)).toHaveProperty('error');
    expect(checkDuration({ preset: null, custom: [null, null] }, DASHBOARD_MAX_RANGE_DAYS, TODAY)).toEqual({ error: 'Duration is mandatory' });
  });
});
