import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The start lock as several `npm start`s at once meet it: each contender is a process of its own
 * (the lock names processes), and all are told to go at the same moment once loaded.
 */

const embedded = JSON.stringify(path.join(path.dirname(fileURLToPath(import.meta.url)), 'embedded.ts'));

const contenderSource = `
import { takeStartLock } from ${embedded};
import { createInterface } from 'node:readline';
const lines = createInterface({ input: process.stdin });
const next = () => new Promise((resolve) => lines.once('line', resolve));
console.log('ready');
await next();
try {
  const release = await takeStartLock(process.argv[1]);
  console.log('took');
  await next();
  release();
} catch (error) {
  console.log(error.message);
}
process.exit(0);
`;

interface Contender {
  pid: number;
  send: (line: string) => void;
  line: () => Promise<string>;
  exited: Promise<void>;
}

function contend(dataDir: string): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', contenderSource, dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : queue.push(line)));
  return {
    pid: child.pid!,
    send: (line) => child.stdin.write(`${line}\n`),
    line: () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
}

describe('the start lock of a data folder', () => {
  let folder: string;
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('goes to exactly one of several starts that find a dead start’s lock at once; the others are refused by its name', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'verigate-start-lock-'));
    const dataDir = path.join(folder, 'data');
    for (let round = 0; round < 3; round += 1) {
      await writeFile(`${dataDir}.starting`, '999999999\n');
      const contenders = Array.from({ length: 6 }, () => contend(dataDir));
      for (const contender of contenders) expect(await contender.line()).toBe('ready');
      for (const contender of contenders) contender.send('go');
      const answers = await Promise.all(contenders.map((contender) => contender.line()));

      const holders = contenders.filter((_, index) => answers[index] === 'took');
      expect(holders).toHaveLength(1);
      const refusal = `Another Verigate server (process ${holders[0]!.pid}) is starting on the data folder ${dataDir}: wait for it, or give this one a folder of its own with EMBEDDED_PG_DIR.`;
      expect(answers.filter((answer) => answer !== 'took')).toEqual(Array(contenders.length - 1).fill(refusal));

      holders[0]!.send('release');
      await Promise.all(contenders.map((contender) => contender.exited));
      expect(existsSync(`${dataDir}.starting`)).toBe(false);
      expect(existsSync(`${dataDir}.starting.clearing`)).toBe(false);
    }
  }, 120_000);

  it('clears a lock that names no process, and takes it', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'verigate-start-lock-'));
    const dataDir = path.join(folder, 'data');
    await writeFile(`${dataDir}.starting`, 'not a process id\n');
    const contender = contend(dataDir);
    expect(await contender.line()).toBe('ready');
    contender.send('go');
    expect(await contender.line()).toBe('took');
    contender.send('release');
    await contender.exited;
    expect(existsSync(`${dataDir}.starting`)).toBe(false);
  }, 60_000);

  it('names a clearing claim left behind by a start that died, once it has waited for it', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'verigate-start-lock-'));
    const dataDir = path.join(folder, 'data');
    await writeFile(`${dataDir}.starting`, '999999999\n');
    await writeFile(`${dataDir}.starting.clearing`, '999999998\n');
    const contender = contend(dataDir);
    expect(await contender.line()).toBe('ready');
    contender.send('go');
    expect(await contender.line()).toBe(
      `The lock ${dataDir}.starting.clearing was left by a start that died: remove it and start again, or give this server a folder of its own with EMBEDDED_PG_DIR.`,
    );
    await contender.exited;
  }, 60_000);
});
