import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@verigate/contracts';
import { curlOf, DEFAULT_LOGS_DRAFT, draftSearch, providerPath, RESPONSE_CODE_MESSAGE } from './logs-draft';

const TODAY = '2026-11-25';

describe('draftSearch', () => {
  it('opens on the last 7 days in the user zone', () => {
    expect(draftSearch(DEFAULT_LOGS_DRAFT, TODAY, 'Asia/Kolkata')).toEqual({
      search: { tz: 'Asia/Kolkata', start_date: '2026-11-19', end_date: TODAY },
    });
  });

  it('needs no duration with an id, and refuses text that is no id with the reports’ message', () => {
    const id = '6F1A2B3C-1111-4222-8333-444455556666';
    expect(draftSearch({ ...DEFAULT_LOGS_DRAFT, search: id, duration: { preset: null, custom: [null, null] } }, TODAY, 'UTC')).toEqual({
      search: { tz: 'UTC', search: id.toLowerCase() },
    });
    expect(draftSearch({ ...DEFAULT_LOGS_DRAFT, search: 'abc' }, TODAY, 'UTC')).toEqual({ problems: { search: REPORT_MESSAGES.invalidSearchId } });
  });

  it('carries every filter, and refuses a response code that is not one', () => {
    const result = draftSearch(
      { ...DEFAULT_LOGS_DRAFT, product: 'in_identity_pan_lite', keyName: ' Main ', env: 'TEST', responseCode: 'none', billable: 'false', clientIp: '10.0.0.1' },
      TODAY,
      'UTC',
    );
    expect(result).toMatchObject({
      search: { product_arn: 'in_identity_pan_lite', key_name: 'Main', env: 'TEST', response_code: 'none', billable: 'false', client_ip: '10.0.0.1' },
    });
    expect(draftSearch({ ...DEFAULT_LOGS_DRAFT, responseCode: '1000' }, TODAY, 'UTC')).toEqual({ problems: { responseCode: RESPONSE_CODE_MESSAGE } });
  });
});

describe('curlOf', () => {
  it('names the app, leaves a placeholder for the key and quotes the masked body for a shell', () => {
    const command = curlOf('https://portal.example', { product: 'in_identity_pan_lite', env: 'TEST', app_id: 'app-1', request: { note: "it's" } });
    expect(providerPath('in_identity_pan_lite', 'PRODUCTION')).toBe('/live/api/v1/in/identity/pan/lite');
    expect(command).toContain("'https://portal.example/test/api/v1/in/identity/pan/lite'");
    expect(command).toContain("'app-id: app-1'");
    expect(command).toContain("'api-key: YOUR_API_KEY'");
    expect(command).toContain(`--data '{"note":"it'\\''s"}'`);
  });
});
