import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAFT, REPORT_PRESETS, draftFilter, type ReportDraft } from './report-draft';

const TODAY = '2026-03-18';
const ZONE = 'Asia/Kolkata';
const draft = (overrides: Partial<ReportDraft>): ReportDraft => ({ ...DEFAULT_DRAFT, ...overrides });
const custom = (start: string | null, end: string | null) => ({ preset: 'Custom' as const, custom: [start, end] as [string | null, string | null] });

describe('a report draft', () => {
  it('starts with everything over the last 7 days', () => {
    expect(draftFilter(DEFAULT_DRAFT, TODAY, ZONE)).toEqual({
      filter: { start_date: '2026-03-12', end_date: '2026-03-18', tz: ZONE, page_no: 1, per_page: 50 },
    });
  });

  it('needs a duration unless a Search ID is given, which finds its call on any day', () => {
    expect(draftFilter(draft({ duration: { preset: null, custom: [null, null] } }), TODAY, ZONE)).toEqual({ problems: { duration: 'Duration is mandatory' } });
    expect(draftFilter(draft({ duration: custom('2026-03-01', null) }), TODAY, ZONE)).toEqual({ problems: { duration: 'Duration is mandatory' } });
    const id = '0F8E4C1A-1B2C-4D3E-8F90-A1B2C3D4E5F6';
    expect(draftFilter(draft({ searchId: ` ${id} ` }), TODAY, ZONE)).toEqual({ filter: { id: id.toLowerCase(), tz: ZONE, page_no: 1, per_page: 50 } });
  });

  it('refuses a Search ID that is no request, task or group id', () => {
    expect(draftFilter(draft({ searchId: 'abc' }), TODAY, ZONE)).toEqual({ problems: { searchId: 'Search ID must be a request, task or group id' } });
  });

  it('applies the custom range rules: end not before start, at most 60 days apart', () => {
    expect(draftFilter(draft({ duration: custom('2026-03-10', '2026-03-09') }), TODAY, ZONE)).toEqual({
      problems: { duration: 'End date cannot be before start date' },
    });
    expect(draftFilter(draft({ duration: custom('2026-01-16', '2026-03-18') }), TODAY, ZONE)).toEqual({
      problems: { duration: 'Max difference between dates should be 60 days' },
    });
    expect(draftFilter(draft({ duration: custom('2026-01-17', '2026-03-18') }), TODAY, ZONE)).toMatchObject({
      filter: { start_date: '2026-01-17', end_date: '2026-03-18' },
    });
  });

  it('sends every chosen filter, and nothing for All', () => {
    const result = draftFilter(
      draft({
        products: ['in_identity_pan_lite', 'in_vehicle_rc_lite'],
        appId: 'a6a4b7a4-52b3-4bdf-9b51-2f0fdc0f4d11',
        status: 'FAILURE',
        duration: { preset: 'Yesterday', custom: [null, null] },
        chargeType: 'BILLABLE',
        env: 'TEST',
      }),
      TODAY,
      ZONE,
    );
    expect(result).toEqual({
      filter: {
        product_arn: ['in_identity_pan_lite', 'in_vehicle_rc_lite'],
        app_id: 'a6a4b7a4-52b3-4bdf-9b51-2f0fdc0f4d11',
        txn_status: 'FAILURE',
        charge_type: 'BILLABLE',
        env: 'TEST',
        start_date: '2026-03-17',
        end_date: '2026-03-17',
        tz: ZONE,
        page_no: 1,
        per_page: 50,
      },
    });
  });

  it('offers only presets that fit the 60 days', () => {
    expect(REPORT_PRESETS).toContain('Last 60 Days');
    expect(REPORT_PRESETS).not.toContain('Last 120 Days');
    for (const preset of REPORT_PRESETS) expect(draftFilter(draft({ duration: { preset, custom: [null, null] } }), TODAY, ZONE)).toHaveProperty('filter');
  });
});
