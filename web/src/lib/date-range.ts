import dayjs from 'dayjs';

/**
 * The date ranges of Reports and the dashboard's usage (seed 001 §5, §9; seed 000 §3). Dates are
 * calendar days in the user's zone, written 'YYYY-MM-DD' (what Mantine's date pickers hold), and a
 * range includes both ends. Every function takes `today` so a screen and its tests agree on it.
 */
export interface DateRange {
  start: string;
  end: string;
}

/** The earliest selectable day. */
export const EARLIEST_DATE = '2020-01-01';

const DAY = 'YYYY-MM-DD';
const day = (value: string) => dayjs(value);
const write = (value: dayjs.Dayjs) => value.format(DAY);

/** Today in the browser's zone, 'YYYY-MM-DD'. */
export const todayInZone = (now: Date = new Date()) => write(dayjs(now));

/** The range's length in days, both ends counted. */
export const rangeDays = ({ start, end }: DateRange) => day(end).diff(day(start), 'day') + 1;

/** A range of `days` days ending on `today`. */
export const lastDays = (days: number, today: string): DateRange => ({ start: write(day(today).subtract(days - 1, 'day')), end: today });

/** The range of the same length just before `range` (the usage insight compares the two). */
export function previousPeriod(range: DateRange): DateRange {
  const end = day(range.start).subtract(1, 'day');
  return { start: write(end.subtract(rangeDays(range) - 1, 'day')), end: write(end) };
}

export const RANGE_MESSAGES = {
  durationMandatory: 'Duration is mandatory',
  endBeforeStart: 'End date cannot be before start date',
  maxDifference: (days: number) => `Max difference between dates should be ${days} days`,
} as const;

/**
 * Why a custom range cannot be used, or null: both ends needed, the end not before the start, at
 * most `maxDays` between the two ends, and every day between 1 Jan 2020 and today.
 */
export function rangeError(range: Partial<DateRange> | null, maxDays: number, today: string): string | null {
  if (!range?.start || !range.end) return RANGE_MESSAGES.durationMandatory;
  if (range.end < range.start) return RANGE_MESSAGES.endBeforeStart;
  if (day(range.end).diff(day(range.start), 'day') > maxDays) return RANGE_MESSAGES.maxDifference(maxDays);
  if (range.start < EARLIEST_DATE || range.end > today) return `Choose dates between 01 Jan 2020 and ${day(today).format('DD MMM YYYY')}`;
  return null;
}

/** A named range of the pickers: a fixed range relative to today. */
export interface RangePreset {
  value: string;
  label: string;
  range: (today: string) => DateRange;
}

/** Weeks start on Monday (ISO), as Indian calendars print them. */
const weekStart = (value: dayjs.Dayjs) => value.subtract((value.day() + 6) % 7, 'day');

/** The presets of the reports' Duration (seed 001 §5): all of them fit its 60 days. */
export const REPORT_PRESETS: readonly RangePreset[] = [
  { value: 'today', label: 'Today', range: (today) => ({ start: today, end: today }) },
  {
    value: 'yesterday',
    label: 'Yesterday',
    range: (today) => {
      const yesterday = write(day(today).subtract(1, 'day'));
      return { start: yesterday, end: yesterday };
    },
  },
  { value: 'last-7', label: 'Last 7 Days', range: (today) => lastDays(7, today) },
  { value: 'this-week', label: 'This Week', range: (today) => ({ start: write(weekStart(day(today))), end: today }) },
  {
    value: 'last-week',
    label: 'Last Week',
    range: (today) => {
      const start = weekStart(day(today)).subtract(7, 'day');
      return { start: write(start), end: write(start.add(6, 'day')) };
    },
  },
  { value: 'last-30', label: 'Last 30 Days', range: (today) => lastDays(30, today) },
  { value: 'this-month', label: 'This Month', range: (today) => ({ start: write(day(today).startOf('month')), end: today }) },
  {
    value: 'last-month',
    label: 'Last Month',
    range: (today) => {
      const month = day(today).startOf('month').subtract(1, 'month');
      return { start: write(month), end: write(month.endOf('month')) };
    },
  },
];

/** 'YYYY-MM-DD' → '05 Jan 2026' */
export const formatDay = (value: string) => day(value).format('DD MMM YYYY');
