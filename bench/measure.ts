import type { Jobs } from '../server/src/platform/jobs.js';

/** A bench drives services directly: no queue is needed. */
export const noJobs: Jobs = {
  define: async () => {},
  work: async () => {},
  schedule: async () => {},
  send: async () => {},
  running: () => true,
  stop: async () => {},
};

export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export interface Figure {
  name: string;
  median: number;
  p95: number;
  note: string;
}

/** Runs `run` once to warm up, then `runs` times, and prints its median and p95 in ms with the last note; flags a p95 over `goalMs`. */
export async function measure(name: string, runs: number, goalMs: number, run: () => Promise<string | void>): Promise<Figure> {
  let note = (await run()) ?? '';
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    note = (await run()) ?? note;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const figure = { name, median: quantile(times, 0.5), p95: quantile(times, 0.95), note };
  const flag = figure.p95 < goalMs ? '' : `   over ${goalMs} ms`;
  console.log(`${name.padEnd(44)} ${figure.median.toFixed(1).padStart(8)} ${figure.p95.toFixed(1).padStart(8)}   ${note}${flag}`);
  return figure;
}

/** Prints a plan from EXPLAIN ANALYZE, leaving out the partitions pruned at run time ("never executed") and what is below them. */
export function printPlan(title: string, lines: string[]): void {
  console.log('');
  console.log(`${title} (partitions pruned at run time left out):`);
  let skipBelow = -1;
  for (const line of lines) {
    const indent = line.search(/\S/);
    if (skipBelow >= 0 && indent > skipBelow) continue;
    skipBelow = /never executed/.test(line) ? indent : -1;
    if (skipBelow < 0) console.log(`  ${line}`);
  }
}
