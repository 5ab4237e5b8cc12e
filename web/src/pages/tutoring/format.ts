/** How due dates and submit times read on the cards: the browser's locale and time zone. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
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
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}
