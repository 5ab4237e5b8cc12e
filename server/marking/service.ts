import type { Page, PageRequest } from '../../common/contracts/paging.ts';
import { toPage } from '../../common/contracts/paging.ts';
import type { MarkingInboxItem, MarkingItem } from '../../common/contracts/tutoring.ts';
import { apiMessages } from '../../common/messages.ts';
import type { Db } from '../db/open.ts';
import { badRequest, notFound } from '../errors.ts';
import { lockStudents } from '../shared/users.ts';
import {
  applyTeacherMarks,
  submissionsWithQuestions,
  toSubmissionQuestions,
} from '../submissions/service.ts';
import { findUserByUsername } from '../users/service.ts';
import { earlierMarks, inboxPage, submissionsToMark, usernamesOf } from './queries.ts';
import { earlierMarksByQuestion, suggestMark } from './suggest.ts';

/** The header's count of the answers waiting for a mark. */
export { countUnmarked } from './queries.ts';

/**
 * `GET marking`: the inbox page, each short answer with the mark suggested for it (one more
 * statement for the whole page: the earlier marks on its short-answer questions). A `student`
 * filter that names no student is a 404 (only staff call this, so saying so reveals nothing).
 */
export async function markingInbox(
  db: Db,
  filter: { student?: string | undefined; date?: string | undefined },
  page: PageRequest,
  timeZone: string,
): Promise<Page<MarkingInboxItem>> {
  let studentId: number | null = null;
  if (filter.student !== undefined) {
    const student = await findUserByUsername(db, filter.student);
    if (!student?.roles.includes('STUDENT')) throw notFound(apiMessages.studentNotFound);
    studentId = student.id;
  }
  const { rows, total } = await inboxPage(db, { studentId, day: filter.date ?? null }, page);
  const items = await toSubmissionQuestions(db, rows, timeZone);
  const shortAnswers = new Map(
    rows.filter((r) => r.question.type === 's').map((r) => [r.question.id, r.question.answer]),
  );
  const earlier = earlierMarksByQuestion(await earlierMarks(db, [...shortAnswers.keys()]), shortAnswers);
  return toPage(
    items.map((item, i) => ({
      ...item,
      student: rows[i]!.student,
      suggestion: suggestMark(
        rows[i]!.question,
        rows[i]!.submission.studentAnswer,
        earlier.get(item.question.id),
      ),
    })),
    page,
    total,
  );
}

/**
 * `PUT marking`: a teacher's marks on answers of any students, in one transaction. Every id must be
 * a submission (else a 400 naming the others and nothing changes); the students are locked (in id
 * order) before anything is written, so calendars and topic statistics are recounted exactly, as
 * `PUT submissions/mark/{name}` does for one student. Any mark may be changed again
 * (docs/product.md, "Marking").
 */
export async function markAnswers(
  db: Db,
  marks: Record<string, 0 | 1 | -1>,
  timeZone: string,
): Promise<MarkingItem[]> {
  const wanted = new Map(Object.entries(marks).map(([id, mark]) => [Number(id), mark as number]));
  if (wanted.size === 0) return [];
  const ids = [...wanted.keys()];
  await db.transaction(async (tx) => {
    const rows = await submissionsToMark(tx, ids);
    const known = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw badRequest((t) => t.apiMessages.noSubmissions(missing));
    }
    await lockStudents(
      tx,
      rows.map((r) => r.studentId),
    );
    await applyTeacherMarks(tx, wanted);
  });
  const rows = await submissionsWithQuestions(db, ids);
  const names = await usernamesOf(
    db,
    rows.map((r) => r.submission.studentId),
  );
  const items = await toSubmissionQuestions(db, rows, timeZone);
  return items.map((item, i) => ({ ...item, student: names.get(rows[i]!.submission.studentId) ?? '' }));
}
