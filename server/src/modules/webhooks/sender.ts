import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { CheckedTarget } from './address-guard.js';

/** How much of an answer's body is read and kept; the rest is never downloaded. */
const RESPONSE_BODY_LIMIT = 1024;

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  responseBody: string;
  succeeded: boolean;
}

/** Connects to the checked address whatever the host resolves to now (the TLS name stays the host's). */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

const describeNetworkError = (error: Error & { code?: string }) => (error.code ? `Connection failed (${error.code})` : 'Connection failed');

/**
 * One POST: the answer's status decides (2xx succeeds; a redirect is not followed and fails),
 * at most RESPONSE_BODY_LIMIT bytes of its body are read before the connection is dropped, and
 * everything (connect, answer, that body) must happen within `timeoutMs`. Never throws.
 */
export function postOnce(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      // PostgreSQL text holds no NUL character.
      const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8').replaceAll('\u0000', '');
      const answered = statusCode !== null;
      resolve({
        statusCode,
        error: answered ? null : error,
        latencyMs: elapsed(),
        responseBody,
        succeeded: answered && statusCode! >= 200 && statusCode! < 300,
      });
    };
    const client = target.url.protocol === 'https:' ? https : http;
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        agent: false,
      },
      (response) => {
        statusCode = response.statusCode ?? null;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= RESPONSE_BODY_LIMIT) finish(null);
        });
        response.on('end', () => finish(null));
        response.on('error', (error) => finish(describeNetworkError(error)));
      },
    );
    const timer = setTimeout(() => finish(`Timed out after ${timeoutMs} ms`), timeoutMs);
    request.on('error', (error) => finish(describeNetworkError(error)));
    request.end(body);
  });
}
