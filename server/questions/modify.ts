import { and, eq, gte } from 'drizzle-orm';
import type { z } from 'zod';
import type { ModifyResult, QuestionUpdateBatch, Remarked } from '../../common/contracts/tutoring.ts';
import { parseDateTime } from '../../common/dates.ts';
import { checkOptionsAndAnswer } from '../../common/questions/checks.ts';
import { autoMark, type Mark, normaliseNames, type QuestionType } from '../../common/questions/rules.ts';
import { refreshCalendarDays } from '../calendars/queries.ts';
import type { Db } from '../db/open.ts';
import { candidates, questions, questionTopics, submissions, users } from '../db/schema.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { setMarks } from '../submissions/queries.ts';
import { ensureTopics, linkTopics, loadQuestions } from './queries.ts';

/**
 * `PATCH questions/multiples`: edits of existing questions, all or nothing. Options keep their ids by
 * position (the first n keep theirs, extras are added, surplus removed). When the answer, type or
 * options change, every automatically marked submission of the question is marked again by the new
 * rules (teacher marks are left alone); the answer lists which marks changed.
 */
export async function modifyQuestions(
  db: Db,
  changes: z.output<typeof QuestionUpdateBatch>,
  timeZone: string,
): Promise<ModifyResult> {
  const ids = [...new Set(changes.map((c) => c.id))];
  if (ids.length !== changes.length) throw badRequest('Each question may appear once in a modify request.');
  const existing = await loadQuestions(db, ids);
  const missing = ids.filter((id) => !existing.has(id));
  if (missing.length > 0) throw notFound(`No question with id ${missing.join(', ')}.`);

  const problems: { path: string; message: string }[] = [];
  const plans = changes.map((change, index) => {
    const before = existing.get(change.id)!;
    const type = (change.type ?? before.type) as QuestionType;
    const options = change.candidates ?? before.candidates.map((c) => c.value);
    const answer = change.answer ?? before.answer;
    const rules = checkOptionsAndAnswer(type, type === 's' ? [] : options, answer);
    if (!rules.ok) problems.push({ path: `[${index}].${rules.field}`, message: rules.message });
    let generatedDate: Date | undefined;
    if (change.generatedDate !== undefined) {
      const parsed = parseDateTime(change.generatedDate, timeZone);
      if (!parsed)
        problems.push({
          path: `[${index}].generatedDate`,
          message: 'must be a date-time such as 2026-11-23T09:00',
        });
      else generatedDate = parsed;
    }
    const markingChanged =
      change.type !== undefined || change.answer !== undefined || change.candidates !== undefined;
    return { change, before, type, rules, generatedDate, markingChanged };
  });
  if (problems.length > 0) {
    throw new AppError(400, problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);
  }

  const remarked: Remarked[] = [];
  await db.transaction(async (tx) => {
    for (const plan of plans) {
      const { change, before, type } = plan;
      const rules = plan.rules as { ok: true; options: string[]; answer: string };
      await tx
        .update(questions)
        .set({
          ...(change.title !== undefined ? { title: change.title.trim() } : {}),
          ...(change.question !== undefined ? { question: change.question } : {}),
          ...(change.explanation !== undefined ? { explanation: change.explanation } : {}),
          ...(change.hint !== undefined ? { hint: change.hint?.trim() ? change.hint : null } : {}),
          ...(plan.generatedDate ? { generatedDate: plan.generatedDate } : {}),
          type,
          answer: rules.answer,
        })
        .where(eq(questions.id, change.id));

      if (change.candidates !== undefined || change.type !== undefined) {
        const next = rules.options;
        for (let position = 0; position < next.length; position++) {
          const kept = before.candidates[position];
          if (kept && kept.value !== next[position]) {
            await tx.update(candidates).set({ value: next[position]! }).where(eq(candidates.id, kept.id));
          }
        }
        if (next.length > before.candidates.length) {
          await tx.insert(candidates).values(
            next.slice(before.candidates.length).map((value, i) => ({
              questionId: change.id,
              position: before.candidates.length + i,
              value,
            })),
          );
        }
        await tx
          .delete(candidates)
          .where(and(eq(candidates.questionId, change.id), gte(candidates.position, next.length)));
      }

      if (change.topics !== undefined) {
        await tx.delete(questionTopics).where(eq(questionTopics.questionId, change.id));
        await linkTopics(tx, [change.id], await ensureTopics(tx, normaliseNames(change.topics)));
      }

      if (plan.markingChanged) {
        const answered = await tx
          .select({
            id: submissions.id,
            studentId: submissions.studentId,
            studentAnswer: submissions.studentAnswer,
            marked: submissions.marked,
            dueDay: submissions.dueDay,
            student: users.username,
          })
          .from(submissions)
          .innerJoin(users, eq(users.id, submissions.studentId))
          .where(and(eq(submissions.questionId, change.id), eq(submissions.autoMarked, true)));
        const touched = new Map<number, Set<string>>();
        // An answer that now needs a teacher (unmarked) is no longer an automatic mark.
        const automatic = new Map<number, number>();
        const unmarked = new Map<number, number>();
        for (const row of answered) {
          const to = autoMark(type, rules.answer, row.studentAnswer);
          if (to === row.marked) continue;
          (to === 0 ? unmarked : automatic).set(row.id, to);
          remarked.push({
            submissionId: row.id,
            questionId: change.id,
            student: row.student,
            from: row.marked as Mark,
            to,
          });
          (touched.get(row.studentId) ?? touched.set(row.studentId, new Set()).get(row.studentId)!).add(
            row.dueDay,
          );
        }
        await setMarks(tx, automatic, true);
        await setMarks(tx, unmarked, false);
        for (const [studentId, days] of touched) await refreshCalendarDays(tx, studentId, days);
      }
    }
  });
  return { count: changes.length, remarked };
}
