/**
 * The single source of truth for question types, marks, the `&code:` encoding and answer comparison.
 * Used by the server's marking, the pages and the upload forms.
 */

import type { validationTexts } from '../validationTexts.ts';

export const QUESTION_TYPES = ['m', 'M', 's'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A submission's mark. */
export const MARK = { unmarked: 0, correct: 1, wrong: -1 } as const;
export type Mark = -1 | 0 | 1;
export const MARKS: readonly Mark[] = [0, 1, -1];

export const CODE_MARKER = '&code:';
export const CODE_LANGUAGES = ['java', 'sql', 'python', 'c', 'cpp'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
const LANGUAGE_TAG = /^&type=(java|sql|python|c|cpp):/;

export const optionLimits = { min: 2, max: 5 } as const;

/**
 * Splits a question text or option value at the first `&code:` marker: the prose before it and the
 * code after it, whose language is the optional `&type=<lang>:` tag. Untagged code has no language
 * (null: shown as "Code", never labelled as a language it may not be).
 */
export function splitCode(text: string): {
  text: string;
  code: string | null;
  language: CodeLanguage | null;
} {
  const at = text.indexOf(CODE_MARKER);
  if (at < 0) return { text, code: null, language: null };
  let code = text.slice(at + CODE_MARKER.length);
  let language: CodeLanguage | null = null;
  const tag = LANGUAGE_TAG.exec(code);
  if (tag) {
    language = tag[1] as CodeLanguage;
    code = code.slice(tag[0].length);
  }
  return { text: text.slice(0, at), code: code.replace(/^\n/, ''), language };
}

/**
 * `M` answers are a JSON array of the chosen option values, e.g. `["O(n)","O(log n)"]`. Order does
 * not matter: two answers are equal when they hold the same set of values.
 */
export function encodeMultiAnswer(values: readonly string[]): string {
  return JSON.stringify([...new Set(values)]);
}

/** The values of an `M` answer, or null when the text is not a JSON array of texts. */
export function decodeMultiAnswer(answer: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(answer);
    if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string'))
      return [...new Set(parsed as string[])];
  } catch {
    // not JSON
  }
  return null;
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((v) => right.has(v));
}

/**
 * Automatic marking at submission: `m` exact match with the answer, `M` the same set of values,
 * `s` unmarked until a teacher marks it.
 */
export function autoMark(type: QuestionType, answer: string, studentAnswer: string): Mark {
  if (type === 's') return 0;
  if (type === 'm') return studentAnswer === answer ? 1 : -1;
  const expected = decodeMultiAnswer(answer);
  const given = decodeMultiAnswer(studentAnswer);
  return expected && given && sameSet(expected, given) ? 1 : -1;
}

/**
 * Why a student's answer cannot be accepted for a question (null when it can): `m` must be one of
 * the options, `M` a JSON array of options, `s` any non-empty text.
 */
export function answerProblem(
  type: QuestionType,
  options: readonly string[],
  studentAnswer: string,
): (typeof validationTexts)['notEmpty' | 'notOneOfOptions' | 'multiAnswer' | 'valueNotAnOption'] | null {
  if (studentAnswer.trim() === '') return 'must not be empty';
  if (type === 'm' && !options.includes(studentAnswer)) return 'is not one of the options';
  if (type === 'M') {
    const values = decodeMultiAnswer(studentAnswer);
    if (!values || values.length === 0) return 'must be a JSON array of the chosen options';
    if (values.some((v) => !options.includes(v))) return 'contains a value that is not one of the options';
  }
  return null;
}

/** Names in lists (students, topics): comma-separated on forms; trimmed, lower-cased, no blanks or repeats. */
export function normaliseNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
}
