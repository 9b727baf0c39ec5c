/**
 * The instants of a zone's midnights, where a report's days start and end. The zone's offset is
 * looked up once per quarter hour (offsets change on quarter-hour boundaries).
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
function offsetMinutes(timeZone: string, epochMs: number): number {
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

/** The instant a calendar day starts in the zone. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let instant = wall - offsetMinutes(timeZone, wall) * 60_000;
  // Near an offset change the first guess used the other side's offset; one correction settles it.
  instant = wall - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
}
