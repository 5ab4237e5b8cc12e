import type { PageRequest } from '../../common/contracts/paging.ts';
import type { QuestionOnly, QuestionTopic, TopicLinkRequest } from '../../common/contracts/tutoring.ts';
import { normaliseNames } from '../../common/questions/rules.ts';
import type { z } from '../../common/zod.ts';
import type { Db } from '../db/open.ts';
import { topics } from '../db/schema.ts';
import { conflict, notFound, uniqueViolation } from '../errors.ts';
import { lockStudents } from '../shared/users.ts';
import { refreshTopicStats } from '../stats/service.ts';
import { studentsWhoAnswered } from '../submissions/service.ts';
import {
  ensureTopics,
  existingQuestionIds,
  linkTopics,
  loadQuestionDetails,
  loadQuestions,
  type QuestionRow,
  toQuestionOnly,
} from './queries.ts';
import { questionsByTitlePage, questionsPage, type SearchField } from './search.ts';

async function withDetails(db: Db, rows: QuestionRow[], timeZone: string): Promise<QuestionOnly[]> {
  const details = await loadQuestionDetails(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toQuestionOnly(row, details.get(row.id)!, timeZone));
}

export async function listQuestions(
  db: Db,
  search: { field: SearchField; text: string } | null,
  page: PageRequest,
  timeZone: string,
  student: string | null = null,
): Promise<{ content: QuestionOnly[]; total: number }> {
  const { rows, total } = await questionsPage(db, search, page, student);
  return { content: await withDetails(db, rows, timeZone), total };
}

function toQuestionTopic(question: QuestionOnly): QuestionTopic {
  return { id: question.id, title: question.title, question: question.question, topics: question.topics };
}

export async function listQuestionTopics(db: Db, title: string | null, page: PageRequest, timeZone: string) {
  const { rows, total } = await questionsByTitlePage(db, title, page);
  return { content: (await withDetails(db, rows, timeZone)).map(toQuestionTopic), total };
}

/** `PATCH questions/topics`: adds (never removes) topics to questions; new topics are created. */
export async function linkTopicsToQuestions(
  db: Db,
  request: z.output<typeof TopicLinkRequest>,
  timeZone: string,
): Promise<QuestionTopic[]> {
  const ids = [...new Set(request.questionIds)];
  await db.transaction(async (tx) => {
    // The questions exist until the links are in; a modify, and answers (which read them `FOR
    // SHARE`), wait: no answer is counted under the old topics after the recount below.
    const found = await existingQuestionIds(tx, ids, 'no key update');
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound((t) => t.questionSaveTexts.noQuestions(missing));
    const answerers = await studentsWhoAnswered(tx, ids);
    await lockStudents(tx, answerers);
    const topicIds = [...(await ensureTopics(tx, normaliseNames(request.topics))).values()];
    await linkTopics(
      tx,
      ids.flatMap((questionId) => topicIds.map((topicId) => ({ questionId, topicId }))),
    );
    await refreshTopicStats(tx, answerers, ids);
  });
  const loaded = await loadQuestions(db, ids);
  return ids.map((id) => {
    const q = loaded.get(id)!;
    return toQuestionTopic(toQuestionOnly(q, q, timeZone));
  });
}

/** `POST topics`: a new topic (trimmed, lower-cased); a duplicate is a 409. */
export async function createTopic(db: Db, title: string): Promise<{ id: number; title: string }> {
  const [clean] = normaliseNames([title]);
  try {
    const [row] = await db.insert(topics).values({ title: clean! }).returning();
    return row!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw conflict((t) => t.questionSaveTexts.topicExists(clean!));
    throw error;
  }
}
