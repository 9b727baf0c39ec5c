import { readFileSync } from 'node:fs';
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

  // Zod names each of its schema classes in a string that minifying keeps: '$ZodType' is in its core.
  it.each(bundles.map((bundle) => [bundle.name, bundle] as const))('%s needs no zod before it shows', (_name, bundle) => {
    expect(firstFilesHolding(bundle, '"$ZodType"'), `${bundle.name}'s first files that hold zod`).toEqual([]);
  });

  // Mantine names each component in a string that minifying keeps. The selects (Combobox) are the
  // largest part of the components the dashboard does not draw before its usage section is built.
  it('the dashboard needs no select before it shows: its usage section, with its pickers, loads once built', () => {
    const dashboard = bundles.find((bundle) => bundle.name === 'dashboard')!;
    expect(firstFilesHolding(dashboard, '"@mantine/core/Combobox"'), "the dashboard's first files that hold Mantine's Combobox").toEqual([]);
  });
});
