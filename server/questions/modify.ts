import type { ModifyResult, QuestionUpdateBatch, Remarked } from '../../common/contracts/tutoring.ts';
import { parseDateTime } from '../../common/dates.ts';
import { checkOptionsAndAnswer, ruleText } from '../../common/questions/checks.ts';
import { autoMark, type Mark, normaliseNames, type QuestionType } from '../../common/questions/rules.ts';
import type { z } from '../../common/zod.ts';
import { refreshCalendarDays, type TouchedDay } from '../calendars/service.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import type { ServerTexts } from '../i18n/texts.ts';
import { lockStudents } from '../shared/users.ts';
import { refreshTopicStats } from '../stats/service.ts';
import { autoMarkedSubmissions, setMarks, studentsWhoAnswered } from '../submissions/service.ts';
import { replacePictures } from './pictures.ts';
import {
  ensureTopics,
  linkTopics,
  loadQuestions,
  type QuestionDetails,
  type QuestionFieldUpdate,
  type QuestionRow,
  rewriteCandidates,
  topicIdsOf,
  unlinkAllTopics,
  updateQuestionFields,
} from './queries.ts';

type Change = z.output<typeof QuestionUpdateBatch>[number];
type Plan = {
  change: Change;
  before: QuestionRow & QuestionDetails;
  type: QuestionType;
  options: string[];
  answer: string;
  generatedDate: Date | null;
  markingChanged: boolean;
};

/**
 * `PATCH questions/multiples`: edits of existing questions, all or nothing. Options keep their ids by
 * position (the first n keep theirs, extras are added, surplus removed). When the answer, type or
 * options change, every automatically marked submission of the question is marked again by the new
 * rules (teacher marks are left alone); the answer lists which marks changed.
 *
 * One transaction of a fixed number of statements however many questions, options, topics and
 * students change. The questions are locked first (answers to them wait, so none is marked by the
 * old rules after the re-marking), then the students who answered the questions whose marks or
 * topics change: their calendars and topic statistics are recounted.
 */
export async function modifyQuestions(
  db: Db,
  changes: z.output<typeof QuestionUpdateBatch>,
  timeZone: string,
): Promise<ModifyResult> {
  const ids = [...new Set(changes.map((c) => c.id))];
  if (ids.length !== changes.length) throw badRequest((t) => t.questionSaveTexts.onceEach);

  return db.transaction(async (tx) => {
    // Locked, then read in a statement of its own (loadQuestions says why): options planned by
    // position from options read before the wait would collide with the last modify's.
    const existing = await loadQuestions(tx, ids, 'no key update');
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0) throw notFound((t) => t.questionSaveTexts.noQuestions(missing));
    const plans = planChanges(changes, existing, timeZone);
    // Questions whose marks or topics change: their answerers' statistics are recounted.
    const recounted = plans
      .filter((p) => p.markingChanged || p.change.topics !== undefined)
      .map((p) => p.change.id);
    const topicsBefore = await topicIdsOf(tx, recounted);
    // No new answer to these questions can arrive (they are locked), so this set can only shrink.
    const answerers = await studentsWhoAnswered(tx, recounted);
    await lockStudents(tx, answerers);

    await updateQuestionFields(tx, plans.map(toFieldUpdate));
    await rewriteCandidates(tx, candidatePlan(plans));
    await replaceTopics(tx, plans);
    await replacePictures(
      tx,
      plans.flatMap((p) =>
        p.change.pictures === undefined ? [] : [{ questionId: p.change.id, pictures: p.change.pictures }],
      ),
    );
    const remarked = await remark(
      tx,
      plans.filter((p) => p.markingChanged),
    );
    await refreshTopicStats(tx, answerers, recounted, topicsBefore);
    return { count: changes.length, remarked };
  });
}

/** Checks every change against the rules; a 400 lists every problem and nothing is written. */
function planChanges(
  changes: readonly Change[],
  existing: Map<number, QuestionRow & QuestionDetails>,
  timeZone: string,
): Plan[] {
  const problems: { path: string; message: (t: ServerTexts) => string }[] = [];
  const plans = changes.map((change, index): Plan | null => {
    const before = existing.get(change.id)!;
    const type = (change.type ?? before.type) as QuestionType;
    const options = change.candidates ?? before.candidates.map((c) => c.value);
    const rules = checkOptionsAndAnswer(type, type === 's' ? [] : options, change.answer ?? before.answer);
    if (!rules.ok) {
      const { field, reason } = rules;
      problems.push({
        path: `[${index}].${field}`,
        message: (t) => ruleText(t.questionRuleTexts, reason, type),
      });
    }
    let generatedDate: Date | null = null;
    if (change.generatedDate !== undefined) {
      generatedDate = parseDateTime(change.generatedDate, timeZone);
      if (!generatedDate)
        problems.push({
          path: `[${index}].generatedDate`,
          message: (t) => t.questionSaveTexts.notDateTime('2026-11-23T09:00'),
        });
    }
    if (!rules.ok) return null;
    const markingChanged =
      change.type !== undefined || change.answer !== undefined || change.candidates !== undefined;
    return {
      change,
      before,
      type,
      options: rules.options,
      answer: rules.answer,
      generatedDate,
      markingChanged,
    };
  });
  if (problems.length > 0) {
    throw new AppError(400, (t) => problems.map((p) => `${p.path}: ${p.message(t)}`).join('; '), problems);
  }
  return plans as Plan[];
}

function toFieldUpdate({ change, type, answer, generatedDate }: Plan): QuestionFieldUpdate {
  return {
    id: change.id,
    title: change.title?.trim() ?? null,
    question: change.question ?? null,
    explanation: change.explanation ?? null,
    hintSet: change.hint !== undefined,
    hint: change.hint?.trim() ? change.hint : null,
    generatedDate,
    type,
    answer,
  };
}

/** Options by position: changed values keep their ids, extra positions are added, surplus removed. */
function candidatePlan(plans: readonly Plan[]) {
  const changed: { id: number; value: string }[] = [];
  const added: { questionId: number; position: number; value: string }[] = [];
  const kept: { questionId: number; keep: number }[] = [];
  for (const { change, before, options } of plans) {
    if (change.candidates === undefined && change.type === undefined) continue;
    options.forEach((value, position) => {
      const old = before.candidates[position];
      if (!old) added.push({ questionId: change.id, position, value });
      else if (old.value !== value) changed.push({ id: old.id, value });
    });
    if (before.candidates.length > options.length) kept.push({ questionId: change.id, keep: options.length });
  }
  return { changed, added, kept };
}

/** Topic sets replaced for the questions whose `topics` were sent (four statements at most). */
async function replaceTopics(tx: DbOrTx, plans: readonly Plan[]): Promise<void> {
  const replaced = plans.filter((p) => p.change.topics !== undefined);
  if (replaced.length === 0) return;
  const titles = new Map(replaced.map((p) => [p.change.id, normaliseNames(p.change.topics!)]));
  await unlinkAllTopics(tx, [...titles.keys()]);
  const topicIds = await ensureTopics(tx, [...titles.values()].flat());
  await linkTopics(
    tx,
    [...titles].flatMap(([questionId, list]) => list.map((t) => ({ questionId, topicId: topicIds.get(t)! }))),
  );
}

/**
 * Marks every automatically marked answer to these questions again by their new rules (four
 * statements at most; the caller holds the answerers' locks). An answer that now needs a teacher (short answer) becomes unmarked and is no
 * longer an automatic mark. Answers the marks that changed.
 */
async function remark(tx: DbOrTx, plans: readonly Plan[]): Promise<Remarked[]> {
  if (plans.length === 0) return [];
  const byId = new Map(plans.map((p) => [p.change.id, p]));
  const questionIds = [...byId.keys()];
  const remarked: Remarked[] = [];
  const automatic = new Map<number, number>();
  const unmarked = new Map<number, number>();
  const touched: TouchedDay[] = [];
  for (const row of await autoMarkedSubmissions(tx, questionIds)) {
    const plan = byId.get(row.questionId)!;
    const to = autoMark(plan.type, plan.answer, row.studentAnswer);
    if (to === row.marked) continue;
    (to === 0 ? unmarked : automatic).set(row.id, to);
    remarked.push({
      submissionId: row.id,
      questionId: row.questionId,
      student: row.student,
      from: row.marked as Mark,
      to,
    });
    touched.push({ studentId: row.studentId, day: row.dueDay });
  }
  await setMarks(tx, automatic, true);
  await setMarks(tx, unmarked, false);
  await refreshCalendarDays(tx, touched);
  return remarked;
}
