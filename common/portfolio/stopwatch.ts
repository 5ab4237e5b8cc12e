import type { WallClock } from '../dates.ts';

/**
 * The stopwatch's rules shared by the server and the page (spec 2 §3–§5, §9), without zod, so the
 * page's first load does not carry a schema library for its clock.
 */

/** s start, r resume, p pause, d done (reset). */
export const STOPWATCH_TYPES = ['s', 'r', 'p', 'd'] as const;
export type StopwatchType = (typeof STOPWATCH_TYPES)[number];

/** One record of the history (`GET stopwatch`), in the original's shape. */
export type StopwatchRecord = {
  id: number;
  /** The run: the id of its start record; null on the start record itself. */
  relatedID: number | null;
  name: string;
  type: StopwatchType;
  /** When the server recorded it: ISO 8601 with the offset of the app's time zone. */
  generatedDate: string;
  /** Hundredths of a second on the stopwatch when it was recorded. */
  elapsedTime: number;
  /** `elapsedTime` as `HH:MM:SS`. */
  time: string;
  yearAgo: number;
  monthAgo: number;
  dayAgo: number;
  hourAgo: number;
  minAgo: number;
};

export type Ago = Pick<StopwatchRecord, 'yearAgo' | 'monthAgo' | 'dayAgo' | 'hourAgo' | 'minAgo'>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 2 §2: `hh:mm:ss.cc` from hundredths of a second (hours keep counting past 99). */
export function formatStopwatch(hundredths: number): string {
  const h = Math.floor(hundredths / 360_000);
  const m = Math.floor(hundredths / 6000) % 60;
  const s = Math.floor(hundredths / 100) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(hundredths % 100)}`;
}

/** `HH:MM:SS` (the record's `time`; the original did not pad it). */
export function formatElapsedSeconds(hundredths: number): string {
  return formatStopwatch(hundredths).slice(0, -3);
}

/**
 * Whole years, months, days, hours and minutes from `from` to `to`, each counted on its own and
 * truncated, as the original's `ChronoUnit.X.between` on wall-clock times did: months and years by
 * the calendar, the rest by elapsed time. Both are given as wall-clock times in one zone.
 */
export function agoBetween(from: WallClock, to: WallClock): Ago {
  const asMs = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const ms = asMs(to) - asMs(from);
  const rest = (w: WallClock) => ((w.day * 24 + w.hour) * 60 + w.minute) * 60 + w.second;
  let months = (to.year - from.year) * 12 + (to.month - from.month);
  if (months > 0 && rest(to) < rest(from)) months--;
  if (months < 0 && rest(to) > rest(from)) months++;
  return {
    yearAgo: Math.trunc(months / 12),
    monthAgo: months,
    dayAgo: Math.trunc(ms / 86_400_000),
    hourAgo: Math.trunc(ms / 3_600_000),
    minAgo: Math.trunc(ms / 60_000),
  };
}

/** Spec 2 §4: 'N years/months/days/hours/minutes ago' by the largest non-zero unit. */
export function agoInWords(ago: Ago): string {
  const units: [number, string][] = [
    [ago.yearAgo, 'year'],
    [ago.monthAgo, 'month'],
    [ago.dayAgo, 'day'],
    [ago.hourAgo, 'hour'],
    [ago.minAgo, 'minute'],
  ];
  const found = units.find(([n]) => n > 0);
  if (!found) return 'just now';
  const [n, unit] = found;
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** Spec 2 §4: a pause's or reset's duration as hours and minutes ('' under a minute). */
export function durationInWords(hundredths: number): string {
  const minutes = Math.floor(hundredths / 6000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(`${h} hour${h === 1 ? '' : 's'}`);
  if (m > 0) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  return parts.join(' ');
}
