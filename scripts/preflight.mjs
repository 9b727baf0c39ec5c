import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './ensure-installed.mjs';

/**
 * What `npm start` and `npm test` check before they run anything, each failure one sentence and
 * exit code 1: the Node.js version that package.json's `engines` names, and (for the tests) the
 * Chromium the browser journeys drive and the HAProxy the two-instance deployment test starts.
 * The decisions are pure functions of the facts, so a unit test can feed them an old version or a
 * machine without root.
 */

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const DEFAULT_HAPROXY = '/usr/sbin/haproxy';

const numbers = (version) =>
  version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);

/** The sentence that stops a Node.js older than `engines` (a `>=major.minor.patch` range), or null. */
export function nodeVersionProblem(version, engines) {
  const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines.trim())?.[1];
  if (!minimum) throw new Error(`package.json engines.node must read ">=x.y.z", not "${engines}"`);
  const have = numbers(version);
  const need = numbers(minimum);
  for (let index = 0; index < 3; index += 1) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference > 0) return null;
    if (difference < 0)
      return `Verigate needs Node.js ${minimum} or newer and this is Node.js ${version.replace(/^v/, '')}: install a current Node.js (https://nodejs.org) and run the command again.`;
  }
  return null;
}

/**
 * What to do about the browser, from the facts of this machine: `chromium` (the path in use),
 * `fromEnv` (CHROMIUM_PATH named it), `present`, `root`, `passwordlessSudo`, `apt` (apt-get found).
 * Returns `{do: 'run'}`, `{do: 'install', aptGet, say}` (aptGet: how to run apt-get here) or `{do: 'stop', say}`.
 */
export function browserPlan({ chromium, fromEnv, present, root: isRoot, passwordlessSudo, apt }) {
  if (present) return { do: 'run' };
  // Debian's package installs /usr/bin/chromium, which does not help a CHROMIUM_PATH that names another file.
  if (fromEnv) {
    return {
      do: 'stop',
      say: `Chromium not found at ${chromium} (CHROMIUM_PATH): point CHROMIUM_PATH at a Chromium binary, or unset it and run \`sudo apt-get install chromium\`.`,
    };
  }
  if (apt && (isRoot || passwordlessSudo)) {
    return {
      do: 'install',
      aptGet: isRoot ? ['apt-get'] : ['sudo', '-n', 'apt-get'],
      say: `Chromium not found at ${chromium}: installing Debian's chromium for the browser tests (apt-get install chromium) ...`,
    };
  }
  return {
    do: 'stop',
    say: `Chromium not found at ${chromium}: run \`sudo apt-get install chromium\` (or set CHROMIUM_PATH to a Chromium binary), then \`npm test\` again.`,
  };
}

/**
 * What to do about HAProxy, from the same facts as browserPlan (`haproxy`: the path in use,
 * `fromEnv`: HAPROXY_PATH named it). Only server/src/deployment.test.ts needs it, and that test is
 * skipped with a message without it, so a missing HAProxy never stops the run:
 * `{do: 'run'}`, `{do: 'install', aptGet, say}` or `{do: 'skip', say}`.
 */
export function haproxyPlan({ haproxy, fromEnv, present, root: isRoot, passwordlessSudo, apt }) {
  if (present) return { do: 'run' };
  if (!fromEnv && apt && (isRoot || passwordlessSudo)) {
    return {
      do: 'install',
      aptGet: isRoot ? ['apt-get'] : ['sudo', '-n', 'apt-get'],
      say: `HAProxy not found at ${haproxy}: installing Debian's haproxy for the two-instance deployment test (apt-get install haproxy) ...`,
    };
  }
  return {
    do: 'skip',
    say: `HAProxy not found at ${haproxy}${fromEnv ? ' (HAPROXY_PATH)' : ''}: the two-instance deployment test will be skipped; \`sudo apt-get install haproxy\` makes it run.`,
  };
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

function stop(sentence) {
  console.error(sentence);
  process.exit(1);
}

/** Stops a Node.js older than package.json's engines. */
export function requireNodeVersion() {
  const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const problem = nodeVersionProblem(process.version, engines.node);
  if (problem) stop(problem);
}

/** Whether this machine may install Debian packages: root or passwordless sudo, and apt-get. */
function machineFacts() {
  return {
    root: process.getuid?.() === 0,
    passwordlessSudo: process.getuid?.() !== 0 && succeeds('sudo', ['-n', 'true']),
    apt: succeeds('apt-get', ['--version']),
  };
}

/** Runs `apt-get update` and `apt-get install -y <name>` the way the plan says; true when both succeeded. */
function aptInstall([command, ...base], name) {
  const aptGet = (args) =>
    spawnSync(command, [...base, ...args], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  return aptGet(['update', '-qq']) && aptGet(['install', '-y', '-qq', name]);
}

/** Installs Debian's chromium when it is missing and this machine may, else stops naming the command to run. */
export function requireBrowser() {
  const chromium = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const plan = browserPlan({ chromium, fromEnv: Boolean(process.env.CHROMIUM_PATH), present: existsSync(chromium), ...machineFacts() });
  if (plan.do === 'run') return;
  if (plan.do === 'stop') stop(plan.say);
  console.log(plan.say);
  if (!(aptInstall(plan.aptGet, 'chromium') && existsSync(chromium))) {
    stop("Installing Debian's chromium failed: run `sudo apt-get install chromium`, then `npm test` again.");
  }
}

/** Installs Debian's haproxy when it is missing and this machine may, else says the deployment test will be skipped. */
export function offerHaproxy() {
  const haproxy = process.env.HAPROXY_PATH || DEFAULT_HAPROXY;
  const plan = haproxyPlan({ haproxy, fromEnv: Boolean(process.env.HAPROXY_PATH), present: existsSync(haproxy), ...machineFacts() });
  if (plan.do === 'run') return;
  console.log(plan.say);
  if (plan.do === 'install' && !(aptInstall(plan.aptGet, 'haproxy') && existsSync(haproxy))) {
    console.log("Installing Debian's haproxy failed: the two-instance deployment test will be skipped; `sudo apt-get install haproxy` makes it run.");
  }
}
