import { bulkRuleTexts, questionRuleTexts as rule } from '../authoringTexts.ts';
import { parseDateTime } from '../dates.ts';
import type { Translation } from '../i18n/translation.ts';
import { questionLimits } from '../limits.ts';
import { PICTURE_ID, PICTURE_PARTS, type PicturePart, pictureLimits } from './pictures.ts';
import {
  decodeMultiAnswer,
  encodeMultiAnswer,
  normaliseNames,
  optionLimits,
  QUESTION_TYPES,
  type QuestionType,
} from './rules.ts';

/** Which rule of the options and the answer is broken (a key of `questionRuleTexts`). */
export type RuleReason =
  | 'optionCount'
  | 'emptyOption'
  | 'sameOptions'
  | 'notAnOption'
  | 'notAnArray'
  | 'notAllOptions';

/** A broken rule's words (questionRuleTexts, in a language), e.g. for a form that shows it in Korean. */
export function ruleText(texts: Translation<typeof rule>, reason: RuleReason, type: QuestionType): string {
  return reason === 'optionCount'
    ? texts.optionCount(type === 'M', optionLimits.min, optionLimits.max)
    : texts[reason];
}

/**
 * The rules of one question that need no database, shared by `POST questions`, the bulk upload (server
 * and the /upload/multiples preview) and the modify page: options for the type, the answer against
 * the options, and the `M` answer normalised to its JSON array. A broken
 * rule comes with its reason, so that a form can say it in the language shown (`ruleText`).
 */
export function checkOptionsAndAnswer(
  type: QuestionType,
  candidates: readonly string[],
  answer: string,
):
  | { ok: true; options: string[]; answer: string }
  | { ok: false; field: 'candidates' | 'answer'; reason: RuleReason; message: string } {
  if (type === 's') return { ok: true, options: [], answer };
  const broken = (field: 'candidates' | 'answer', reason: RuleReason) =>
    ({ ok: false, field, reason, message: ruleText(rule, reason, type) }) as const;
  const options = [...candidates];
  if (options.length < optionLimits.min || options.length > optionLimits.max)
    return broken('candidates', 'optionCount');
  if (options.some((o) => o.trim() === '')) return broken('candidates', 'emptyOption');
  if (new Set(options).size !== options.length) return broken('candidates', 'sameOptions');
  if (type === 'm')
    return options.includes(answer) ? { ok: true, options, answer } : broken('answer', 'notAnOption');
  const values = decodeMultiAnswer(answer);
  if (!values || values.length === 0) return broken('answer', 'notAnArray');
  if (values.some((v) => !options.includes(v))) return broken('answer', 'notAllOptions');
  return { ok: true, options, answer: encodeMultiAnswer(values) };
}

/** Why a due date cannot be used, or null: in the past, or more than 14 days ahead (a minute's grace). */
export function dueDateReason(at: Date, now: Date): 'duePast' | 'dueFar' | null {
  const grace = 60_000;
  if (at.getTime() < now.getTime() - grace) return 'duePast';
  if (at.getTime() > now.getTime() + questionLimits.maxDueDays * 86_400_000 + grace) return 'dueFar';
  return null;
}

/** A due date's problem in words (questionRuleTexts, in a language). */
export function dueDateText(texts: Translation<typeof rule>, reason: 'duePast' | 'dueFar'): string {
  return reason === 'duePast' ? texts.duePast : texts.dueFar(questionLimits.maxDueDays);
}

/** Why a due date cannot be used, or null: not in the past, at most 14 days ahead (a minute's grace). */
export function dueDateProblem(at: Date, now: Date): string | null {
  const reason = dueDateReason(at, now);
  return reason && dueDateText(rule, reason);
}

export type BulkQuestion = {
  title: string;
  question: string;
  type: QuestionType;
  candidates: string[];
  hint: string | null;
  students: string[];
  topics: string[];
  answer: string;
  explanation: string;
  generatedDate: Date;
  targetDate: Date;
  pictures: BulkPicture[];
};

/**
 * A picture of a bulk item: by `file` name in the JSON as written (the page uploads the files in a
 * second step and puts each one's `id` in its place), by `id` when sent to the server.
 */
export type BulkPicture = { id: string; file: string; part: PicturePart; alt: string };

/** How a bulk item names its pictures: by file name (the page's first step) or by id (the server). */
export type PictureReference = 'file' | 'id';

function checkPictures(
  value: unknown,
  reference: PictureReference,
  t: Translation<typeof bulkRuleTexts>,
): { problems: string[]; pictures: BulkPicture[] } {
  if (value === undefined || value === null) return { problems: [], pictures: [] };
  if (!Array.isArray(value)) return { problems: [t.picturesNotList], pictures: [] };
  const problems: string[] = [];
  if (value.length > pictureLimits.perQuestion) problems.push(t.picturesTooMany(pictureLimits.perQuestion));
  const pictures = value.map((item, index): BulkPicture => {
    const n = index + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(t.pictureNotObject(n));
      return { id: '', file: '', part: 'question', alt: '' };
    }
    const p = item as Record<string, unknown>;
    const id = typeof p.id === 'string' ? p.id : '';
    const file = typeof p.file === 'string' ? p.file.trim() : '';
    if (reference === 'id' && !PICTURE_ID.test(id)) problems.push(t.pictureNoId(n));
    if (reference === 'file' && !file && !PICTURE_ID.test(id)) problems.push(t.pictureNoFile(n));
    const part = p.part === undefined ? 'question' : p.part;
    if (!(PICTURE_PARTS as readonly unknown[]).includes(part)) problems.push(t.picturePartWrong(n));
    const alt = typeof p.alt === 'string' ? p.alt.trim() : '';
    if (!alt) problems.push(t.pictureAltMissing(n));
    else if (alt.length > pictureLimits.altMax) problems.push(t.pictureAltTooLong(n, pictureLimits.altMax));
    return { id, file, part: part as PicturePart, alt };
  });
  return { problems, pictures };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const candidateText = (c: unknown): string | null =>
  typeof c === 'string'
    ? c
    : c && typeof c === 'object' && typeof (c as { value?: unknown }).value === 'string'
      ? (c as { value: string }).value
      : null;

/**
 * One item of a bulk upload: the product's fixed messages for what is missing, in their order, then
 * the same rules as a single question. Answers the problems (empty when fine) and the item ready to
 * save.
 */
export function checkBulkItem(
  item: unknown,
  now: Date,
  timeZone: string,
  texts: { bulkRuleTexts: Translation<typeof bulkRuleTexts>; questionRuleTexts: Translation<typeof rule> } = {
    bulkRuleTexts,
    questionRuleTexts: rule,
  },
  pictureReference: PictureReference = 'id',
): { problems: string[]; question: BulkQuestion | null } {
  const t = texts.bulkRuleTexts;
  if (!item || typeof item !== 'object' || Array.isArray(item))
    return { problems: [t.notAnObject], question: null };
  const q = item as Record<string, unknown>;
  const problems: string[] = [];
  if (!isText(q.title)) problems.push(t.titleMissing);
  else if (q.title.length > questionLimits.titleMax) problems.push(t.titleTooLong(questionLimits.titleMax));
  if (!isText(q.question)) problems.push(t.questionMissing);
  else if (q.question.length > questionLimits.questionMax)
    problems.push(t.questionTooLong(questionLimits.questionMax));
  const typeOk = typeof q.type === 'string' && (QUESTION_TYPES as readonly string[]).includes(q.type);
  if (!typeOk) problems.push(t.typeWrong);
  const candidates = Array.isArray(q.candidates) ? q.candidates.map(candidateText) : null;
  if (!candidates) problems.push(t.candidatesMissing);
  else if (candidates.some((c) => c === null)) problems.push(t.candidatesNotTexts);
  if (!Array.isArray(q.students)) problems.push(t.studentsMissing);
  else if (q.students.some((s) => typeof s !== 'string')) problems.push(t.studentsNotNames);
  if (!isText(q.answer)) problems.push(t.answerMissing);
  else if (q.answer.length > questionLimits.answerMax)
    problems.push(t.answerTooLong(questionLimits.answerMax));
  if (!isText(q.explanation)) problems.push(t.explanationMissing);
  else if (q.explanation.length > questionLimits.explanationMax)
    problems.push(t.explanationTooLong(questionLimits.explanationMax));
  const generated = isText(q.generatedDate) ? parseDateTime(q.generatedDate, timeZone) : null;
  if (!isText(q.generatedDate)) problems.push(t.generatedMissing);
  else if (!generated) problems.push(t.generatedNotDate);
  const target = isText(q.targetDate) ? parseDateTime(q.targetDate, timeZone) : null;
  if (!isText(q.targetDate)) problems.push(t.targetMissing);
  else if (!target) problems.push(t.targetNotDate);
  else {
    const reason = dueDateReason(target, now);
    if (reason) problems.push(t.targetProblem(dueDateText(texts.questionRuleTexts, reason)));
  }
  if (q.hint !== undefined && q.hint !== null && typeof q.hint !== 'string') problems.push(t.hintNotText);
  if (
    q.topics !== undefined &&
    q.topics !== null &&
    (!Array.isArray(q.topics) || q.topics.some((topic) => typeof topic !== 'string'))
  ) {
    problems.push(t.topicsNotTexts);
  }
  const pictures = checkPictures(q.pictures, pictureReference, t);
  problems.push(...pictures.problems);
  let options: string[] = [];
  let answer = typeof q.answer === 'string' ? q.answer : '';
  if (typeOk && candidates && !candidates.includes(null) && isText(q.answer)) {
    const rules = checkOptionsAndAnswer(q.type as QuestionType, candidates as string[], q.answer);
    if (!rules.ok) {
      const field = rules.field === 'answer' ? t.answer : t.candidates;
      problems.push(
        t.ruleProblem(field, ruleText(texts.questionRuleTexts, rules.reason, q.type as QuestionType)),
      );
    } else ({ options, answer } = rules);
  }
  if (problems.length > 0) return { problems, question: null };
  return {
    problems,
    question: {
      title: (q.title as string).trim(),
      question: q.question as string,
      type: q.type as QuestionType,
      candidates: options,
      hint: typeof q.hint === 'string' && q.hint.trim() ? q.hint : null,
      students: normaliseNames(q.students as string[]),
      topics: normaliseNames((q.topics as string[] | undefined) ?? []),
      answer,
      explanation: q.explanation as string,
      generatedDate: generated!,
      targetDate: target!,
      pictures: pictures.pictures,
    },
  };
}
