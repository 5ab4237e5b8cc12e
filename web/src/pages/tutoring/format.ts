// One formatter each, made on first use: toLocaleString(…, options) builds a new one per call, and
// that costs more than everything else a question card does while rendering.
let whenFormat: Intl.DateTimeFormat | null = null;
let dayFormat: Intl.DateTimeFormat | null = null;

/** How due dates and submit times read on the cards: the browser's locale and time zone. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  whenFormat ??= new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return whenFormat.format(date);
}

export function formatTimeLeft(left: { dayLeft: number; hourLeft: number; minLeft: number }): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} left`;
  if (left.dayLeft > 0) return unit(left.dayLeft, 'day');
  if (left.hourLeft > 0) return unit(left.hourLeft, 'hour');
  if (left.minLeft > 0) return unit(left.minLeft, 'min');
  return 'overdue';
}

export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dayFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
  return dayFormat.format(date);
}
