import { describe, expect, it } from 'vitest';
import { productUsageQuery, reportCsvQuery, reportQuery, REPORT_CSV_COLUMNS } from './reports.js';
import { dateRangeProblem, presetRange, previousPeriod, rollupDayOf, todayIn, ROLLUP_TIME_ZONE, usageChangePercent } from './rules/reports.js';

const action = 'get_org_csv_usage_reports';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('report query rules (seed 001 §5, §9)', () => {
  it('needs a duration unless a Search ID is given', () => {
    expect(firstMessage(reportQuery.safeParse({ action }))).toBe('Duration is mandatory');
    expect(firstMessage(reportQuery.safeParse({ action, start_date: '2026-01-01' }))).toBe('Duration is mandatory');
    const byId = reportQuery.parse({ action, id: '9b6c1f8e-3c1d-4a52-8d4e-0c2a4f6b7e11' });
    expect(byId).toMatchObject({ page_no: 1, per_page: 50, tz: 'Asia/Kolkata' });
  });

  it('holds the 60-day, order and 1 Jan 2020 limits at their edges', () => {
    const parse = (start_date: string, end_date: string) => firstMessage(reportQuery.safeParse({ action, start_date, end_date }));
    expect(parse('2026-01-01', '2026-03-02')).toBeUndefined();
    expect(parse('2026-01-01', '2026-03-03')).toBe('Max difference between dates should be 60 days');
    expect(parse('2026-01-02', '2026-01-01')).toBe('End date cannot be before start date');
    expect(parse('2020-01-01', '2020-01-01')).toBeUndefined();
    expect(parse('2019-12-31', '2020-01-01')).toBe('Dates cannot be before 1 Jan 2020');
    expect(parse('2026-02-30', '2026-03-01')).toBe('Dates must be calendar dates (YYYY-MM-DD)');
    expect(dateRangeProblem({ start_date: '2026-11-22', end_date: '2026-11-24' }, 60, '2026-11-23')).toBe('Dates cannot be after today');
  });

  it('refuses pages past 100 and unknown values', () => {
    const base = { action, start_date: '2026-11-01', end_date: '2026-11-20' };
    expect(reportQuery.parse({ ...base, page_no: '100' }).page_no).toBe(100);
    expect(firstMessage(reportQuery.safeParse({ ...base, page_no: '101' }))).toMatch(/at most 100 pages/);
    expect(reportQuery.safeParse({ ...base, per_page: '51' }).success).toBe(false);
    expect(reportQuery.safeParse({ ...base, txn_status: 'OK' }).success).toBe(false);
    expect(reportQuery.safeParse({ ...base, tz: 'Mars/Olympus' }).success).toBe(false);
    expect(reportQuery.safeParse({ ...base, colour: 'red' }).success).toBe(false);
    expect(reportQuery.parse({ ...base, product_arn: 'a, b,a' }).product_arn).toEqual(['a', 'b']);
    expect(reportCsvQuery.parse({ start_date: '2026-11-01', end_date: '2026-11-20' }).scope).toBe('all');
  });

  it('allows 120 days on the dashboard', () => {
    const usage = (end_date: string) => productUsageQuery.safeParse({ action: 'get_org_product_usage', start_date: '2026-01-01', end_date });
    expect(usage('2026-05-01').success).toBe(true);
    expect(firstMessage(usage('2026-05-02'))).toBe('Max difference between dates should be 120 days');
  });
});

describe('date presets', () => {
  const today = '2026-11-25'; // a Wednesday
  it('cover the seed presets and the previous period of the same length', () => {
    expect(presetRange('Today', today)).toEqual({ start_date: today, end_date: today });
    expect(presetRange('Yesterday', today)).toEqual({ start_date: '2026-11-24', end_date: '2026-11-24' });
    expect(presetRange('Last 7 Days', today)).toEqual({ start_date: '2026-11-19', end_date: today });
    expect(presetRange('This Week', today)).toEqual({ start_date: '2026-11-23', end_date: today });
    expect(presetRange('Last Week', today)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(presetRange('This Month', today)).toEqual({ start_date: '2026-11-01', end_date: today });
    expect(presetRange('Last Month', '2026-03-10')).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' });
    expect(previousPeriod({ start_date: '2026-11-19', end_date: today })).toEqual({ start_date: '2026-11-12', end_date: '2026-11-18' });
    expect(usageChangePercent(150, 100)).toBe(50);
    expect(usageChangePercent(2, 3)).toBe(-33);
    expect(usageChangePercent(5, 0)).toBeNull();
  });

  it('reads today in a zone', () => {
    expect(todayIn('Asia/Kolkata', new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-23');
    expect(todayIn('UTC', new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-22');
  });

  it("reads India's day by its fixed offset as the time zone database gives it, at every quarter hour of two years", () => {
    const from = Date.UTC(2025, 0, 1);
    const disagreeing: string[] = [];
    for (let instant = from; instant < Date.UTC(2027, 0, 1); instant += 15 * 60_000) {
      const now = new Date(instant);
      if (rollupDayOf(now) !== todayIn(ROLLUP_TIME_ZONE, now)) disagreeing.push(now.toISOString());
    }
    expect(disagreeing).toEqual([]);
    // The day turns at 18:30 UTC, midnight in India.
    expect([rollupDayOf(new Date('2026-11-22T18:29:59.999Z')), rollupDayOf(new Date('2026-11-22T18:30:00Z'))]).toEqual(['2026-11-22', '2026-11-23']);
  });

  it('reads today in a zone however its name is spelt, each time with the zone it is asked for', () => {
    const evening = new Date('2026-11-22T19:00:00Z');
    expect(['asia/kolkata', 'ASIA/KOLKATA', 'Asia/Kolkata'].map((zone) => todayIn(zone, evening))).toEqual(['2026-11-23', '2026-11-23', '2026-11-23']);
    expect(['America/New_York', 'UTC', 'Asia/Tokyo', 'UTC'].map((zone) => todayIn(zone, new Date('2026-11-22T23:30:00Z')))).toEqual([
      '2026-11-22',
      '2026-11-22',
      '2026-11-23',
      '2026-11-22',
    ]);
    expect(() => todayIn('Mars/Olympus_Mons', evening)).toThrow(RangeError);
  });

  it('names the CSV columns after the report row', () => {
    expect(REPORT_CSV_COLUMNS.join(',')).toBe(
      'id,product,product_version,request_timestamp,response_timestamp,response_code,status,env,task_id,app_id,group_id,client_ip',
    );
  });
});
