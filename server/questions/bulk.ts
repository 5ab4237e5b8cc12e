import { dayOf } from '../../common/dates.ts';
import { questionLimits } from '../../common/limits.ts';
import { type BulkQuestion, checkBulkItem } from '../../common/questions/checks.ts';
import { PICTURE_PARTS, pictureLimits } from '../../common/questions/pictures.ts';
import { QUESTION_TYPES } from '../../common/questions/rules.ts';
import { says } from '../../common/validation.ts';
import { z } from '../../common/zod.ts';
import { upsertAssignments } from '../assignments/service.ts';
import { refreshCalendarDays } from '../calendars/service.ts';
import type { Db } from '../db/open.ts';
import { candidates, questions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type ServerTexts, serverTexts } from '../i18n/texts.ts';
import { findStudentsByNames, lockStudents } from '../shared/users.ts';
import { attachPictures, pictureRows } from './pictures.ts';
import { ensureTopics, linkTopics } from './queries.ts';

/** Splits rows so no single INSERT carries too many bound parameters. */
function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * One question of a bulk upload, as the original client sends it: for the API's description only
 * (here, not in common/, so the pages do not carry zod's JSON Schema code).
 * The server checks each item itself (common/questions/checks.ts), so that a refusal lists every
 * failing item with the spec's messages.
 */
const BulkQuestionItem = z.object({
  title: z.string().max(questionLimits.titleMax),
  question: z.string().max(questionLimits.questionMax),
  type: z.enum(QUESTION_TYPES),
  candidates: z.array(z.union([z.string(), z.object({ value: z.string() })])),
  hint: z.string().nullish(),
  students: z.array(z.string()),
  topics: z.array(z.string()).nullish(),
  answer: z.string().max(questionLimits.answerMax),
  explanation: z.string().max(questionLimits.explanationMax),
  generatedDate: z.string().describe('A date-time, in APP_TIME_ZONE unless it carries an offset'),
  targetDate: z.string().describe('The due date-time: not in the past, at most 14 days ahead'),
  pictures: z
    .array(
      z.object({
        id: z.string().describe('An uploaded picture’s id (`POST pictures`)'),
        part: z.enum(PICTURE_PARTS).optional().describe('Default question'),
        alt: z.string().max(pictureLimits.altMax),
      }),
    )
    .max(pictureLimits.perQuestion)
    .nullish(),
});
const { $schema: _dialect, ...bulkItemDescription } = z.toJSONSchema(BulkQuestionItem, {
  io: 'input',
  target: 'draft-2020-12',
});

/** `POST questions/multiples`: 1 to `bulkMax` questions, each checked by the server item by item. */
export const QuestionBulkRequest = z
  .array(z.unknown().meta(bulkItemDescription), says('bulkNotArray'))
  .min(1, says('bulkEmpty'))
  .max(
    questionLimits.bulkMax,
    says((t, issue) => t.bulkTooMany(questionLimits.bulkMax, (issue.input as unknown[]).length)),
  );

/**
 * The 400 of a refused bulk upload: every failing item with its problems, in `details`
 * by its JSON path (`[0]`), and the first 20 of them in the message by number (Item 1), in the
 * request's language (the items' problems are found again with that language's texts: the same
 * problems, in the same order, as in English).
 */
function bulkRefusal(
  body: readonly unknown[],
  failing: readonly number[],
  students: ReadonlyMap<string, unknown>,
  context: { now: Date; timeZone: string },
): AppError {
  const problems = new Map<ServerTexts, string[][]>();
  const problemsIn = (t: ServerTexts): string[][] => {
    let found = problems.get(t);
    if (!found) {
      found = failing.map((index) => {
        const { problems: words, question } = checkBulkItem(body[index], context.now, context.timeZone, t);
        const unknown = (question?.students ?? []).filter((name) => !students.has(name));
        return [...words, ...unknown.map((name) => t.questionSaveTexts.unknownStudent(name))];
      });
      problems.set(t, found);
    }
    return found;
  };
  const shown = failing.slice(0, 20);
  return new AppError(
    400,
    (t) =>
      t.questionSaveTexts.bulkRefused(
        failing.length,
        body.length,
        // People count from 1: the message names the first question Item 1, as the page's preview
        // does (bulkTexts.item); `details[].path` below is the JSON path and stays 0-based (`[0]`).
        shown.map((index, i) => t.questionSaveTexts.bulkItem(index + 1, problemsIn(t)[i]!)),
        failing.length - shown.length,
      ),
    failing.flatMap((index, i) =>
      problemsIn(serverTexts('en'))
        .at(i)!
        .map((_, k) => ({
          path: `[${index}]`,
          message: (t: ServerTexts) => problemsIn(t)[i]![k]!,
        })),
    ),
  );
}

/**
 * `POST questions/multiples`: the array itself is checked by its contract (QuestionBulkRequest);
 * here every item is checked first; a 400 lists every failing item (bulkRefusal) with the spec's
 * messages and nothing is saved. Otherwise all items are saved in one transaction with a handful of
 * multi-row statements (not one per question). Answers the count saved.
 */
export async function createQuestionsInBulk(
  db: Db,
  body: readonly unknown[],
  context: { now: Date; timeZone: string; authorId: number },
): Promise<number> {
  const checked = body.map((item) => checkBulkItem(item, context.now, context.timeZone));
  const names = [...new Set(checked.flatMap((c) => c.question?.students ?? []))];
  const students = await findStudentsByNames(db, names);
  const failing = checked.flatMap((c, index) =>
    c.problems.length > 0 || c.question?.students.some((name) => !students.has(name)) ? [index] : [],
  );
  if (failing.length > 0) throw bulkRefusal(body, failing, students, context);

  const items = checked.map((c) => c.question!) as BulkQuestion[];
  await db.transaction(async (tx) => {
    // The students' calendars are recounted below: their locks come first (docs/architecture.md,
    // "One lock order").
    await lockStudents(
      tx,
      [...students.values()].map((s) => s.id),
    );
    const ids: number[] = [];
    for (const part of chunks(items)) {
      const inserted = await tx
        .insert(questions)
        .values(
          part.map((q) => ({
            title: q.title,
            question: q.question,
            type: q.type,
            hint: q.hint,
            answer: q.answer,
            explanation: q.explanation,
            generatedDate: q.generatedDate,
            createdBy: context.authorId,
          })),
        )
        .returning({ id: questions.id });
      ids.push(...inserted.map((r) => r.id));
    }
    const options = items.flatMap((q, i) =>
      q.candidates.map((value, position) => ({ questionId: ids[i]!, position, value })),
    );
    for (const part of chunks(options)) await tx.insert(candidates).values(part);

    const topicId = await ensureTopics(tx, [...new Set(items.flatMap((q) => q.topics))]);
    const links = items.flatMap((q, i) =>
      q.topics.map((t) => ({ questionId: ids[i]!, topicId: topicId.get(t)! })),
    );
    for (const part of chunks(links)) await linkTopics(tx, part);
    const attached = items.flatMap((q, i) => pictureRows(ids[i]!, q.pictures));
    for (const part of chunks(attached)) await attachPictures(tx, part);

    const assignments = items.flatMap((q, i) =>
      q.students.map((name) => ({
        questionId: ids[i]!,
        studentId: students.get(name)!.id,
        targetDate: q.targetDate,
        dueDay: dayOf(q.targetDate, context.timeZone),
      })),
    );
    for (const part of chunks(assignments)) await upsertAssignments(tx, part);
    await refreshCalendarDays(
      tx,
      assignments.map((a) => ({ studentId: a.studentId, day: a.dueDay })),
    );
  });
  return items.length;
}
