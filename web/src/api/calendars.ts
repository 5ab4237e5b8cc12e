import type { CalendarItem } from '../../../common/contracts/tutoring.ts';
import { apiJson } from './client.ts';

/**
 * The calendars' calls, apart from api/tutoring.ts so that only the pages showing a calendar
 * carry them (the calendar chunk), not every signed-in first load.
 */
export const calendarsApi = {
  student: (name: string, year: number, month: number) =>
    apiJson<CalendarItem[]>(`calendars/${encodeURIComponent(name)}/${year}/${month}`),
  teacher: (names: string[], year: number, month: number) =>
    apiJson<CalendarItem[]>(`calendars/${year}/${month}`, { query: { students: names.join(',') } }),
  /** Every calendar starts with this key: invalidate it after marks or answers change. */
  key: (names: string[], year: number, month: number) => ['calendar', names.join(','), year, month] as const,
};
