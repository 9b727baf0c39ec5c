import { BarChart } from '@mantine/charts';
import type { UsagePoint } from '@verigate/contracts';
import '@mantine/charts/styles.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-23' → '23 Nov' */
const shortDay = (date: string) => `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''}`;

/**
 * Calls per day over the chosen range (@mantine/charts, loaded with the dashboard's usage). Bars:
 * with the installed recharts 2, Mantine's area chart draws only its dots.
 */
export function UsageChart({ points, label }: { points: UsagePoint[]; label: string }) {
  const data = points.map((point) => ({ day: shortDay(point.date), Calls: point.transaction_count }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="day"
      series={[{ name: 'Calls', color: 'brand.6' }]}
      gridAxis="x"
      tickLine="none"
      yAxisProps={{ allowDecimals: false, width: 48 }}
      xAxisProps={{ minTickGap: 24 }}
      maxBarWidth={28}
      aria-label={label}
      role="img"
    />
  );
}
