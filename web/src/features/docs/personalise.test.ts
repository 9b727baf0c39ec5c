import { DOC_PLACEHOLDERS, type DocEntry } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { personalise, testAppIdOf } from './personalise';

const APP_ID = '5d1f0c3a-7b2e-4c9d-8a6f-1e2d3c4b5a69';

const reference = {
  info: { description: `curl --header 'app-id: ${DOC_PLACEHOLDERS.testAppId}'` },
  paths: {
    '/in/identity/pan/lite': {
      post: {
        'x-codeSamples': [
          { lang: 'Shell', label: 'cURL (test)', source: `--header 'app-id: ${DOC_PLACEHOLDERS.testAppId}' --header 'api-key: ${DOC_PLACEHOLDERS.testKey}'` },
          { lang: 'Shell', label: 'cURL (live)', source: `--header 'app-id: ${DOC_PLACEHOLDERS.liveAppId}' --header 'api-key: ${DOC_PLACEHOLDERS.liveKey}'` },
        ],
      },
    },
  },
};

const entry = (appId: string): DocEntry => ({
  arn: 'in_identity_pan_lite',
  name: 'PAN Lite',
  description: 'Verifies a PAN.',
  type: 'lite',
  category: 'Identity Verification',
  curl: '',
  headers: [{ name: 'app-id', example: appId, required: true, description: 'The App ID of the calling app.' }],
  params: [],
  responses: [],
});

describe('the reference a signed-in customer reads', () => {
  it('shows their test app id wherever the generic reference shows its placeholder', () => {
    const text = JSON.stringify(personalise(reference, APP_ID));
    expect(text).not.toContain(DOC_PLACEHOLDERS.testAppId);
    expect(text.match(new RegExp(APP_ID, 'g'))).toHaveLength(2);
  });

  it('keeps the keys and the live app id as placeholders', () => {
    const text = JSON.stringify(personalise(reference, APP_ID));
    for (const placeholder of [DOC_PLACEHOLDERS.testKey, DOC_PLACEHOLDERS.liveKey, DOC_PLACEHOLDERS.liveAppId]) expect(text).toContain(placeholder);
  });

  it('is the generic reference without an app id, or with something that is not one', () => {
    expect(personalise(reference, undefined)).toBe(reference);
    expect(personalise(reference, '"},{"x":"')).toBe(reference);
  });

  it('reads the app id from the doc entries, unless they show the placeholder', () => {
    expect(testAppIdOf([entry(APP_ID)])).toBe(APP_ID);
    expect(testAppIdOf([entry(DOC_PLACEHOLDERS.testAppId)])).toBeUndefined();
    expect(testAppIdOf([])).toBeUndefined();
  });
});
