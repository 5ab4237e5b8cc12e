import type { PictureInput } from '../../common/contracts/tutoring.ts';
import type { DbOrTx } from '../db/open.ts';
import { badRequest } from '../errors.ts';
import { deleteQuestionPictures, insertQuestionPictures, type QuestionPictureRow } from './queries.ts';

/** A question's pictures as rows, in the order sent. */
export function pictureRows(
  questionId: number,
  pictures: readonly Pick<PictureInput, 'id' | 'part' | 'alt'>[],
): QuestionPictureRow[] {
  return pictures.map((p, position) => ({ questionId, position, part: p.part, picture: p.id, alt: p.alt }));
}

/**
 * Attaches the pictures (one statement); a picture that was never uploaded refuses the whole
 * request with a 400 (thrown inside the caller's transaction, so nothing is saved).
 */
export async function attachPictures(tx: DbOrTx, rows: readonly QuestionPictureRow[]): Promise<void> {
  const unknown = await insertQuestionPictures(tx, rows);
  if (unknown.length > 0) throw badRequest((t) => t.pictureMessages.unknownPictures(unknown.length));
}

/** Replaces the pictures of each question named (two statements). */
export async function replacePictures(
  tx: DbOrTx,
  sets: readonly { questionId: number; pictures: readonly PictureInput[] }[],
): Promise<void> {
  if (sets.length === 0) return;
  await deleteQuestionPictures(
    tx,
    sets.map((s) => s.questionId),
  );
  await attachPictures(
    tx,
    sets.flatMap((s) => pictureRows(s.questionId, s.pictures)),
  );
}
