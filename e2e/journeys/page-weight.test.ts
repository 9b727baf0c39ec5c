import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageBundles, WEB_DIST, type PageBundle } from '../support/bundle-budget.js';

/**
 * What the built portal makes a phone download before /login and the dashboard show: the
 * JavaScript within its budget, in few enough files that a slow connection (six requests at a
 * time) is not spent on round trips. Read from the build manifest of `npm run build`.
 */
/** The files a page loads before it shows that hold `marker`, a string the minified code keeps. */
const firstFilesHolding = (bundle: PageBundle, marker: string) =>
  bundle.firstFiles.filter((file) => readFileSync(path.join(WEB_DIST, file), 'utf8').includes(marker));

const MANTINE = path.resolve(import.meta.dirname, '../../node_modules/@mantine/core');

/** Each Mantine component's first class name, by component, from the class maps its modules import. */
const mantineFirstClasses = new Map(
  readdirSync(path.join(MANTINE, 'esm'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.css.mjs'))
    .map((file) => [path.basename(file, '.module.css.mjs'), /"(m_[0-9a-f]+)"/.exec(readFileSync(path.join(MANTINE, 'esm', file), 'utf8'))?.[1]] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined),
);

/** Where a stylesheet first styles `className` (-1 if nowhere). */
const firstRuleOf = (css: string, className: string) => css.search(new RegExp(`\\.${className}(?![0-9a-f])`));

/** The Mantine components a stylesheet styles, in the order of their first rules. */
const mantineComponentsStyledIn = (css: string) =>
  [...mantineFirstClasses]
    .map(([component, className]) => ({ component, at: firstRuleOf(css, className) }))
    .filter(({ at }) => at >= 0)
    .sort((one, other) => one.at - other.at)
    .map(({ component }) => component);

const readStylesheets = (files: string[]) => files.map((file) => readFileSync(path.join(WEB_DIST, file), 'utf8')).join('\n');

describe('page weight', () => {
  const bundles = pageBundles();

  it.each(bundles.map((bundle) => [bundle.name, bundle] as const))('%s needs no more JavaScript than its budget', (_name, bundle) => {
    expect(
      bundle.firstKb,
      `${bundle.name} needs ${bundle.firstKb.toFixed(1)} KB (gzip) before it shows; its files: ${bundle.files.join(', ')}`,
    ).toBeLessThanOrEqual(bundle.goalKb);
  });

  // web/chunks.ts: the entry and the login screen's code in one file, the shell's and the
  // dashboard's in another; Rollup's own split gave the dashboard 17 files before it showed.
  it('the sign-in page and the dashboard come in a few files, not one per shared component', () => {
    const files = Object.fromEntries(bundles.map((bundle) => [bundle.name, bundle.firstFiles]));
    expect(files['/login']!.length, "/login's first files").toBeLessThanOrEqual(6);
    expect(files.dashboard!.length, "the dashboard's first files").toBeLessThanOrEqual(9);
  });

  it("the dashboard's page names every script the dashboard needs before it shows, so that they download with the entry", () => {
    const page = readFileSync(path.join(WEB_DIST, 'dashboard.html'), 'utf8');
    const dashboard = bundles.find((bundle) => bundle.name === 'dashboard')!;
    expect(dashboard.firstFiles.filter((file) => !page.includes(`"/${file}"`))).toEqual([]);
  });

  it("the dashboard's page asks early for the stylesheets its screens bring, without its first paint waiting for them", () => {
    const page = readFileSync(path.join(WEB_DIST, 'dashboard.html'), 'utf8');
    const dashboard = bundles.find((bundle) => bundle.name === 'dashboard')!;
    const login = bundles.find((bundle) => bundle.name === '/login')!;
    const screensStylesheets = dashboard.firstStylesheets.filter((file) => !login.firstStylesheets.includes(file));
    expect(screensStylesheets.length, "the stylesheets of the dashboard's screens").toBeGreaterThan(0);
    for (const file of screensStylesheets) expect(page, file).toContain(`<link rel="preload" fetchpriority="low" as="style" crossorigin href="/${file}">`);
    expect(page).not.toMatch(/rel="stylesheet"[^>]*href="\/assets\/(shell-kit|landing)-/);
  });

  // Its first paint, the dashboard's shapes drawn at build time, needs only the page's stylesheets.
  it("the dashboard's page draws the dashboard's shapes, and asks for its scripts after the stylesheets they need", () => {
    const page = readFileSync(path.join(WEB_DIST, 'dashboard.html'), 'utf8');
    expect(page).toContain('<div id="root"><div inert><div class="shell-snapshot" aria-hidden="true">');
    const links = page.match(/<link rel="(modulepreload|preload)"[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
    const stylesheets = [...page.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]!);
    expect(readStylesheets(stylesheets)).toMatch(/\.shell-snapshot-header\{/);
  });

  // Zod names each of its schema classes in a string that minifying keeps: '$ZodType' is in its core.
  it.each(bundles.map((bundle) => [bundle.name, bundle] as const))('%s needs no zod before it shows', (_name, bundle) => {
    expect(firstFilesHolding(bundle, '"$ZodType"'), `${bundle.name}'s first files that hold zod`).toEqual([]);
  });

  // vite.config.ts: each Mantine component's module brings its own stylesheet, where Mantine's
  // whole stylesheet (230 KB, every component) held every page's first paint.
  it("/login waits for the styles of Mantine's components it draws, not for those of the others", () => {
    const login = bundles.find((bundle) => bundle.name === '/login')!;
    const styled = mantineComponentsStyledIn(readStylesheets(login.firstStylesheets));
    expect(styled).toEqual(expect.arrayContaining(['Button', 'Input', 'Paper', 'PasswordInput', 'Title']));
    expect(styled).not.toContain('Table');
    expect(styled).not.toContain('Combobox');
    expect(styled).not.toContain('Modal');
  });

  // Where one element carries the classes of two components (a button is an unstyled button too),
  // the later rule wins: Mantine's whole stylesheet has a component after the parts it is built from.
  it("every stylesheet the build wrote styles Mantine's components in the order of Mantine's own stylesheet", () => {
    const mantineOrder = mantineComponentsStyledIn(readFileSync(path.join(MANTINE, 'styles.css'), 'utf8'));
    const stylesheets = readdirSync(path.join(WEB_DIST, 'assets')).filter((file) => file.endsWith('.css'));
    const styledByAny = stylesheets.flatMap((file) => {
      const styled = mantineComponentsStyledIn(readStylesheets([path.join('assets', file)]));
      expect(styled, file).toEqual(mantineOrder.filter((component) => styled.includes(component)));
      return styled;
    });
    expect(styledByAny.length, 'the Mantine components styled by the build').toBeGreaterThan(60);
  });

  // Mantine names each component in a string that minifying keeps. The selects (Combobox) are the
  // largest part of the components the dashboard does not draw before its usage section is built.
  it('the dashboard needs no select before it shows: its usage section, with its pickers, loads once built', () => {
    const dashboard = bundles.find((bundle) => bundle.name === 'dashboard')!;
    expect(firstFilesHolding(dashboard, '"@mantine/core/Combobox"'), "the dashboard's first files that hold Mantine's Combobox").toEqual([]);
  });
});
