import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root, run, runOrExit } from './ensure-installed.mjs';
import { offerHaproxy, requireBrowser, requireNodeVersion } from './preflight.mjs';

/**
 * The whole suite, in the order a failure is cheapest to find: what the machine needs (Node.js,
 * Chromium, and HAProxy when it can be installed) before anything runs, then types, lint, unit
 * and API tests on a real PostgreSQL, then the browser journeys against the built portal.
 */
requireNodeVersion();
requireBrowser();
offerHaproxy();
ensureInstalled();
runOrExit('npm', ['run', 'typecheck']);
runOrExit('npm', ['run', 'lint']);

const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const suites = [
  {
    name: 'unit and API',
    args: ['run', '--project', 'scripts', '--project', 'contracts', '--project', 'catalog', '--project', 'server', '--project', 'web'],
    report: 'api.json',
  },
  { name: 'browser', args: ['run', '--config', 'e2e/vitest.config.ts'], report: 'e2e.json', before: ensureWebBuilt },
];

let passed = 0;
let failed = 0;
let status = 0;
for (const suite of suites) {
  suite.before?.();
  const report = path.join(reports, suite.report);
  const exit = run(vitest, [...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  }
  if (exit !== 0 || failed > 0) {
    console.error(`The ${suite.name} tests failed.`);
    status = exit || 1;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status);
