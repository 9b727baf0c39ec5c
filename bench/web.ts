/**
 * `npm run bench:web`: builds the portal, starts the server on a port of its own with a fresh
 * database (DATABASE_URL, or an embedded PostgreSQL), onboards an organisation fully in a browser
 * (signed up, PAN Lite, activated, Lite plan paid by transfer) that then makes a few sandbox calls
 * with its test key (so the dashboard has usage to show), then runs Lighthouse (mobile preset,
 * simulated slow 4G and a 4x slower CPU) BENCH_RUNS times (default 3) on /login and on that
 * organisation's signed-in dashboard, each run with an empty cache, in Debian's Chromium. On the
 * phone's screen Lighthouse emulates, the dashboard's usage section starts below the fold: it is
 * built once scrolled to, which Lighthouse does not do, so its work is not in the figures.
 * A run whose trace Lighthouse could not record is run again. It prints the median of each figure,
 * and the gzipped JavaScript each page needs according to the build manifest. Goals: performance at least 95 and accessibility 100 on both pages, the
 * JavaScript of /login at most 150 KB and of the dashboard at most 300 KB gzipped. Nothing is
 * asserted: on a busy machine the simulated timings grow with the measured main-thread work.
 * BENCH_REPORTS=<folder> keeps each run's Lighthouse report there (JSON), for its diagnostics:
 * main-thread work, script boot-up time, long tasks.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { runAdmin } from '../e2e/support/admin-cli.js';
import { connectToBrowser, launchBrowser, openTab } from '../e2e/support/browser.js';
import { pageBundles } from '../e2e/support/bundle-budget.js';
import { onboardToPlanRequest, shortenOnboardingWaits } from '../e2e/support/onboarding-steps.js';
import { callTestApi, type AppKey } from '../e2e/support/provider-api.js';
import { startServer } from '../e2e/support/server.js';
import { freePort } from '../server/src/test/free-port.js';
import { median } from './measure.js';
import { benchDatabase, startPostgres } from './postgres.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORTS = process.env.BENCH_REPORTS;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_TOKEN = 'bench-operator-token-0123456789abcdef';
const EMAIL = 'lighthouse@acme-finance.in';
const SANDBOX_CALLS = 20;
const LIGHTHOUSE_ATTEMPTS = 3;
const root = path.resolve(import.meta.dirname, '..');

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  transferredKb: number;
  javascriptKb: number;
}

function figuresOf(result: Result): Figures {
  const score = (category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
  const metric = (audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;
  const requests = (result.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  const javascript = requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    transferredKb: metric('total-byte-weight') / 1024,
    javascriptKb: javascript / 1024,
  };
}

/** A Chromium for Lighthouse, with a DevTools port and a profile of its own (the dashboard's session lives there). */
async function startChromium() {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'verigate-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const devtools = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (
      await fetch(`${devtools}/json/version`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 120) throw new Error(`Chromium (${CHROMIUM}) did not open its DevTools port`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    port,
    devtools,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One Lighthouse run of `url`. A run whose trace Lighthouse could not record (it reports a runtime
 * error such as NO_NAVSTART and asks to be run again) is run again, up to twice; the error names
 * the page and Lighthouse's reason once a third attempt fails too.
 */
async function lighthouseRun(port: number, url: string, flags: Flags, beforeEach?: () => Promise<void>) {
  for (let attempt = 1; ; attempt += 1) {
    await beforeEach?.();
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...flags,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === LIGHTHOUSE_ATTEMPTS) throw new Error(`Lighthouse could not load ${url} in ${attempt} attempts: ${failure.code}: ${failure.message}`);
    console.log(`  ${url}: Lighthouse failed (${failure.code}), running it again`);
  }
}

/** Runs Lighthouse `RUNS` times on `url`; `beforeEach` empties the cache when Lighthouse is told to keep the storage. */
async function audit(port: number, name: string, url: string, flags: Flags, beforeEach?: () => Promise<void>): Promise<Figures[]> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouseRun(port, url, flags, beforeEach);
    if (REPORTS) await writeFile(path.join(REPORTS, `${name}-${run + 1}.json`), JSON.stringify(result.lhr));
    const figures = figuresOf(result.lhr);
    const failing = Object.values(result.lhr.audits)
      .filter(
        (entry) =>
          entry.score !== null &&
          entry.score < 1 &&
          ['accessibility', 'best-practices'].some((category) =>
            result.lhr.categories[category]?.auditRefs.some((ref) => ref.id === entry.id && ref.weight > 0),
          ),
      )
      .map((entry) => entry.id);
    console.log(
      `  ${url} run ${run + 1}: performance ${figures.performance}, accessibility ${figures.accessibility}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`,
    );
    runs.push(figures);
  }
  return runs;
}

/** Sandbox calls of PAN Lite with the organisation's test key, one after another, every one answered 100. */
async function makeSandboxCalls(portalUrl: string, testKey: AppKey) {
  const panCheck = { mode: 'sync', data: { customer_pan_number: 'ABCPE0100F', consent: 'Y', consent_text: 'I consent to this check' } };
  for (let call = 0; call < SANDBOX_CALLS; call += 1) {
    const answer = await callTestApi(portalUrl, testKey, 'in/identity/pan/lite', panCheck);
    if (answer.body.response_code !== 100) throw new Error(`a sandbox call was answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

console.log('Building the portal ...');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) throw new Error('npm run build failed');

const postgres = await startPostgres();
const database = await benchDatabase(postgres);
const portal = await startServer(database.url, { ADMIN_TOKEN, NODE_ENV: 'development' }, 300_000);
const chromium = await startChromium();
try {
  console.log(`Portal at ${portal.url}; onboarding an organisation in the browser ...`);
  const browser = await launchBrowser();
  const { page } = await openTab(browser, portal.url);
  await shortenOnboardingWaits(page);
  const { organisationId, testKey } = await onboardToPlanRequest(page, portal, EMAIL, 'Lena', ADMIN_TOKEN);
  await runAdmin(portal.url, ADMIN_TOKEN, ['record-transfer', organisationId, '11800', 'UTR0000777001']);
  await makeSandboxCalls(portal.url, testKey);
  const session = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  await browser.close();

  console.log(`Lighthouse, ${RUNS} runs per page:`);
  if (REPORTS) await mkdir(REPORTS, { recursive: true });
  const login = await audit(chromium.port, 'login', `${portal.url}/login`, {});

  // The dashboard's session is in local storage: put it in Lighthouse's browser, which then keeps its storage.
  const driver = await connectToBrowser(chromium.devtools);
  const tab = await driver.contexts()[0]!.newPage();
  await tab.goto(`${portal.url}/login`);
  await tab.evaluate(
    (entries) => Object.entries(JSON.parse(entries) as Record<string, string>).forEach(([key, value]) => localStorage.setItem(key, value)),
    session,
  );
  const cdp = await tab.context().newCDPSession(tab);
  const emptyCache = async () => void (await cdp.send('Network.clearBrowserCache'));
  const dashboard = await audit(chromium.port, 'dashboard', `${portal.url}/application/dashboard`, { disableStorageReset: true }, emptyCache);
  await tab.close();
  await driver.close();

  const rows: Array<[string, (figures: Figures) => number, (value: number) => string]> = [
    ['performance', (f) => f.performance, String],
    ['accessibility', (f) => f.accessibility, String],
    ['best practices', (f) => f.bestPractices, String],
    ['first contentful paint', (f) => f.fcpMs, (v) => `${(v / 1000).toFixed(2)} s`],
    ['largest contentful paint', (f) => f.lcpMs, (v) => `${(v / 1000).toFixed(2)} s`],
    ['total blocking time', (f) => f.tbtMs, (v) => `${Math.round(v)} ms`],
    ['bytes transferred', (f) => f.transferredKb, (v) => `${v.toFixed(1)} KiB`],
    ['JavaScript transferred', (f) => f.javascriptKb, (v) => `${v.toFixed(1)} KiB`],
  ];
  console.log(`\nMedian of ${RUNS} Lighthouse runs (mobile):`);
  console.log(`${'figure'.padEnd(26)}${'/login'.padStart(14)}${'dashboard'.padStart(14)}`);
  for (const [name, read, format] of rows) {
    console.log(`${name.padEnd(26)}${format(median(login.map(read))).padStart(14)}${format(median(dashboard.map(read))).padStart(14)}`);
  }
  console.log('\nJavaScript each page needs (build manifest, gzip -9):');
  for (const bundle of pageBundles()) {
    console.log(
      `${bundle.name.padEnd(12)} ${bundle.firstKb.toFixed(1)} KB before it shows, ${bundle.allKb.toFixed(1)} KB with what it loads itself (goal ${bundle.goalKb} KB); CSS its first paint waits for ${bundle.firstStylesheetsKb.toFixed(1)} KB`,
    );
  }
  console.log('Goals: performance >= 95 and accessibility 100 on both pages.');
} finally {
  await chromium.stop();
  await portal.stop();
  await database.drop();
  await postgres.stop();
}
