import { formatDateTime } from '../../../common/dates.ts';
import { useAuthCheck } from '../api/authCheck.ts';

/** The server's default `APP_TIME_ZONE`, used only until the session check has answered. */
const DEFAULT_ZONE = 'Asia/Seoul';

/**
 * The app's time zone (`APP_TIME_ZONE`, from the session check the header already asks for). One
 * rule for dates typed without an offset: the pages read them in this zone, as the server
 * does, never in the browser's, and show the zone beside them.
 */
export function useAppTimeZone(): string {
  const me = useAuthCheck();
  return me.data?.timeZone ?? DEFAULT_ZONE;
}

/** `2026-03-10T10:00`: the wall-clock time in the zone, as a `datetime-local` input holds it. */
export function localInputValue(instant: Date, timeZone: string): string {
  return formatDateTime(instant, timeZone).slice(0, 16);
}
