import { readdir, readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
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

/** The middle value (the lower of the two middle ones of an even count). */
export const median = (values: readonly number[]) =>
  quantile(
    [...values].sort((x, y) => x - y),
    0.5,
  );

/** The median, or null when any figure is missing (PostgreSQL's CPU where its processes are not visible, say). */
export const medianOrNull = (values: readonly (number | null)[]): number | null =>
  values.every((value) => value !== null) ? median(values as number[]) : null;

/**
 * Per-round ratios of two lists of figures measured round by round (index i of each in the same
 * round), as "median (lowest to highest)"; rounds where either figure is missing are skipped.
 */
export function roundRatios(numerators: readonly (number | null)[], denominators: readonly (number | null)[]): string {
  const each = numerators.flatMap((numerator, index) => {
    const denominator = denominators[index];
    return numerator === null || denominator === null || denominator === undefined ? [] : [numerator / denominator];
  });
  if (each.length === 0) return 'n/a';
  return `${median(each).toFixed(3)} (${Math.min(...each).toFixed(3)} to ${Math.max(...each).toFixed(3)})`;
}

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
 * What a server's process has used so far: its CPU time, and its event loop's busy time (null: an
 * older build's instance, which does not tell it).
 */
export interface ProcessUsage {
  cpuMicros: number;
  loopBusyMs: number | null;
}

/**
 * This process's usage. The loop's busy time counts from the process's start: where it nears the
 * time a target was loaded, the loop, not the cores or the database, bounds the target's calls.
 */
export function ownProcessUsage(): ProcessUsage & { loopBusyMs: number } {
  const used = process.cpuUsage();
  return { cpuMicros: used.user + used.system, loopBusyMs: performance.eventLoopUtilization().active };
}

/** What was used between two readings of a process's usage. */
export const usedBetween = (before: ProcessUsage, after: ProcessUsage): ProcessUsage => ({
  cpuMicros: after.cpuMicros - before.cpuMicros,
  loopBusyMs: before.loopBusyMs === null || after.loopBusyMs === null ? null : after.loopBusyMs - before.loopBusyMs,
});

/**
 * Watches the CPU the PostgreSQL processes this machine shows use (the embedded server's, or a
 * local DATABASE_URL's with whatever else it serves) until `stop`, which answers the seconds used,
 * or null when the machine shows none (no /proc, or the server is elsewhere). Each process is
 * read every 100 ms, so a backend that exits meanwhile (a pool closing an idle connection) keeps
 * what it used up to its last reading.
 */
export function watchPostgresCpu(): { stop: () => Promise<number | null> } {
  const others = new Set<string>();
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  let started = false;
  const read = async () => {
    const pids = await readdir('/proc').catch(() => [] as string[]);
    await Promise.all(
      pids
        .filter((pid) => /^\d+$/.test(pid) && !others.has(pid))
        .map(async (pid) => {
          const stat = await statOf(pid).catch(() => null);
          if (!stat) return;
          if (stat.name !== 'postgres') {
            others.add(pid);
            return;
          }
          if (!first.has(pid)) first.set(pid, started ? 0 : stat.cpuSeconds);
          last.set(pid, stat.cpuSeconds);
        }),
    );
    started = true;
  };
  let reading = read();
  const timer = setInterval(() => (reading = reading.then(read)), 100);
  return {
    stop: async () => {
      clearInterval(timer);
      await reading.then(read);
      return last.size === 0 ? null : [...last].reduce((sum, [pid, seconds]) => sum + seconds - first.get(pid)!, 0);
    },
  };
}
