import { validationTexts as koreanTexts } from '../../common/i18n/ko/validationTexts.ts';
import type { Language } from '../../common/i18n/translation.ts';
import { describeIssues } from '../../common/validation.ts';
import { validationTexts as englishTexts } from '../../common/validationTexts.ts';
import { z } from '../../common/zod.ts';
import { badRequest } from '../errors.ts';
import type { LocalText } from './texts.ts';

/**
 * Field-level problems in the request's language. The schemas, the shared checks and the
 * services write a problem in English ('must not be empty', 'must be at most 200 characters');
 * `detailIn` finds its Korean in common/i18n/ko/validationTexts.ts: a fixed text by its words, a
 * text with values by its shape (the English function's words around its values), the values
 * carried over. zod's own messages (a schema that sets none) come from zod's Korean locale, by
 * parsing the refused value once more with it, only when a Korean answer is sent.
 */
type TextFunction = (...values: string[]) => string;
type Shape = { key: string; pattern: RegExp; order: number[]; literal: number };

const fixed = new Map<string, string>();
const shapes: Shape[] = [];
for (const [key, english] of Object.entries(englishTexts)) {
  if (typeof english === 'string') {
    fixed.set(english, (koreanTexts as Record<string, unknown>)[key] as string);
    continue;
  }
  // The English words around each value: `must be at most ⟨0⟩ characters` → /^must be at most (.+?) characters$/.
  const marked = (english as unknown as TextFunction)(
    ...Array.from({ length: english.length }, (_, i) => `\ue000${i}\ue000`),
  );
  const parts = marked.split(/\ue000(\d+)\ue000/);
  let source = '^';
  let literal = 0;
  const order: number[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      order.push(Number(part));
      source += '(.*?)';
    } else {
      literal += part.length;
      source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  });
  shapes.push({ key, pattern: new RegExp(`${source}$`, 's'), order, literal });
}
// The most specific shape first: `must be at most 200 characters` is `atMostCharacters`, not `atMost`.
shapes.sort((a, b) => b.literal - a.literal);

/** One problem's words in `language`; words not known are sent as written. */
export function detailIn(text: string, language: Language): string {
  if (language === 'en') return text;
  const known = fixed.get(text);
  if (known) return known;
  for (const shape of shapes) {
    const match = shape.pattern.exec(text);
    if (!match) continue;
    const values: string[] = [];
    shape.order.forEach((index, group) => {
      values[index] = match[group + 1]!;
    });
    return ((koreanTexts as Record<string, unknown>)[shape.key] as TextFunction)(...values);
  }
  return text;
}

const koreanZodErrors = z.locales.ko().localeError;

/**
 * The 400 for a value a schema refused: the one-line message (`title: must not be empty; …`) and
 * each problem in `details`, both in the request's language; the wire shape stays the same.
 */
export function validationFailure(
  schema: z.ZodType,
  value: unknown,
  issues: readonly z.core.$ZodIssue[],
  part: 'body' | 'query' | 'params',
) {
  const english = describeIssues(issues);
  let korean: ReturnType<typeof describeIssues> | undefined;
  const described = (language: Language) => {
    if (language === 'en') return english;
    korean ??= koreanIssues(schema, value, issues);
    return korean;
  };
  const message: LocalText = (texts, language) =>
    described(language).message || texts.validationTexts.requestPart(part);
  const details = english.details.map((detail, index) => {
    const words: LocalText = (_texts, language) =>
      described(language).details[index]?.message ?? detail.message;
    return { path: detail.path, message: words };
  });
  return badRequest(message, details);
}

function koreanIssues(schema: z.ZodType, value: unknown, issues: readonly z.core.$ZodIssue[]) {
  const again = schema.safeParse(value, { error: koreanZodErrors });
  const other = again.success ? [] : again.error.issues;
  const paired = other.length === issues.length;
  return describeIssues(
    issues.map((issue, index) => {
      const korean = paired ? other[index]!.message : issue.message;
      // A message the schema sets is the same in both parses (ours, translated by its words); a
      // message zod wrote is in Korean in the second.
      const message = korean !== issue.message ? korean : detailIn(issue.message, 'ko');
      // A bad key's own problem is nested (describeIssues reads it from there): ours, so by its words.
      if (issue.code === 'invalid_key') {
        const nested = issue.issues.map((inner) => ({ ...inner, message: detailIn(inner.message, 'ko') }));
        return { ...issue, message, issues: nested } as z.core.$ZodIssue;
      }
      return { ...issue, message };
    }),
  );
}
