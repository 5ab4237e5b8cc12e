import type { DraftsPatchResponse, DraftsResponse } from '../../common/contracts/tutoring.ts';
import { formatDateTime } from '../../common/dates.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { lockStudents } from '../shared/users.ts';
import { draftsOf, getDrafts, openQuestionIds, saveDraftChanges } from './queries.ts';

/** The drafts a submit reads and then drops, in its transaction. */
export { deleteDrafts, draftVersions } from './queries.ts';

/** `GET drafts/{name}`: answers typed (cleared ones left out) and every draft's version. */
export async function readDrafts(db: DbOrTx, studentId: number, timeZone: string): Promise<DraftsResponse> {
  const { rows, updatedAt } = await getDrafts(db, studentId);
  const answers: Record<string, string> = {};
  const versions: Record<string, number> = {};
  for (const row of rows) {
    versions[String(row.questionId)] = row.version;
    if (row.answer !== '') answers[String(row.questionId)] = row.answer;
  }
  return { answers, versions, updatedAt: updatedAt ? formatDateTime(updatedAt, timeZone) : null };
}

/**
 * `PATCH drafts/{name}`: saves each changed answer on its own, never the whole set, so a tab only
 * writes what it changed. A change typed over an older version than the stored one loses (the tab
 * gets the newer copy back); a question that can no longer be answered is dropped. Under the
 * student's lock, so a save and a submit never cross (no draft of an answered question survives).
 */
export async function patchDrafts(
  db: Db,
  studentId: number,
  changes: Record<string, { answer: string; version: number }>,
  now: Date,
): Promise<DraftsPatchResponse> {
  const wanted = Object.entries(changes).map(([id, change]) => ({
    questionId: Number(id),
    answer: change.answer,
    base: change.version,
  }));
  return db.transaction(async (tx) => {
    await lockStudents(tx, [studentId]);
    const open = await openQuestionIds(
      tx,
      studentId,
      wanted.map((c) => c.questionId),
    );
    const saved = await saveDraftChanges(
      tx,
      studentId,
      wanted.filter((c) => open.has(c.questionId)),
      now,
    );
    const lost = [...open].filter((id) => !saved.has(id));
    const conflicts: DraftsPatchResponse['conflicts'] = {};
    for (const row of await draftsOf(tx, studentId, lost)) {
      conflicts[String(row.questionId)] = { answer: row.answer, version: row.version };
    }
    return {
      saved: Object.fromEntries([...saved].map(([id, version]) => [String(id), version])),
      conflicts,
      closed: wanted.map((c) => c.questionId).filter((id) => !open.has(id)),
    };
  });
}
