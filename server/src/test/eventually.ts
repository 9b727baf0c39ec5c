/** How often a condition is read again: often enough that a test waits little beyond the event. */
const POLL_MS = 50;

/**
 * Reads `read` until `done` holds for what it returned, and returns that. Without `done`, until it
 * returns something other than undefined. After `ms` it fails with the last value read, so a test
 * that gives up says what it saw.
 */
export async function eventually<T>(read: () => T | Promise<T>, done?: (value: T) => boolean, ms = 15_000): Promise<Exclude<T, undefined>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done ? done(value) : value !== undefined) return value as Exclude<T, undefined>;
    if (Date.now() > deadline) throw new Error(`gave up after ${ms} ms with ${String(JSON.stringify(value)).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
