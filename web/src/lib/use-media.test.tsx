import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticMediaQueryList } from '@/test/media';
import { useMedia } from './use-media';

const PHONE = '(max-width: 47.99em)';

const matchingOnly = (matching: string) =>
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => staticMediaQueryList(query, query === matching));

function renderedValues(query: string): boolean[] {
  const values: boolean[] = [];
  function Probe() {
    values.push(useMedia(query));
    return null;
  }
  render(<Probe />);
  return values;
}

describe('useMedia', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers on the first render, which is the only one, when the query matches', () => {
    matchingOnly(PHONE);
    expect(renderedValues(PHONE)).toEqual([true]);
  });

  it('answers false on the first render, which is the only one, when it does not', () => {
    matchingOnly('(min-width: 100em)');
    expect(renderedValues(PHONE)).toEqual([false]);
  });
});
