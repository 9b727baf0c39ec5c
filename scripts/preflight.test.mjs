import { describe, expect, it } from 'vitest';
import { browserPlan, DEFAULT_CHROMIUM, DEFAULT_HAPROXY, haproxyPlan, nodeVersionProblem } from './preflight.mjs';

describe('the Node.js version check', () => {
  it('stops a Node.js older than engines in one sentence that names both versions', () => {
    for (const old of ['v20.18.3', 'v18.20.8', '20.9.0', 'v16.0.0']) {
      const problem = nodeVersionProblem(old, '>=20.19');
      expect(problem).toMatch(/^Verigate needs Node\.js 20\.19 or newer and this is Node\.js \d+\.\d+\.\d+: .*\.$/);
      expect(problem).toContain(old.replace(/^v/, ''));
      expect(problem.split('. ')).toHaveLength(1);
    }
  });

  it('lets the named version and anything newer run', () => {
    for (const current of ['v20.19.0', 'v20.20.0', 'v22.1.0', '24.0.0']) expect(nodeVersionProblem(current, '>=20.19')).toBeNull();
    expect(nodeVersionProblem('v20.19.1', '>=20.19.2')).not.toBeNull();
  });

  it('refuses an engines range it cannot read rather than guess', () => {
    expect(() => nodeVersionProblem('v20.20.0', '^20')).toThrow('engines.node');
  });
});

describe('the browser check', () => {
  const missing = { chromium: DEFAULT_CHROMIUM, fromEnv: false, present: false, root: false, passwordlessSudo: false, apt: true };

  it('runs when the browser is there', () => {
    expect(browserPlan({ ...missing, present: true })).toEqual({ do: 'run' });
  });

  it("installs Debian's chromium when it is missing and the machine may: as root, or with sudo that needs no password", () => {
    expect(browserPlan({ ...missing, root: true })).toMatchObject({ do: 'install', aptGet: ['apt-get'] });
    const withSudo = browserPlan({ ...missing, passwordlessSudo: true });
    expect(withSudo).toMatchObject({ do: 'install', aptGet: ['sudo', '-n', 'apt-get'] });
    expect(withSudo.say).toBe("Chromium not found at /usr/bin/chromium: installing Debian's chromium for the browser tests (apt-get install chromium) ...");
  });

  it('stops at once, naming the command to run, without root or sudo, or without apt', () => {
    for (const facts of [missing, { ...missing, root: true, apt: false }]) {
      expect(browserPlan(facts)).toEqual({
        do: 'stop',
        say: 'Chromium not found at /usr/bin/chromium: run `sudo apt-get install chromium` (or set CHROMIUM_PATH to a Chromium binary), then `npm test` again.',
      });
    }
  });

  it('stops for a CHROMIUM_PATH that names no file, even as root: the package would not put a browser there', () => {
    const plan = browserPlan({ ...missing, chromium: '/nonexistent', fromEnv: true, root: true });
    expect(plan).toMatchObject({ do: 'stop' });
    expect(plan.say).toMatch(/^Chromium not found at \/nonexistent \(CHROMIUM_PATH\): /);
  });
});

describe('the HAProxy check', () => {
  const missing = { haproxy: DEFAULT_HAPROXY, fromEnv: false, present: false, root: false, passwordlessSudo: false, apt: true };

  it('runs when HAProxy is there', () => {
    expect(haproxyPlan({ ...missing, present: true })).toEqual({ do: 'run' });
  });

  it("installs Debian's haproxy when it is missing and the machine may: as root, or with sudo that needs no password", () => {
    expect(haproxyPlan({ ...missing, root: true })).toMatchObject({ do: 'install', aptGet: ['apt-get'] });
    const withSudo = haproxyPlan({ ...missing, passwordlessSudo: true });
    expect(withSudo).toMatchObject({ do: 'install', aptGet: ['sudo', '-n', 'apt-get'] });
    expect(withSudo.say).toBe(
      "HAProxy not found at /usr/sbin/haproxy: installing Debian's haproxy for the two-instance deployment test (apt-get install haproxy) ...",
    );
  });

  it('never stops the run: without root, sudo or apt, or for an HAPROXY_PATH that names no file, it says the deployment test will be skipped', () => {
    for (const facts of [missing, { ...missing, root: true, apt: false }]) {
      expect(haproxyPlan(facts)).toEqual({
        do: 'skip',
        say: 'HAProxy not found at /usr/sbin/haproxy: the two-instance deployment test will be skipped; `sudo apt-get install haproxy` makes it run.',
      });
    }
    expect(haproxyPlan({ ...missing, haproxy: '/nonexistent', fromEnv: true, root: true })).toMatchObject({
      do: 'skip',
      say: expect.stringMatching(/^HAProxy not found at \/nonexistent \(HAPROXY_PATH\): /),
    });
  });
});
