import { readFileSync, writeFileSync } from 'node:fs';
import { withMagicTables } from '../src/sandbox/magic-table.js';

/** Rewrites the generated magic-input tables of src/sandbox/README.md from the definitions. */
const path = new URL('../src/sandbox/README.md', import.meta.url);
writeFileSync(path, withMagicTables(readFileSync(path, 'utf8')));
