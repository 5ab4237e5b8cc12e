import type { z } from 'zod';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { QuestionCreateRequest, QuestionStudent } from '../../common/contracts/tutoring.ts';
import { formatDateTime, parseDateTime, timeLeft } from '../../common/dates.ts';
import {
  decodeMultiAnswer,
  encodeMultiAnswer,
  normaliseNames,
  optionLimits,
  type QuestionType,
} from '../../common/questions/rules.ts';
import { assignInTransaction, checkDueDate, requireStudents } from '../assignments/service.ts';
import type { Db } from '../db/open.ts';
import { badRequest } from '../errors.ts';
import {
  ensureTopics,
  insertCandidates,
  insertQuestion,
  linkTopics,
  loadQuestionDetails,
  pendingQuestionsPage,
} from './queries.ts';

type CreateInput = z.output<typeof QuestionCreateRequest>;

/**
 * The rules of a question beyond field shapes: option counts, the answer against the options, and the
 * `M` answer encoding (normalised to a JSON array). Answers the options and the answer to store.
 */
export function checkQuestionRules(
  input: Pick<CreateInput, 'type' | 'candidates' | 'answer'>,
  path = '',
): { options: string[]; answer: string } {
  const type: QuestionType = input.type;
  if (type === 's') return { options: [], answer: input.answer };
  const options = input.candidates;
  if (options.length < optionLimits.min || options.length > optionLimits.max) {
    throw badRequest(
      `${path}candidates: a ${type === 'm' ? 'multiple-choice' : 'multiple-answer'} question needs ${optionLimits.min} to ${optionLimits.max} options`,
    );
  }
  if (options.some((o) => o.trim() === '')) throw badRequest(`${path}candidates: options must not be empty`);
  if (new Set(options).size !== options.length)
    throw badRequest(`${path}candidates: options must differ from each other`);
  if (type === 'm') {
    if (!options.includes(input.answer)) throw badRequest(`${path}answer: must be one of the options`);
    return { options, answer: input.answer };
  }
  const values = decodeMultiAnswer(input.answer);
  if (!values || values.length === 0) {
    throw badRequest(
      `${path}answer: a multiple-answer question's answer must be a JSON array of options, e.g. ["a","c"]`,
    );
  }
  if (values.some((v) => !options.includes(v)))
    throw badRequest(`${path}answer: every answer must be one of the options`);
  return { options, answer: encodeMultiAnswer(values) };
}

/** `POST questions`: the question, its options, topics (created when new) and assignments, in one transaction. */
export async function createQuestion(
  db: Db,
  input: CreateInput,
  context: { now: Date; timeZone: string; authorId: number },
): Promise<number> {
  const { options, answer } = checkQuestionRules(input);
  const due = checkDueDate(input.targetDate, context.now, context.timeZone);
  let generated = context.now;
  if (input.generatedDate) {
    const parsed = parseDateTime(input.generatedDate, context.timeZone);
    if (!parsed) throw badRequest('generatedDate: must be a date-time such as 2026-11-23T09:00');
    generated = parsed;
  }
  const students = await requireStudents(db, input.students, 'students');
  const topicTitles = normaliseNames(input.topics);

  return db.transaction(async (tx) => {
    const id = await insertQuestion(tx, {
      title: input.title,
      question: input.question,
      type: input.type,
      hint: input.hint,
      answer,
      explanation: input.explanation,
      generatedDate: generated,
      createdBy: context.authorId,
    });
    await insertCandidates(tx, id, options);
    await linkTopics(tx, id, await ensureTopics(tx, topicTitles));
    await assignInTransaction(tx, [id], students, due);
    return id;
  });
}

/** `GET questions/student/{name}`: the student's pending questions, never the answer or explanation. */
export async function pendingQuestions(
  db: Db,
  studentId: number,
  day: string | null,
  page: PageRequest,
  now: Date,
  timeZone: string,
): Promise<{ content: QuestionStudent[]; total: number }> {
  const { rows, total } = await pendingQuestionsPage(db, studentId, day, page);
  const details = await loadQuestionDetails(
    db,
    rows.map((r) => r.id),
  );
  const content = rows.map((row): QuestionStudent => {
    const extra = details.get(row.id)!;
    return {
      id: row.id,
      title: row.title,
      question: row.question,
      type: row.type as QuestionType,
      candidates: extra.candidates,
      hint: row.hint,
      generatedDate: formatDateTime(row.generatedDate, timeZone),
      topics: extra.topics,
      targetDate: formatDateTime(row.targetDate, timeZone),
      ...timeLeft(row.targetDate, now),
    };
  });
  return { content, total };
}
