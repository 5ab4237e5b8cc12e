/**
 * A child's week, as a parent reads it: weeks run Monday to Sunday, as days (`YYYY-MM-DD`) in
 * APP_TIME_ZONE. Plain calendar arithmetic on day strings (no time zone is involved once the day is
 * known), shared by the server and the page.
 */

const toUtc = (day: string): Date => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!));
};
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + count);
  return fromUtc(date);
}

/** The Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  const weekday = toUtc(day).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The seven days of the week starting on `monday`. */
export function daysOfWeek(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}
