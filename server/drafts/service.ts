import type { Db } from '../db/open.ts';
import { lockStudents } from '../users/queries.ts';
import { replaceDrafts } from './queries.ts';

/**
 * Replaces a student's drafts under the student's lock: two tabs saving at once, or a save racing a
 * submit, end in one consistent set (never a duplicate key, never a draft of an answered question).
 */
export async function saveDrafts(
  db: Db,
  studentId: number,
  answers: Record<string, string>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStudents(tx, [studentId]);
    await replaceDrafts(tx, studentId, answers, now);
  });
}
