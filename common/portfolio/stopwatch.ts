import type { WallClock } from '../dates.ts';

/**
 * The stopwatch's rules shared by the server and the page, without zod, so the
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

/** `hh:mm:ss.cc` from hundredths of a second (hours keep counting past 99). */
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

/** The units of `agoInWords`, largest first. */
export type AgoUnit = 'year' | 'month' | 'day' | 'hour' | 'minute';

/** The words `agoInWords` and `durationInWords` put the numbers in (stopwatchTexts, in each language). */
export type StopwatchWords = {
  justNow: string;
  ago: (n: number, unit: AgoUnit) => string;
  duration: (hours: number, minutes: number) => string;
};

/** 'N years/months/days/hours/minutes ago' by the largest non-zero unit. */
export function agoInWords(ago: Ago, words: StopwatchWords): string {
  const units: [number, AgoUnit][] = [
    [ago.yearAgo, 'year'],
    [ago.monthAgo, 'month'],
    [ago.dayAgo, 'day'],
    [ago.hourAgo, 'hour'],
    [ago.minAgo, 'minute'],
  ];
  const found = units.find(([n]) => n > 0);
  if (!found) return words.justNow;
  return words.ago(found[0], found[1]);
}

/** A pause's or reset's duration as hours and minutes ('' under a minute). */
export function durationInWords(hundredths: number, words: StopwatchWords): string {
  const minutes = Math.floor(hundredths / 6000);
  if (minutes === 0) return '';
  return words.duration(Math.floor(minutes / 60), minutes % 60);
}
