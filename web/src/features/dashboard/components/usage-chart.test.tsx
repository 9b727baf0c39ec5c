import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageChart, callTicks, dayLabel } from './usage-chart';

const days = (counts: number[]) => counts.map((transaction_count, index) => ({ date: `2026-03-${String(index + 1).padStart(2, '0')}`, transaction_count }));

describe('the calls-per-day chart', () => {
  it('counts whole calls on its y axis, from zero to at least the busiest day', () => {
    expect(callTicks(0)).toEqual([0, 1]);
    expect(callTicks(1)).toEqual([0, 1]);
    expect(callTicks(3)).toEqual([0, 1, 2, 3]);
    expect(callTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(callTicks(150)).toEqual([0, 50, 100, 150]);
    expect(callTicks(151)).toEqual([0, 50, 100, 150, 200]);
    expect(callTicks(905)).toEqual([0, 250, 500, 750, 1000]);
    expect(callTicks(98_765)).toEqual([0, 25_000, 50_000, 75_000, 100_000]);
  });

  it('labels about six days whatever the range, the first always, every other one minor', () => {
    const shown = (count: number) => {
      const labelOf = dayLabel(count);
      return Array.from({ length: count }, (_, index) => [index, labelOf(index)]).filter(([, label]) => label);
    };
    expect(shown(7)).toEqual([
      [0, 'major'],
      [2, 'minor'],
      [4, 'major'],
      [6, 'minor'],
    ]);
    expect(shown(30).map(([index]) => index)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(shown(120).map(([index]) => index)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(shown(1)).toEqual([[0, 'major']]);
  });

  it('draws a bar per day at its share of the axis, and shows the count of the day pointed at', () => {
    const { container } = render(<UsageChart points={days([2, 0, 8, 1])} label="Calls per day, all products" />);
    const chart = screen.getByRole('img', { name: 'Calls per day, all products' });
    const bars = [...container.querySelectorAll<HTMLElement>('.usage-chart__bar')];
    expect(bars.map((bar) => bar.style.height)).toEqual(['25%', '0%', '100%', '12.5%']);
    expect(chart).toHaveTextContent('01 Mar');
    expect(chart).not.toHaveTextContent('8 calls');

    fireEvent.pointerEnter(bars[2]!.parentElement!);
    expect(chart).toHaveTextContent('03 Mar 8 calls');
    fireEvent.pointerEnter(bars[3]!.parentElement!);
    expect(chart).toHaveTextContent('04 Mar 1 call');
    fireEvent.pointerLeave(chart);
    expect(chart).not.toHaveTextContent('1 call');
  });

  it('shows no count when the day pointed at is beyond a shorter range that arrives', () => {
    const { container, rerender } = render(<UsageChart points={days([2, 0, 8, 1])} label="Calls per day, all products" />);
    fireEvent.pointerEnter(container.querySelectorAll('.usage-chart__day')[3]!);
    expect(screen.getByRole('img')).toHaveTextContent('04 Mar 1 call');
    rerender(<UsageChart points={days([5, 3])} label="Calls per day, all products" />);
    expect(screen.getByRole('img')).not.toHaveTextContent('call');
    expect(container.querySelectorAll('.usage-chart__bar')).toHaveLength(2);
  });
});
