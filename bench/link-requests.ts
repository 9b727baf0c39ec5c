/**
 * `npm run bench:link-requests`: does asking for a password-reset or verification link take longer
 * for a registered email than for an unknown one? Builds the real app on a real PostgreSQL
 * (DATABASE_URL, or an embedded one in a temporary folder) with one registered user who has not set
 * a password yet (so both links would be mailed to them), then sends
 * ROUNDS alternating requests for the registered and for unknown emails through app.inject and
 * prints the p50 and p90 answer times of each and the ratio registered/unknown (the baseline).
 * Nothing is asserted: a ratio near 1 means the answer time does not tell the two apart.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { users } from '../server/src/db/schema.js';
import { benchDatabase, startPostgres } from './postgres.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const PORTAL = 'http://portal.bench';
const REGISTERED = 'registered@verigate-bench.in';

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

async function main() {
  const postgres = await startPostgres();
  const handle = await benchDatabase(postgres);
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      PUBLIC_URL: PORTAL,
      RATE_LIMIT_PER_IP: '1000000',
      RATE_LIMIT_PER_EMAIL: '1000000',
      RESEND_WINDOW_MS: '1',
    }),
    db: handle.db,
  });
  try {
    await handle.db.insert(users).values({ email: REGISTERED, firstName: 'Bench', lastName: 'User', consentAt: new Date() });
    const ask = async (path: string, email: string) => {
      const started = performance.now();
      const reply = await app.inject({
        method: 'POST',
        url: path,
        payload: { email, success_redirect: `${PORTAL}/create-password`, failure_redirect: `${PORTAL}/password-reset-link-expiry` },
      });
      if (reply.statusCode !== 200) throw new Error(`${path} answered ${reply.statusCode}: ${reply.body}`);
      return performance.now() - started;
    };

    console.log(`${ROUNDS} rounds per call, registered and unknown emails alternating, in process (app.inject)`);
    console.log(
      `${'call'.padEnd(34)} ${'p50 known'.padStart(10)} ${'p50 unknown'.padStart(12)} ${'p90 known'.padStart(10)} ${'p90 unknown'.padStart(12)}  ratio p50`,
    );
    for (const path of ['/api/user/password-reset', '/api/user/verification-link']) {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        known.push(await ask(path, REGISTERED));
        unknown.push(await ask(path, `unknown${round}@verigate-bench.in`));
      }
      const ms = (value: number) => `${value.toFixed(2)} ms`;
      console.log(
        `${path.padEnd(34)} ${ms(percentile(known, 0.5)).padStart(10)} ${ms(percentile(unknown, 0.5)).padStart(12)} ${ms(percentile(known, 0.9)).padStart(10)} ${ms(percentile(unknown, 0.9)).padStart(12)}  ${(percentile(known, 0.5) / percentile(unknown, 0.5)).toFixed(2)}`,
      );
    }
  } finally {
    await app.close();
    await handle.drop();
    await postgres.stop();
  }
}

await main();
