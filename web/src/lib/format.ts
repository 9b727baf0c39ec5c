import { formatIndianDigits } from '@verigate/contracts';

// Dates and counts are written out rather than asked of Intl: a page's first Intl formatter loads
// the browser's locale data, 15 to 70 ms of a phone's main thread while the page is being drawn.

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A local date → '10 Jun' */
export const formatDayAndMonth = (date: Date) => `${twoDigits(date.getDate())} ${MONTH_NAMES[date.getMonth()]}`;
/** A local date → '06:13' (24-hour clock) */
export const formatClockTime = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** 1718000000000 → '10 Jun 2024' (local time) */
export function formatDate(epochMs: number): string {
  const date = new Date(epochMs);
  return `${formatDayAndMonth(date)} ${date.getFullYear()}`;
}
/** 1718000000000 → '10 Jun 2024, 06:13' (local time) */
export const formatDateTime = (epochMs: number) => `${formatDate(epochMs)}, ${formatClockTime(new Date(epochMs))}`;

/** 1234567 → '12,34,567': counts in India's grouping. */
export const formatCount = (value: number) => formatIndianDigits(value);

/** 'Prod app' → 'P' */
export const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

/** '2026-11-23T09:15:02.123+05:30' → '23 Nov 2026, 09:15:02': the time in the zone the server wrote it in. */
export function formatZonedTimestamp(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(value);
  if (!match) return value;
  return `${match[3]} ${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}, ${match[4]}`;
}

/** '2026-11-23' → '23 Nov' */
export const formatShortDay = (date: string) => `${date.slice(8, 10)} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? ''}`;
