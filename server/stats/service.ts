import type { Db } from '../db/open.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import { lockStudents } from '../shared/users.ts';
import { rebuildTopicStats } from './queries.ts';

/** The recount every change of marks or topics runs in its transaction, and the profile card's figures. */
export { learnerFigures, refreshTopicStats } from './queries.ts';

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
      detail: `${topics} topics`,
    });
    return topics;
  });
}
