import { usageChangePercent } from '@verigate/contracts';

/** The usage insight card (seed 000 §2): this period's calls against the previous period of the same length. */
export interface UsageInsight {
  direction: 'increase' | 'decrease' | 'same' | 'new' | 'none';
  /** The size of the change as a whole-number percentage of the previous period; null when that period had no calls. */
  percent: number | null;
  text: string;
}

/**
 * `product` is the chosen product's name, or null for all products; `days` is the length of both
 * periods.
 */
export function usageInsight(current: number, previous: number, product: string | null, days: number): UsageInsight {
  const usage = product ? `${product} usage` : 'usage';
  const period = `the previous ${days} ${days === 1 ? 'day' : 'days'}`;
  const change = usageChangePercent(current, previous);
  if (change === null) {
    return current === 0
      ? { direction: 'none', percent: null, text: `No ${product ? `${product} ` : ''}calls in this period or ${period}.` }
      : { direction: 'new', percent: null, text: `Your ${usage} started in this period: there were no calls in ${period}.` };
  }
  if (current === previous) return { direction: 'same', percent: 0, text: `Your ${usage} is unchanged compared to ${period}.` };
  const direction = current > previous ? 'increase' : 'decrease';
  const percent = Math.abs(change);
  const amount = percent === 0 ? 'less than 1%' : `${percent}%`;
  return { direction, percent, text: `Your ${usage} ${direction === 'increase' ? 'increased' : 'decreased'} by ${amount} compared to ${period}.` };
}
