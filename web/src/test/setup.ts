import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { staticMediaQueryList } from './media';

// A screen's first data and lazy parts arrive within Testing Library's 1 s wait on a quiet
// machine; on a loaded 2-core CI machine a findBy… needed more. A wait ends as soon as it is met.
configure({ asyncUtilTimeout: 5_000 });

/** An unexpected console.error (a React warning, a jsdom API it lacks) is a bug the assertions did not catch. */
const consoleError = vi.spyOn(console, 'error');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  const calls = consoleError.mock.calls.slice();
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
});

// jsdom has no matchMedia; Mantine reads it for responsive props and the colour scheme.
if (!window.matchMedia) window.matchMedia = (query: string) => staticMediaQueryList(query, false);

// Nor ResizeObserver, which Mantine's SegmentedControl uses to place its indicator.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Nor scrollIntoView, which Mantine's combobox calls to show the chosen option of an opening list.
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;
