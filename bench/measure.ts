import { readdir, readFile } from 'node:fs/promises';
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

/** A process's name and the CPU seconds (user and system) it has used: /proc/<pid>/stat, fields 2, 14 and 15, in clock ticks of 1/100 s. */
async function statOf(pid: number | string): Promise<{ name: string; cpuSeconds: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

export const cpuSecondsOf = async (pid: number): Promise<number> => (await statOf(pid)).cpuSeconds;

/**
 * The CPU seconds used so far by the PostgreSQL processes this machine shows (the embedded
 * server's, or a local DATABASE_URL's with whatever else it serves), or null when it shows none
 * (no /proc, or the server is elsewhere). A process that ends between two readings takes its
 * seconds with it: PostgreSQL keeps its backends for as long as the pool keeps its connections.
 */
export async function postgresCpuSeconds(): Promise<number | null> {
  const pids = await readdir('/proc').catch(() => [] as string[]);
  const stats = await Promise.all(pids.filter((pid) => /^\d+$/.test(pid)).map((pid) => statOf(pid).catch(() => null)));
  const postgres = stats.filter((stat) => stat?.name === 'postgres');
  return postgres.length === 0 ? null : postgres.reduce((sum, stat) => sum + stat!.cpuSeconds, 0);
}
