import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';
import { DOC_PLACEHOLDERS } from '@verigate/contracts';

/**
 * Code samples of a provider-API call, written by @readme/httpsnippet from the call itself (the
 * URL, the two authentication headers and the JSON body), never from hand-kept templates.
 */
export type Environment = 'test' | 'live';

export interface SampleCall {
  environment: Environment;
  url: string;
  body: unknown;
  /** The customer's app id; a placeholder when not given. */
  appId?: string;
}

/** An entry of OpenAPI's `x-codeSamples` (Redoc shows one tab per entry). */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** The languages of seed 001 §2 besides cURL, each with the library its sample uses. */
const LANGUAGES = [
  { lang: 'Python', target: 'python', client: 'requests' },
  { lang: 'Java', target: 'java', client: 'nethttp' },
  { lang: 'JavaScript', target: 'javascript', client: 'fetch' },
  { lang: 'C#', target: 'csharp', client: 'httpclient' },
  { lang: 'PHP', target: 'php', client: 'curl' },
  { lang: 'Go', target: 'go', client: 'native' },
  { lang: 'R', target: 'r', client: 'httr' },
] as const;

/** The credentials a sample shows: the customer's app id where known, never a key. */
const placeholders = (environment: Environment) =>
  environment === 'test'
    ? { appId: DOC_PLACEHOLDERS.testAppId, key: DOC_PLACEHOLDERS.testKey }
    : { appId: DOC_PLACEHOLDERS.liveAppId, key: DOC_PLACEHOLDERS.liveKey };

function har({ environment, url, body, appId = placeholders(environment).appId }: SampleCall): HarRequest {
  const { key } = placeholders(environment);
  return {
    method: 'POST',
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    queryString: [],
    headersSize: -1,
    bodySize: -1,
    headers: [
      { name: 'app-id', value: appId },
      { name: 'api-key', value: key },
      { name: 'content-type', value: 'application/json' },
    ],
    postData: { mimeType: 'application/json', text: JSON.stringify(body) },
  };
}

function convert(call: SampleCall, target: string, client: string): string {
  const [source] = new HTTPSnippet(har(call)).convert(target as never, client as never);
  if (typeof source !== 'string') throw new Error(`httpsnippet has no ${target}/${client} target`);
  return source;
}

/** A cURL command of the call (bash; the body is passed on standard input). */
export const curlSample = (call: SampleCall): string => convert(call, 'shell', 'curl');

/** cURL for `call` in its environment, labelled with it ('cURL (test)') and an optional step. */
export const curlCodeSample = (call: SampleCall, step?: string): CodeSample => ({
  lang: 'Shell',
  label: `cURL (${call.environment}${step ? ` · ${step}` : ''})`,
  source: curlSample(call),
});

/** The other languages of a single-operation path, calling the test environment. */
export const languageSamples = (call: SampleCall): CodeSample[] =>
  LANGUAGES.map(({ lang, target, client }) => ({ lang, label: lang, source: convert(call, target, client) }));
