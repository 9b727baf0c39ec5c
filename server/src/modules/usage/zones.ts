/**
 * Instants written in a person's zone with its offset (2026-11-23T09:15:02.123+05:30) and the
 * instants of a zone's midnights. An export formats two timestamps per row for millions of rows:
 * the zone's offset is looked up once per quarter hour (offsets change on quarter-hour boundaries)
 * and the rest is arithmetic.
 */

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at the instant, in minutes (330 for India). */
export function offsetMinutes(timeZone: string, epochMs: number): number {
  const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
  const key = `${timeZone}|${bucket}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const name = formatterOf(timeZone)
    .formatToParts(new Date(bucket * QUARTER_HOUR_MS))
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, minutes);
  return minutes;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The instant as local time of the zone with its offset, to the millisecond. */
export function zonedTimestamp(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(timeZone, instant.getTime());
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return `${local}${sign}${pad2(Math.floor(absolute / 60))}:${pad2(absolute % 60)}`;
}

/** The instant a calendar day starts in the zone. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let instant = wall - offsetMinutes(timeZone, wall) * 60_000;
  // Near an offset change the first guess used the other side's offset; one correction settles it.
  instant = wall - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
}
