import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The clone's root folder. This file sits two levels below it both as source (server/src) and
 * bundled into the built server (server/dist/main.js), so every path derived from here holds in both.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
