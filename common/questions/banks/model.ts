import { questionLimits } from '../../limits.ts';
import { decodeMultiAnswer, encodeMultiAnswer, normaliseNames, type QuestionType } from '../rules.ts';

/**
 * A question as a question bank file carries it: what a question is, without who it is assigned to
 * or when. `answer` is as in a bulk upload: `m` the right option, `M` the right options as a JSON
 * array (encodeMultiAnswer), `s` the model answer.
 */
export type BankQuestion = {
  title: string;
  question: string;
  type: QuestionType;
  candidates: string[];
  answer: string;
  explanation: string;
  hint: string | null;
  topics: string[];
};

/** Question kinds the files may hold that have no type of ours: listed to the tutor, never saved. */
export const SKIPPED_KINDS = [
  'matching',
  'numerical',
  'essay',
  'cloze',
  'description',
  'severalRight',
  'other',
] as const;
export type SkippedKind = (typeof SKIPPED_KINDS)[number];

/** Why a question of a file could not be read at all. */
export type UnreadableReason = 'braces';

/** The words a file's content needs in the language shown: true/false become options of ours. */
export type BankWords = {
  true: string;
  false: string;
  /** Added to a short answer's explanation when the file accepts more answers than the model one. */
  alsoAccepted: (answers: readonly string[]) => string;
};

/** `position` counts the file's questions from 1 (categories are not questions). */
export type BankRead = {
  questions: { position: number; question: BankQuestion }[];
  skipped: { position: number; kind: SkippedKind; name?: string }[];
  unreadable: { position: number; reason: UnreadableReason }[];
};

/** Why a whole file is refused. */
export type BankFileProblem =
  | { problem: 'tooLarge'; maxBytes: number }
  | { problem: 'tooMany'; max: number; count: number }
  | { problem: 'dtd' }
  | { problem: 'notXml'; detail: string }
  | { problem: 'notMoodleXml' }
  | { problem: 'empty' }
  | { problem: 'unknownFormat' };

/**
 * Files are held to the bulk upload's limits: the bytes of the JSON body it is sent in
 * (serverLimits.jsonBodyLimitBytes; a test keeps the two equal) and the questions of one upload.
 */
export const bankLimits = {
  fileMaxBytes: 1024 * 1024,
  questionsMax: questionLimits.bulkMax,
} as const;

/** A file's answer with its weight in percent (GIFT `%50%`, Moodle XML `fraction="50"`) and feedback. */
export type WeightedAnswer = { text: string; weight: number; feedback: string };

/**
 * Our question from a multiple-choice question of a file: one right answer makes `m` (several right
 * ones in a single-answer question cannot be ours), `single: false` makes `M` with every answer
 * of positive weight right. Each answer's feedback goes into the explanation after the general one.
 */
export function fromChoices(
  base: { title: string; question: string; generalFeedback: string; hint: string | null; topics: string[] },
  answers: readonly WeightedAnswer[],
  single: boolean,
): BankQuestion | 'severalRight' {
  const candidates = answers.map((a) => a.text);
  const explanation = withAnswerFeedback(base.generalFeedback, answers);
  const common = { title: base.title, question: base.question, candidates, explanation, hint: base.hint };
  if (single) {
    const right = answers.filter((a) => a.weight >= 100);
    if (right.length > 1) return 'severalRight';
    return { ...common, type: 'm', answer: right[0]?.text ?? '', topics: base.topics };
  }
  const right = answers.filter((a) => a.weight > 0).map((a) => a.text);
  return { ...common, type: 'M', answer: right.length ? encodeMultiAnswer(right) : '', topics: base.topics };
}

/** A short answer: the best-weighted answer is the model one; others accepted are named. */
export function fromShortAnswers(
  base: { title: string; question: string; generalFeedback: string; hint: string | null; topics: string[] },
  answers: readonly WeightedAnswer[],
  words: BankWords,
): BankQuestion {
  const best = [...answers].sort((a, b) => b.weight - a.weight)[0];
  const others = answers.filter((a) => a !== best && a.weight > 0).map((a) => a.text);
  const explanation = [
    withAnswerFeedback(base.generalFeedback, answers),
    others.length ? words.alsoAccepted(others) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    title: base.title,
    question: base.question,
    type: 's',
    candidates: [],
    answer: best?.text ?? '',
    explanation,
    hint: base.hint,
    topics: base.topics,
  };
}

/** True/false as a multiple choice with the two words of the language shown. */
export function fromTrueFalse(
  base: { title: string; question: string; generalFeedback: string; hint: string | null; topics: string[] },
  right: boolean,
  feedback: { true: string; false: string },
  words: BankWords,
): BankQuestion {
  const answers = [
    { text: words.true, weight: right ? 100 : 0, feedback: feedback.true },
    { text: words.false, weight: right ? 0 : 100, feedback: feedback.false },
  ];
  return fromChoices(base, answers, true) as BankQuestion;
}

function withAnswerFeedback(general: string, answers: readonly WeightedAnswer[]): string {
  const lines = answers.filter((a) => a.feedback).map((a) => `${a.text}: ${a.feedback}`);
  return [general, ...lines].filter(Boolean).join('\n');
}

/** A weight as Moodle lists them: at most five decimals (33.33333). */
export function formatWeight(weight: number): string {
  return String(Math.round(weight * 100_000) / 100_000);
}

/** A title for a question its file names not: its text's first line, as Moodle does. */
export function titleFromText(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

/** A category path's own name (`$course$/top/Algebra` → `algebra`); `//` in a name is a slash. */
export function topicOfCategory(path: string): string | null {
  const parts = path
    .split(/(?<!\/)\/(?!\/)/)
    .map((p) => p.replaceAll('//', '/').trim())
    .filter(Boolean);
  const name = parts.at(-1);
  if (!name || name === 'top' || /^\$[a-z0-9]+\$$/i.test(name)) return null;
  return normaliseNames([name])[0] ?? null;
}

/** The options an `M` answer names, for writing a file (empty when it names none). */
export function rightOptions(question: BankQuestion): Set<string> {
  if (question.type === 'm') return new Set([question.answer]);
  if (question.type === 'M') return new Set(decodeMultiAnswer(question.answer) ?? []);
  return new Set();
}

/** Our topics as the file's tags and categories give them: trimmed, lower-cased, each once. */
export function topicsOf(names: readonly string[]): string[] {
  return normaliseNames(names);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes character references: the named ones HTML text commonly uses, and every numeric one. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/**
 * HTML (GIFT `[html]` and `[moodle]`, Moodle XML `html` and `moodle_auto_format`) as the plain text our
 * questions are: scripts and styles dropped with their content, line breaks and block ends as new
 * lines, every other tag dropped, references decoded. The result is shown as text, never as HTML.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
      .replace(/[ \t\r\n]+/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|tr|pre|blockquote)\s*>/gi, '\n')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
