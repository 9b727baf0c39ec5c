import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, selectorValue, type ProductDefinition } from '@verigate/catalog';
import { productPath } from '@verigate/catalog/openapi';
import { DOC_PLACEHOLDERS } from '@verigate/contracts';
import { everyProductCustomer, liveApp, type Customer } from '../../test/gateway-support.js';
import { activate, BILLING_ADMIN_TOKEN, payPlan, planIdByCode } from '../../test/billing-support.js';
import { freePort } from '../../test/free-port.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

/**
 * Every code sample of the published reference, run as a developer would run it: the cURL
 * commands with bash and curl, the JavaScript ones with node, against this server listening on a
 * port, after swapping the placeholders for a real app id and key. Live samples reach a local
 * upstream that records what the gateway forwarded.
 */
const run = promisify(execFile);

interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

let upstream: Server;
const forwarded = new Map<string, unknown[]>();
let server: TestServer;
let customer: Customer;
let live: { appId: string; key: string };
let document: Record<string, any>;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const arn = (request.url ?? '').slice(1);
      forwarded.set(arn, [...(forwarded.get(arn) ?? []), JSON.parse(text)]);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: 100, result: { source: 'upstream' } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const port = await freePort();
  server = await createTestServer({
    ADMIN_TOKEN: BILLING_ADMIN_TOKEN,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    UPSTREAM_URLS: JSON.stringify(Object.fromEntries(products.map((product) => [product.arn, `${upstreamUrl}/${product.arn}`]))),
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  customer = await everyProductCustomer(server, ALLOWLISTED[0]!);
  // Live calls are charged: the organisation is activated and pays for the Lite plan.
  const billed = { ...customer, userId: '', testAppId: customer.appId, testKey: customer.key };
  await activate(server, billed);
  await payPlan(server, billed, await planIdByCode(server, billed, 'LITE'));
  live = await liveApp(
    server,
    customer.orgId,
    products.map((product) => product.arn),
  );
  document = (await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json()) as Record<string, any>;
}, 120_000);
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => upstream.close(resolve));
});

const samplesOf = (product: ProductDefinition): CodeSample[] => document.paths[productPath(product)].post['x-codeSamples'];
const documentedBodies = (product: ProductDefinition): Array<{ action?: string; data: Record<string, unknown> }> =>
  Object.values(document.paths[productPath(product)].post.requestBody.content['application/json'].examples).map((example: any) => example.value);

/** A sample with its placeholders replaced, as the reference tells a developer to do. */
function withCredentials(source: string): string {
  return source
    .replaceAll(DOC_PLACEHOLDERS.testAppId, customer.appId)
    .replaceAll(DOC_PLACEHOLDERS.testKey, customer.key)
    .replaceAll(DOC_PLACEHOLDERS.liveAppId, live.appId)
    .replaceAll(DOC_PLACEHOLDERS.liveKey, live.key);
}

async function runCurl(source: string): Promise<Record<string, any>> {
  const { stdout } = await run('bash', ['-c', `set -euo pipefail; ${withCredentials(source)}`], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout);
}

describe('cURL samples', () => {
  it.each(products.map((product) => [product.arn, product] as const))('%s: every cURL sample, run with curl, answers 100', async (_arn, product) => {
    const curls = samplesOf(product).filter((sample) => sample.lang === 'Shell');
    expect(curls.length).toBeGreaterThanOrEqual(2);
    const bodies = documentedBodies(product);
    const [first] = product.operations;
    for (const environment of ['test', 'live'] as const) {
      let opened: Record<string, unknown> | undefined;
      for (const [index, operation] of product.operations.entries()) {
        const label = product.operations.length === 1 ? `cURL (${environment})` : `cURL (${environment} · ${operation.action})`;
        let source = curls.find((sample) => sample.label === label)!.source;
        if (operation.session === 'continues' && environment === 'test') {
          // The sample carries the example's request_id: the developer sends the one step 1 answered.
          const documentedId = String(bodies[index]!.data.request_id);
          source = source.replaceAll(documentedId, String(selectorValue(opened!, first!.requestIdAt!)));
        }
        const answer = await runCurl(source);
        expect(answer, `${product.arn} ${label}`).toMatchObject({ response_code: 100, success: true });
        if (environment === 'live') expect(answer.result).toEqual({ source: 'upstream' });
        if (index === 0) opened = answer;
      }
    }
    expect(forwarded.get(product.arn)).toEqual(bodies.slice(0, product.operations.length).map((body) => expect.objectContaining({ data: body.data })));
  });

  it('counts every cURL sample of the reference', () => {
    const count = products.flatMap(samplesOf).filter((sample) => sample.lang === 'Shell').length;
    expect(count).toBe(products.reduce((sum, product) => sum + 2 * product.operations.length, 0));
  });
});

describe('JavaScript samples', () => {
  it.each(products.filter((product) => product.operations.length === 1).map((product) => [product.arn, product] as const))(
    '%s: the JavaScript sample, run with node, answers 100',
    async (_arn, product) => {
      const sample = samplesOf(product).find((candidate) => candidate.lang === 'JavaScript')!;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', withCredentials(sample.source)], { maxBuffer: 16 * 1024 * 1024 });
      expect(stdout).toContain('response_code: 100');
      expect(stdout).toContain('success: true');
    },
  );
});
