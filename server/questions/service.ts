import type { PageRequest } from '../../common/contracts/paging.ts';
import type { QuestionCreateRequest } from '../../common/contracts/tutoring.ts';
import { parseDateTime } from '../../common/dates.ts';
import { checkOptionsAndAnswer, ruleText } from '../../common/questions/checks.ts';
import { normaliseNames } from '../../common/questions/rules.ts';
import type { z } from '../../common/zod.ts';
import { assignInTransaction, checkDueDate, requireStudents } from '../assignments/service.ts';
import type { Db } from '../db/open.ts';
import { badRequest } from '../errors.ts';
import { attachPictures, pictureRows } from './pictures.ts';
import {
  ensureTopics,
  insertCandidates,
  insertQuestion,
  linkTopics,
  pendingQuestionsJson,
} from './queries.ts';

/** What other domains' services read of the questions, and the order the pending list's route declares. */
export { loadQuestionDetails, loadQuestions, pendingSortable, toQuestionOnly } from './queries.ts';

type CreateInput = z.output<typeof QuestionCreateRequest>;

/**
 * The rules of a question beyond field shapes: option counts, the answer against the options, and the
 * `M` answer encoding (normalised to a JSON array). Answers the options and the answer to store.
 */
export function checkQuestionRules(
  input: Pick<CreateInput, 'type' | 'candidates' | 'answer'>,
  path = '',
): { options: string[]; answer: string } {
  const result = checkOptionsAndAnswer(input.type, input.candidates, input.answer);
  if (!result.ok) {
    const { field, reason } = result;
    throw badRequest((t) => `${path}${field}: ${ruleText(t.questionRuleTexts, reason, input.type)}`);
  }
  return { options: result.options, answer: result.answer };
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
    if (!parsed)
      throw badRequest((t) => `generatedDate: ${t.questionSaveTexts.notDateTime('2026-11-23T09:00')}`);
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
    const topicIds = await ensureTopics(tx, topicTitles);
    await linkTopics(
      tx,
      [...topicIds.values()].map((topicId) => ({ questionId: id, topicId })),
    );
    await attachPictures(tx, pictureRows(id, input.pictures));
    await assignInTransaction(tx, [id], students, due);
    return id;
  });
}

/**
 * `GET questions/student/{name}`: a page of the student's pending questions (never the answer or
 * explanation) as JSON text, written by the database (`pendingQuestionsJson`).
 */
export function pendingQuestions(
  db: Db,
  studentId: number,
  day: string | null,
  page: PageRequest,
  context: { now: Date; timeZone: string },
): Promise<string> {
  return pendingQuestionsJson(db, studentId, day, page, context);
}
