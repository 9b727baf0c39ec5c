import type { UsagePoint } from '@verigate/contracts';
import { useState } from 'react';
import { formatCount, formatShortDay } from '@/lib/format';
import './usage-chart.css';

/** Day labels under the bars: about this many whatever the range, so they fit a phone's width. */
const X_LABELS = 6;
/** Lines across the plot, zero included. */
const Y_LINES = 5;

/** The y axis: whole numbers of calls in steps of 1, 2, 2.5 or 5 times a power of ten, from 0 to at least `max`. */
export function callTicks(max: number): number[] {
  const rough = Math.max(1, max) / (Y_LINES - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const steps = [1, 2, 2.5, 5, 10].map((factor) => factor * power).filter(Number.isInteger);
  const step = Math.max(1, steps.find((candidate) => candidate >= rough) ?? 10 * power);
  const lines = Math.max(2, Math.ceil(Math.max(1, max) / step) + 1);
  return Array.from({ length: lines }, (_, index) => index * step);
}

/**
 * Which bars carry a day label: the first and every `step`-th after it. Every other one is minor:
 * a narrow chart (a phone) hides those (usage-chart.css).
 */
export const dayLabel = (days: number): ((index: number) => 'major' | 'minor' | null) => {
  const step = Math.max(1, Math.ceil(days / X_LABELS));
  return (index) => (index % step !== 0 ? null : (index / step) % 2 === 0 ? 'major' : 'minor');
};

/**
 * Calls per day over the chosen range as bars, drawn with CSS: positions are shares of the plot,
 * so it fits any width without measuring it. Pointing at a day (mouse or touch) shows its count.
 * For assistive technology it is one image named by `label`; the figures are given beside it.
 */
export function UsageChart({ points, label }: { points: UsagePoint[]; label: string }) {
  const [pointed, setPointed] = useState<number | null>(null);
  const ticks = callTicks(Math.max(0, ...points.map((point) => point.transaction_count)));
  const top = ticks[ticks.length - 1]!;
  const share = (calls: number) => `${(100 * calls) / top}%`;
  const centre = (index: number) => `${(100 * (index + 0.5)) / points.length}%`;
  const labelOf = dayLabel(points.length);
  // A shorter range may arrive while a day of the longer one is pointed at: it shows nothing then.
  const shownPoint = pointed === null ? undefined : points[pointed];
  const shown = pointed !== null && shownPoint ? { index: pointed, point: shownPoint } : null;

  return (
    <div className="usage-chart" role="img" aria-label={label} onPointerLeave={() => setPointed(null)}>
      <div className="usage-chart__y-axis">
        {ticks.map((tick) => (
          <span key={tick} style={{ bottom: share(tick) }}>
            {formatCount(tick)}
          </span>
        ))}
      </div>
      <div className="usage-chart__plot">
        {ticks.map((tick) => (
          <div key={tick} className="usage-chart__line" style={{ bottom: share(tick) }} />
        ))}
        <div className="usage-chart__days">
          {points.map((point, index) => (
            <div key={point.date} className="usage-chart__day" data-pointed={index === pointed || undefined} onPointerEnter={() => setPointed(index)}>
              <div className="usage-chart__bar" style={{ height: share(point.transaction_count) }} />
            </div>
          ))}
        </div>
        {shown && (
          <div className="usage-chart__tip" data-side={shown.index < points.length / 2 ? 'right' : 'left'} style={{ left: centre(shown.index) }}>
            <strong>{formatShortDay(shown.point.date)}</strong> {formatCount(shown.point.transaction_count)}{' '}
            {shown.point.transaction_count === 1 ? 'call' : 'calls'}
          </div>
        )}
      </div>
      <div className="usage-chart__x-axis">
        {points.map((point, index) => {
          const label = labelOf(index);
          return label ? (
            <span key={point.date} data-minor={label === 'minor' || undefined} style={{ left: centre(index) }}>
              {formatShortDay(point.date)}
            </span>
          ) : null;
        })}
      </div>
    </div>
  );
}
