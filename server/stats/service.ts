import type { Db } from '../db/open.ts';
import { lockStudents } from '../users/queries.ts';
import { rebuildTopicStats } from './queries.ts';

/** `PATCH stats/topics/reload/{name}`: the student's topic statistics rebuilt under the student's lock. */
export async function rebuildStudentTopicStats(db: Db, studentId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await lockStudents(tx, [studentId]);
    return rebuildTopicStats(tx, studentId);
  });
}
