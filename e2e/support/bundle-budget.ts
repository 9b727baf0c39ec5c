import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The goals, in gzipped kilobytes of JavaScript. */
export const PAGES = [
  { name: '/login', screens: ['src/features/auth/routes/login.tsx'], goalKb: 150 },
  { name: 'dashboard', screens: ['src/app/shell/application-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'], goalKb: 300 },
] as const;

export interface PageBundle {
  name: string;
  goalKb: number;
  /** Drawn before the screen shows: the entry, the screen and what they import. */
  firstKb: number;
  /** Also what the screen fetches on its own once shown (the captcha widget, the usage chart). */
  allKb: number;
  /** The files of `firstKb`. */
  firstFiles: string[];
  files: string[];
  /** The stylesheets the page's first paint waits for, and their gzipped kilobytes. */
  firstStylesheets: string[];
  firstStylesheetsKb: number;
}

function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The JavaScript each page needs, from the build manifest (web/dist/.vite/manifest.json), as gzip
 * sends it. The entry's own dynamic imports are the other screens, never loaded by this page; the
 * screen's are parts it loads itself once drawn, counted in `allKb`.
 */
export function pageBundles(dist = WEB_DIST): PageBundle[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const entryKeys = staticClosure(manifest, entries);
  const gzippedKbOfFiles = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0) / 1000;
  const gzippedKb = (keys: Set<string>) => gzippedKbOfFiles([...keys].map((key) => manifest[key]!.file));
  return PAGES.map(({ name, screens, goalKb }) => {
    const first = staticClosure(manifest, [...entries, ...screens]);
    const ownDynamic = [...first].filter((key) => !entryKeys.has(key)).flatMap((key) => manifest[key]!.dynamicImports ?? []);
    const all = new Set([...first, ...staticClosure(manifest, ownDynamic)]);
    const filesOf = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file).sort();
    const firstStylesheets = [...new Set([...first].flatMap((key) => manifest[key]!.css ?? []))].sort();
    return {
      name,
      goalKb,
      firstKb: gzippedKb(first),
      allKb: gzippedKb(all),
      firstFiles: filesOf(first),
      files: filesOf(all),
      firstStylesheets,
      firstStylesheetsKb: gzippedKbOfFiles(firstStylesheets),
    };
  });
}
