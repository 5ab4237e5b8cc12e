import { type Page, type PageRequest, toPage } from '../../common/contracts/paging.ts';
import type { TopicStat } from '../../common/contracts/responses.ts';
import { plural } from '../../common/texts.ts';
import type { Db } from '../db/open.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import { lockStudents } from '../shared/users.ts';
import { rebuildTopicStats, topicStatsPage } from './queries.ts';

/** The recount a change of topics or automatic marks runs in its transaction, the difference a teacher's marks apply, and the profile card's figures. */
/** What the statistics page may sort by (its route declares it). */
export { countMarkChanges, learnerFigures, refreshTopicStats, topicStatSortable } from './queries.ts';

/** `PATCH stats/topics/reload/{name}`: the student's topic statistics rebuilt under the student's lock. */
export async function rebuildStudentTopicStats(
  db: Db,
  student: { id: number; username: string },
  context: { actor: AuditActor; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockStudents(tx, [student.id]);
    const topics = await rebuildTopicStats(tx, student.id);
    await recordAudit(tx, {
      ...context,
      at: context.now,
      action: 'topicStats.reload',
      target: student.username,
      detail: `${topics} ${plural(topics, { one: 'topic', other: 'topics' })}`,
    });
    return topics;
  });
}

/** `GET stats/topics/page/{name}`: one page of a student's topic statistics. */
export async function topicStatsOf(db: Db, studentId: number, page: PageRequest): Promise<Page<TopicStat>> {
  const { rows, total } = await topicStatsPage(db, studentId, page);
  return toPage(rows, page, total);
}
