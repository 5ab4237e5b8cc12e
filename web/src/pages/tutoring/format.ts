import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import type { AuthCheckResponse } from '../../../../common/contracts/users.ts';
import { userKeys } from '../../api/users.ts';
import { dateFormat, useIntlLocale } from '../../i18n/format.ts';
import type { Namespaces } from '../../i18n/texts.ts';

type TutoringTexts = Namespaces['tutoring']['tutoringTexts'];

// One formatter per locale and options (i18n/format.ts): toLocaleString(…, options) builds a new one
// per call, and that costs more than everything else a question card does while rendering.

/** The server's default `APP_TIME_ZONE`, until the session check has answered. */
const DEFAULT_ZONE = 'Asia/Seoul';

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * How due dates and submit times read on the cards: in the interface's language and in
 * `APP_TIME_ZONE` (the zone the session check names; the header asks it on every signed-in page).
 */
export function useDateTexts(): { when(iso: string): string; day(iso: string): string } {
  const locale = useIntlLocale();
  // Read from the cache without subscribing: a component test may render a card without a cache.
  const client = useContext(QueryClientContext);
  const timeZone = client?.getQueryData<AuthCheckResponse>(userKeys.auth)?.timeZone ?? DEFAULT_ZONE;
  return {
    when: (iso) => formatWhen(iso, locale, timeZone),
    day: (iso) => formatDay(iso, locale, timeZone),
  };
}

export function formatWhen(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { ...WHEN, timeZone }).format(date);
}

/** "3 days left", "1 hour left", "overdue" in the texts of the language shown (tutoringTexts.card). */
export function formatTimeLeft(
  left: { dayLeft: number; hourLeft: number; minLeft: number },
  words: Pick<TutoringTexts, 'daysLeft' | 'hoursLeft' | 'minutesLeft' | 'overdue'>,
): string {
  if (left.dayLeft > 0) return words.daysLeft(left.dayLeft);
  if (left.hourLeft > 0) return words.hoursLeft(left.hourLeft);
  if (left.minLeft > 0) return words.minutesLeft(left.minLeft);
  return words.overdue;
}

export function formatDay(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { ...DAY, timeZone }).format(date);
}
