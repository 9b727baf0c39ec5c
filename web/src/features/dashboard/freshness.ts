import { formatClockTime, formatDayAndMonth } from '@/lib/format';

/**
 * How fresh the dashboard's figures are: the server reads them from rollups kept current as calls
 * are recorded and answers the instant it read them (`as_of`). Within a minute: 'Updated just
 * now'; otherwise the local time, with the date when it is not today.
 */
export function freshnessLabel(asOf: string, now: Date): string {
  const read = new Date(asOf);
  if (Number.isNaN(read.getTime())) return '';
  if (now.getTime() - read.getTime() < 60_000) return 'Updated just now';
  const time = formatClockTime(read);
  if (read.toDateString() === now.toDateString()) return `as of ${time}`;
  return `as of ${formatDayAndMonth(read)}, ${time}`;
}
