import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOnceTrue } from './use-once-true';

describe('useOnceTrue', () => {
  it('is false until its condition is first true, and stays true once the condition is false again', () => {
    const { result, rerender } = renderHook(({ condition }) => useOnceTrue(condition), { initialProps: { condition: false } });
    expect(result.current).toBe(false);
    rerender({ condition: true });
    expect(result.current).toBe(true);
    rerender({ condition: false });
    expect(result.current).toBe(true);
  });

  it('is true from the first render when its condition is', () => {
    const { result } = renderHook(() => useOnceTrue(true));
    expect(result.current).toBe(true);
  });
});
