import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { pictures } from '../db/schema.ts';

export type PictureRow = { hash: string; width: number; height: number };

/** Records a stored picture; a second upload of the same picture changes nothing (one statement). */
export async function insertPicture(
  db: DbOrTx,
  row: PictureRow & { bytes: number; uploadedBy: number; createdAt: Date },
): Promise<void> {
  await db.insert(pictures).values(row).onConflictDoNothing({ target: pictures.hash });
}

/**
 * The picture, if the caller may see it: staff see every picture; anyone else only a picture of a
 * question given to them or to a child linked to them (a parent) — with the question's text while
 * it is assigned or answered, with its explanation once answered (the explanation is never shown
 * before). One statement.
 */
export async function readablePicture(
  db: DbOrTx,
  hash: string,
  caller: { id: number; staff: boolean; parent: boolean },
): Promise<PictureRow | null> {
  const result = await db.execute(sql`
    WITH readers AS (
      SELECT ${caller.id}::int AS id
      UNION ALL
      SELECT pc.child_id FROM parent_children pc WHERE ${caller.parent} AND pc.parent_id = ${caller.id}
    )
    SELECT p.hash, p.width, p.height FROM pictures p
    WHERE p.hash = ${hash} AND (${caller.staff} OR EXISTS (
      SELECT 1 FROM question_pictures qp
      WHERE qp.picture = p.hash AND (
        EXISTS (SELECT 1 FROM submissions s
                WHERE s.question_id = qp.question_id AND s.student_id IN (SELECT id FROM readers))
        OR (qp.part = 'question' AND EXISTS (SELECT 1 FROM assignments a
                WHERE a.question_id = qp.question_id AND a.student_id IN (SELECT id FROM readers))))))`);
  const row = rowsOf<{ hash: string; width: number; height: number }>(result)[0];
  return row ? { hash: row.hash, width: Number(row.width), height: Number(row.height) } : null;
}
