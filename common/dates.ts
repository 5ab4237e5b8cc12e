/**
 * Date-times on the wire (docs/api.md, "Conventions"): out as ISO 8601 with the offset of the app's
 * time zone; in with or without an offset (without = wall-clock time in the app's zone). "A day" is a
 * day in that zone. Pure Intl arithmetic, used by the server and the pages alike.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The wall-clock time read from Intl (what the cached offsets below are checked against). */
export function wallClockFromIntl(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/**
 * Seconds each zone is ahead of UTC, per quarter hour (most changes of offset fall on one). Every
 * date of every answer is formatted, and `formatToParts` is slow: a slot's offset is read from Intl
 * once, at its first and last second, and kept only when both agree (a slot in which the offset
 * changes is always read from Intl).
 */
const SLOT_MS = 15 * 60_000;
const MAX_SLOTS_PER_ZONE = 20_000;
const offsetsByZone = new Map<string, Map<number, number>>();
/** Years 1000 to 9999: Intl's `numeric` year is the plain year there (no era, no padding). */
const FAST_FROM = Date.UTC(1000, 0, 2);
const FAST_TO = Date.UTC(9999, 11, 30);

function offsetSecondsFromIntl(at: number, timeZone: string): number {
  const w = wallClockFromIntl(new Date(at), timeZone);
  return (
    (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000) / 1000
  );
}

export function wallClock(instant: Date, timeZone: string): WallClock {
  const at = instant.getTime();
  if (!(at > FAST_FROM && at < FAST_TO)) return wallClockFromIntl(instant, timeZone);
  const slot = Math.floor(at / SLOT_MS);
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetsByZone.set(timeZone, offsets);
  }
  let offset = offsets.get(slot);
  if (offset === undefined) {
    const first = offsetSecondsFromIntl(slot * SLOT_MS, timeZone);
    if (first !== offsetSecondsFromIntl((slot + 1) * SLOT_MS - 1000, timeZone)) {
      return wallClockFromIntl(instant, timeZone);
    }
    if (offsets.size >= MAX_SLOTS_PER_ZONE) offsets.clear();
    offsets.set(slot, first);
    offset = first;
  }
  const shifted = new Date(Math.floor(at / 1000) * 1000 + offset * 1000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** Minutes the zone is ahead of UTC at that instant, whose wall-clock time there is `w`. */
function offsetOf(instant: Date, w: WallClock): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** Minutes the zone is ahead of UTC at that instant. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return offsetOf(instant, wallClock(instant, timeZone));
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `2026-11-23T10:00:00+09:00`: the instant as wall-clock time in the zone, with its offset. */
export function formatDateTime(instant: Date, timeZone: string): string {
  // Every date in every answer goes through here: the zone's offset is cached (see wallClock).
  const w = wallClock(instant, timeZone);
  const offset = offsetOf(instant, w);
  const sign = offset < 0 ? '-' : '+';
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** `2026-11-23`: the day the instant falls on in the zone. */
export function dayOf(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** A strict `YYYY-MM-DD` that names a real day. */
export function isDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant a wall-clock time in the zone names (the later one when clocks go back). */
export function fromWallClock(w: WallClock & { ms?: number }, timeZone: string): Date {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms ?? 0);
  // Two passes settle daylight-saving edges.
  let instant = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  instant = guess - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/**
 * Reads a date-time sent by a client: ISO 8601 with `Z` or an offset, or a local wall-clock time
 * (`2026-11-23T10:00[:00[.000]]`) in the app's zone. Null when it is not one.
 */
export function parseDateTime(text: string, timeZone: string): Date | null {
  const trimmed = text.trim();
  const local = LOCAL_PATTERN.exec(trimmed);
  if (local) {
    const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(local[i]));
    const second = Number(local[6] ?? 0);
    const ms = Number((local[7] ?? '0').padEnd(3, '0').slice(0, 3));
    if (!isDay(`${local[1]}-${local[2]}-${local[3]}`) || hour! > 23 || minute! > 59 || second > 59)
      return null;
    return fromWallClock(
      { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second, ms },
      timeZone,
    );
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The first instant of a day (`YYYY-MM-DD`) in the zone. */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return fromWallClock({ year: year!, month: month!, day: date!, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** Whole minutes, hours and days from `now` to `target`, truncated toward zero (negative when overdue). */
export function timeLeft(target: Date, now: Date): { minLeft: number; hourLeft: number; dayLeft: number } {
  const ms = target.getTime() - now.getTime();
  return {
    minLeft: Math.trunc(ms / 60_000),
    hourLeft: Math.trunc(ms / 3_600_000),
    dayLeft: Math.trunc(ms / 86_400_000),
  };
}
