import { useLanguage } from './texts.ts';

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
