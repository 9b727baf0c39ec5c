import { AreaChart } from '@mantine/charts';
import type { UsagePoint } from '@verigate/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-23' → '23 Nov' */
const shortDay = (date: string) => `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''}`;

/** Calls per day over the chosen range (@mantine/charts, loaded with the dashboard's usage). */
export function UsageChart({ points, label }: { points: UsagePoint[]; label: string }) {
  const data = points.map((point) => ({ day: shortDay(point.date), Calls: point.transaction_count }));
  return (
    <AreaChart
      h={260}
      data={data}
      dataKey="day"
      series={[{ name: 'Calls', color: 'brand.6' }]}
      curveType="linear"
      withDots={data.length <= 31}
      gridAxis="y"
      tickLine="none"
      yAxisProps={{ allowDecimals: false, width: 48 }}
      xAxisProps={{ minTickGap: 24 }}
      fillOpacity={0.25}
      aria-label={label}
      role="img"
    />
  );
}
