import { describe, expect, it } from 'vitest';
import { usageInsight } from './insight';

describe('the usage insight', () => {
  it('reports an increase as a whole-number percentage', () => {
    expect(usageInsight(150, 120, 'PAN Lite', 30)).toEqual({
      direction: 'increase',
      percent: 25,
      text: 'Your PAN Lite usage increased by 25% compared to the previous 30 days.',
    });
  });

  it('rounds a decrease to a whole number', () => {
    const insight = usageInsight(2, 3, null, 7);
    expect(insight.direction).toBe('decrease');
    expect(insight.percent).toBe(33);
    expect(insight.text).toBe('Your usage decreased by 33% compared to the previous 7 days.');
  });

  it('says when usage is unchanged, or changed by less than one per cent', () => {
    expect(usageInsight(40, 40, null, 30).text).toBe('Your usage is unchanged compared to the previous 30 days.');
    expect(usageInsight(1001, 1000, null, 1).text).toBe('Your usage increased by less than 1% compared to the previous 1 day.');
  });

  it('gives no percentage when the previous period had no calls', () => {
    expect(usageInsight(5, 0, 'PAN Lite', 30)).toMatchObject({ direction: 'new', percent: null });
    expect(usageInsight(0, 0, null, 30)).toMatchObject({ direction: 'none', percent: null, text: 'No calls in this period or the previous 30 days.' });
  });
});
