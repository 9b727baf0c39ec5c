import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every module the entry point reaches, with the packages they import (relative imports followed). */
function reach(entry: URL): { files: Map<string, string>; packages: Set<string> } {
  const files = new Map<string, string>();
  const packages = new Set<string>();
  const visit = (url: URL) => {
    if (files.has(url.href)) return;
    const source = readFileSync(url, 'utf8');
    files.set(url.href, source);
    for (const [, specifier] of source.matchAll(/(?:^|\n)\s*(?:import|export)(?:[^'";]*?from)?\s*'([^']+)'/g)) {
      if (specifier!.startsWith('.')) visit(new URL(specifier!.replace(/\.js$/, '.ts'), url));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the package entry points', () => {
  it('keep the main entry browser-safe: no node built-ins, no Buffer or process, only zod and contracts', () => {
    const { files, packages } = reach(new URL('./index.ts', import.meta.url));
    expect([...packages].sort()).toEqual(['@verigate/contracts', 'zod']);
    for (const [file, source] of files) expect(source, file).not.toMatch(/\bBuffer\b|\bprocess\.|\brequire\(/);
    expect([...files.keys()].some((file) => file.includes('/sandbox/'))).toBe(false);
    expect(files.size).toBeGreaterThan(20);
  });

  it('keep node built-ins behind the sandbox entry point', () => {
    const { packages } = reach(new URL('./sandbox/index.ts', import.meta.url));
    expect(packages).toContain('node:buffer');
  });
});
