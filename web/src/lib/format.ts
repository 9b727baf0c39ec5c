const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** 1718000000000 → '10 Jun 2024' */
export const formatDate = (epochMs: number) => dateFormat.format(new Date(epochMs));
/** 1718000000000 → '10 Jun 2024, 06:13' */
export const formatDateTime = (epochMs: number) => dateTimeFormat.format(new Date(epochMs));

const countFormat = new Intl.NumberFormat('en-IN');
/** 1234567 → '12,34,567': counts in India's grouping. */
export const formatCount = (value: number) => countFormat.format(value);

/** 'Prod app' → 'P' */
export const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-23T09:15:02.123+05:30' → '23 Nov 2026, 09:15:02': the time in the zone the server wrote it in. */
export function formatZonedTimestamp(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(value);
  if (!match) return value;
  return `${match[3]} ${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}, ${match[4]}`;
}

/** '2026-11-23' → '23 Nov' */
export const formatShortDay = (date: string) => `${date.slice(8, 10)} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? ''}`;
