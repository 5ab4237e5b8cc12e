import { splitCode } from './rules.ts';

/**
 * Suggested marks for short answers: when two short answers count as "the same", and how a
 * student's answer compares with the model answer. Pure, shared by the server (which suggests) and
 * the tests; the rules are in docs/product.md ("Marking").
 *
 * The rules err towards *no* suggestion: a suggestion the teacher must overrule is worse than none,
 * so two answers are the same only when they differ in ways that never change their meaning.
 *
 * - Every answer is first put in Unicode NFKC (full-width `Ｐａｒｉｓ`, `１２` and ligatures become
 *   `Paris`, `12`); the `&code:` marker and its `&type=…:` tag are dropped (prose and code joined by a
 *   line break), so where a student put the marker does not matter.
 * - **Text answers** (the model answer has no code): case is folded, every run of punctuation (Unicode
 *   `P`, but `% # & * @ \` which carry meaning) becomes a space, runs of white space become one space, the ends are trimmed. Punctuation that is part of a
 *   number stays: a `.`, `,`, `/` or `:` between two digits (`3.5`, `1,000`, `2/3`, `1:30`), and a `-`
 *   or `.` right before a digit (`-5`, `.5`), so `-5` never matches `5` and `3.5` never matches `35`.
 *   Numbers are not compared by value: `0.50`, `.5` and `0.5` are different answers, as are `1,000`
 *   and `1000`. Symbols (`+ = < $ % ^ …`) are kept as written.
 * - **Code answers** (the model answer has a code part): white-space-insensitive, nothing else. Case
 *   and punctuation are kept (code is case-sensitive, `;` and quotes matter); runs of white space,
 *   line breaks and indentation become one space, and that space is dropped unless it separates two
 *   word characters. So `a = b;` matches `a=b;` but `int x` never matches `intx`. The price, accepted:
 *   indentation (Python blocks) and spaces inside string literals are not told apart — the teacher
 *   sees both answers and decides.
 */

export type AnswerMode = 'text' | 'code';

/** How a question's short answers are compared: as code when its model answer carries code. */
export function answerMode(modelAnswer: string): AnswerMode {
  return splitCode(modelAnswer).code === null ? 'text' : 'code';
}

/** The answer as one plain text: NFKC, the code marker and language tag dropped. */
function plainText(answer: string): string {
  const { text, code } = splitCode(answer.normalize('NFKC'));
  return code === null ? text : `${text}\n${code}`;
}

/** Punctuation, but the marks that carry meaning of their own (`50%`, `C#`, `a*b`, `@x`, `a&b`, `\n`). */
const PUNCTUATION = /(?![%#&*@\\])\p{P}/u;
const DIGIT = /\p{Nd}/u;
const WORD = /[\p{L}\p{M}\p{Nd}_]/u;

/** A text answer's key: case folded, punctuation (but a number's) and spacing ignored. */
export function textKey(answer: string): string {
  // Upper then lower case, twice, then NFKC again: folds `ß`/`SS` (and `ẞ`, whose lower case `ß`
  // upper-cases to `SS` only on the second round) and keeps letters that case mapping decomposes
  // (Greek with breathing marks) in one form.
  const chars = [
    ...plainText(answer).toUpperCase().toLowerCase().toUpperCase().toLowerCase().normalize('NFKC'),
  ];
  const kept = chars.map((char, i) => {
    if (!PUNCTUATION.test(char)) return char;
    const next = chars[i + 1] ?? '';
    const previous = chars[i - 1] ?? '';
    if (!DIGIT.test(next)) return ' ';
    if (DIGIT.test(previous) && '.,/:'.includes(char)) return char;
    if (char === '-' || char === '.') return char;
    return ' ';
  });
  return kept.join('').replace(/\s+/gu, ' ').trim();
}

/** A code answer's key: white space kept only where it separates two word characters. */
export function codeKey(answer: string): string {
  const collapsed = plainText(answer).replace(/\s+/gu, ' ').trim();
  const chars = [...collapsed];
  return chars
    .filter((char, i) => char !== ' ' || (WORD.test(chars[i - 1] ?? '') && WORD.test(chars[i + 1] ?? '')))
    .join('');
}

/** The key two answers to one question share when they count as the same answer. */
export function answerKey(answer: string, mode: AnswerMode): string {
  return mode === 'code' ? codeKey(answer) : textKey(answer);
}

/**
 * How a student's short answer compares with the model answer: `exact` (the very same text),
 * `normalised` (the same text answer apart from case, spacing and punctuation), `code` (the same code
 * apart from white space), or null. An empty key never matches (an answer of only punctuation).
 */
export function modelMatch(
  modelAnswer: string,
  studentAnswer: string,
): 'exact' | 'normalised' | 'code' | null {
  if (studentAnswer === modelAnswer) return 'exact';
  const mode = answerMode(modelAnswer);
  const key = answerKey(studentAnswer, mode);
  if (key === '' || key !== answerKey(modelAnswer, mode)) return null;
  return mode === 'code' ? 'code' : 'normalised';
}
