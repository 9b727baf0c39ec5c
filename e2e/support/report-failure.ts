import { beforeEach } from 'vitest';
import { printedByRunningPortals } from './server.js';

/** The last of what a portal printed, enough for the warning or error behind a failed step. */
const REPORTED_CHARS = 6_000;

/**
 * A failed journey prints what its portals logged while it ran (warnings and errors; logs carry no
 * data), so a failure in CI shows the server's side of it too.
 */
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const { url, output } of printedByRunningPortals()) {
      console.error(output.trim() === '' ? `The portal at ${url} logged nothing.` : `The portal at ${url} logged:\n${output.slice(-REPORTED_CHARS)}`);
    }
  });
});
