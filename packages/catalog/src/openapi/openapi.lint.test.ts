import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './index.js';

/** Redocly CLI's lint of the generated document, with packages/catalog/redocly.yaml; it runs offline. */
const CATALOG = path.resolve(import.meta.dirname, '../..');
const cliPackage = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
const REDOCLY = path.join(path.dirname(cliPackage), (JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: { redocly: string } }).bin.redocly);
const folder = mkdtempSync(path.join(tmpdir(), 'verigate-openapi-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the OpenAPI document under Redocly lint', () => {
  it('has no error and no warning', async () => {
    const file = path.join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(openApiDocument('https://portal.verigate.test')));
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--config', path.join(CATALOG, 'redocly.yaml'), '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: Array<{ message: string }> };
    expect(report.problems.map((problem) => problem.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
