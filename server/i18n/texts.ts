import type { FastifyRequest } from 'fastify';
import { bulkRuleTexts, questionRuleTexts, questionSaveTexts } from '../../common/authoringTexts.ts';
import * as koAuthoring from '../../common/i18n/ko/authoringTexts.ts';
import { mathTexts as koMathTexts } from '../../common/i18n/ko/mathTexts.ts';
import * as koMessages from '../../common/i18n/ko/messages.ts';
import { validationTexts as koValidationTexts } from '../../common/i18n/ko/validationTexts.ts';
import {
  acceptedLanguages,
  type Language,
  languageOf,
  type Translation,
} from '../../common/i18n/translation.ts';
import { mathTexts } from '../../common/mathTexts.ts';
import * as enMessages from '../../common/messages.ts';
import { validationTexts } from '../../common/validationTexts.ts';

/**
 * The server's texts in the request's language: the answers it sends come from
 * common/messages.ts, in English, or from its Korean mirror when the request's Accept-Language
 * prefers Korean (the web app sends the language it shows). Services keep throwing the English
 * text: a fixed text is looked up in Korean by its English words when the answer is sent; a text
 * with values is thrown as a function of the texts (`(t) => t.adminMessages.notLinked(a, b)`), which
 * AppError keeps and the answer calls with the request's language.
 */
const english = {
  ...enMessages,
  mathTexts,
  validationTexts,
  questionRuleTexts,
  bulkRuleTexts,
  questionSaveTexts,
};
export type ServerTexts = Translation<typeof english>;
export type LocalText = (texts: ServerTexts, language: Language) => string;

/** Every fixed English text of the trees above, as a union of its literal words. */
type FixedTexts<T> = T extends string
  ? T
  : T extends (...values: never[]) => unknown
    ? never
    : T extends object
      ? { [K in keyof T]: FixedTexts<T[K]> }[keyof T]
      : never;
/**
 * A fixed English text that has its Korean: only these, or a function of the texts, may be thrown
 * to the client (server/errors.ts), so a message written in place fails the typecheck instead of
 * going out in English to a Korean page.
 */
export type KnownText = FixedTexts<typeof english>;

/**
 * messages.ts, the drill's refusals (common/mathTexts.ts, thrown by server/math), the field-level
 * problems of a refused request (common/validationTexts.ts, server/http/parse.ts) and the words of
 * saving questions (common/authoringTexts.ts: the rules, the bulk upload's problems; server/questions).
 */
const texts: Record<Language, ServerTexts> = {
  en: english,
  ko: {
    ...koMessages,
    mathTexts: koMathTexts,
    validationTexts: koValidationTexts,
    questionRuleTexts: koAuthoring.questionRuleTexts,
    bulkRuleTexts: koAuthoring.bulkRuleTexts,
    questionSaveTexts: koAuthoring.questionSaveTexts,
  },
};

export function serverTexts(language: Language): ServerTexts {
  return texts[language];
}

/** Every fixed English text of messages.ts → its Korean, found by walking both trees side by side. */
const korean = new Map<string, string>();
(function pair(en: unknown, ko: unknown): void {
  if (typeof en === 'string' && typeof ko === 'string') {
    if (!korean.has(en)) korean.set(en, ko);
    return;
  }
  if (en && ko && typeof en === 'object' && typeof ko === 'object') {
    for (const [key, value] of Object.entries(en)) pair(value, (ko as Record<string, unknown>)[key]);
  }
})(texts.en, texts.ko);

/** The language a request asks its answers in: Accept-Language (Korean for `ko*`, else English). */
export function answerLanguage(request: FastifyRequest | undefined): Language {
  return languageOf(acceptedLanguages(request?.headers['accept-language']));
}

/** A text in `language`: a function of the texts is called with them; a fixed English text is looked up. */
export function inLanguage(text: string | LocalText, language: Language): string {
  if (typeof text === 'function') return text(texts[language], language);
  return language === 'en' ? text : (korean.get(text) ?? text);
}
