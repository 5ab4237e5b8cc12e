/**
 * The two languages of the interface and the shape a translation must have.
 *
 * The English texts are the objects of common/messages.ts and common/*Texts.ts (the fixed
 * words; tests import them). Each has a Korean mirror in common/i18n/ko/<same file name>.ts exporting
 * the same names with the same keys; `Translation<typeof english>` is the type that mirror must
 * satisfy: a string for every string, a function taking the same arguments for every function, the
 * same nested objects and arrays. server/i18n/parity.test.ts checks the same at run time (no key
 * missing on either side, no empty text).
 */
export type Translation<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : T extends readonly (infer E)[]
      ? readonly Translation<E>[]
      : { readonly [K in keyof T]: Translation<T[K]> };

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language switch lists them (the same in both interfaces). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ko: '한국어' };

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ko';
}

/**
 * The cookie that remembers a visitor's choice in this browser (set by the header's switch, and
 * from a signed-in user's saved language), so the server renders its pages in that language.
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The interface language for a browser's list of preferred languages, most preferred first
 * (navigator.languages, or Accept-Language by weight): the first Korean or English entry decides
 * ('ko', 'ko-KR' → Korean); a list with neither is English.
 */
export function languageOf(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'ko') return 'ko';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** Accept-Language's tags, most preferred first (`q` weights; `q=0` means "not this one"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language a request asks for: the language cookie when it names one, else Accept-Language. */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  return languageOf(acceptedLanguages(acceptLanguage));
}
