import { afterEach, vi } from 'vitest';

/** An unexpected console.error is a bug the assertions did not catch. */
const consoleError = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = consoleError.mock.calls.slice();
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
});
