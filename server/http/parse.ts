import type { Language } from '../../common/i18n/translation.ts';
import { describeIssues, wordsIn } from '../../common/validation.ts';
import { validationTexts } from '../../common/validationTexts.ts';
import { z } from '../../common/zod.ts';
import { type AppError, badRequest } from '../errors.ts';
import type { LocalText, ServerTexts } from '../i18n/texts.ts';

/** A parse worded in English: what a request is parsed with (another language only when refused). */
const inEnglish = { error: wordsIn(validationTexts) };

/** zod's own words (a problem no schema words itself) in each language: its English is its default. */
const zodWords: Record<Language, z.core.$ZodErrorMap | undefined> = {
  en: undefined,
  ko: z.locales.ko().localeError,
};

/**
 * Parses a request part with a shared zod schema; a failure is a 400 whose message names the field,
 * in the request's language.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: 'body' | 'query' | 'params',
): z.output<S> {
  if (part === 'body' && (value === undefined || value === null)) {
    throw badRequest(validationTexts.needsBody);
  }
  const result = schema.safeParse(value, inEnglish);
  if (result.success) return result.data;
  throw refusal(schema, value, result.error.issues, part);
}

/**
 * The 400 for a value a schema refused: the one-line message (`title: must not be empty; …`) and
 * each problem in `details`, both in the request's language; the wire shape stays the same. The
 * English comes from the parse that refused the value; another language parses it once more with
 * that language's words (`wordsIn`), only when an answer in it is sent: the same schema and value
 * give the same problems in the same order.
 */
function refusal(
  schema: z.ZodType,
  value: unknown,
  issues: readonly z.core.$ZodIssue[],
  part: 'body' | 'query' | 'params',
): AppError {
  const english = describeIssues(issues);
  const described = new Map<Language, ReturnType<typeof describeIssues>>([['en', english]]);
  const inLanguage = (texts: ServerTexts, language: Language) => {
    let found = described.get(language);
    if (!found) {
      const again = schema.safeParse(value, { error: wordsIn(texts.validationTexts, zodWords[language]) });
      found = describeIssues(again.success ? [] : again.error.issues);
      described.set(language, found);
    }
    return found;
  };
  const message: LocalText = (texts, language) =>
    inLanguage(texts, language).message || texts.validationTexts.requestPart(part);
  const details = english.details.map((detail, index) => {
    const words: LocalText = (texts, language) =>
      inLanguage(texts, language).details[index]?.message ?? detail.message;
    return { path: detail.path, message: words };
  });
  return badRequest(message, details);
}
