import { useLanguage } from './texts.ts';

/*
 * Dates and numbers on `Intl` itself, in the locale of the language Lingui has active (`useLanguage`):
 * Lingui 6 marks its own `i18n.date` and `i18n.number` deprecated in favour of `Intl` directly.
 */

/** The `Intl` locale of each interface language (British English, as the pages wrote before). */
const INTL_LOCALES = { en: 'en-GB', ko: 'ko-KR' } as const;

/**
 * The `Intl` locale of the language shown, for a component: dates and numbers then read
 * "Tue 10 Mar" in English and "3월 10일 (화)" in Korean, and follow the header's switch.
 */
export function useIntlLocale(): string {
  return INTL_LOCALES[useLanguage()];
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** One `Intl.DateTimeFormat` per locale and options (they are costly to make, cheap to reuse). */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** One `Intl.NumberFormat` per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const DAY_TEXT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'UTC',
};

/**
 * A day the server sends as `YYYY-MM-DD` (already a day of `APP_TIME_ZONE`), as the language shown
 * writes it: unchanged in English (the pages' words before), "2026년 3월 10일 (화)" in Korean.
 */
export function useDayText(): (day: string) => string {
  const language = useLanguage();
  return (day) =>
    language === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(day)
      ? day
      : dateFormat(INTL_LOCALES[language], DAY_TEXT).format(new Date(`${day}T00:00:00Z`));
}

/** The month's and weekdays' names in the language shown ('January', 'Sun'; '1월', '일'). */
export function monthName(locale: string, month: number): string {
  return dateFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}
export function weekdayNames(locale: string): string[] {
  // 2 January 2000 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    dateFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 2 + i)),
  );
}
