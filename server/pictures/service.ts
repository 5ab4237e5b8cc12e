import fs from 'node:fs';
import type { PictureUploaded } from '../../common/contracts/responses.ts';
import { serverLimits } from '../../common/limits.ts';
import { pictureMessages, profileMessages } from '../../common/messages.ts';
import { hasAnyRole, STAFF_ROLES } from '../../common/roles.ts';
import type { Db } from '../db/open.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Auth } from '../http/access.ts';
import { reencodePicture } from '../images/picture.ts';
import { insertPicture, readablePicture } from './queries.ts';
import type { PictureStore } from './store.ts';

/**
 * `POST pictures`: an uploaded file made into a question picture by the picture rule (every refusal
 * a 400 before anything is written), its longest side at most `pictureMaxSidePx`, stored once by
 * its content (./store.ts) and recorded. Answers its id (the hash) and size, which a question's
 * `pictures` then name with their alt text.
 */
export async function uploadPicture(
  db: Db,
  store: PictureStore,
  image: Buffer | null,
  context: { authorId: number; now: Date },
): Promise<PictureUploaded> {
  if (!image || image.length === 0) throw badRequest(profileMessages.pictureMissing);
  const picture = await reencodePicture(image, { within: serverLimits.questionPictureSidePx });
  const hash = await store.save(picture.data);
  await insertPicture(db, {
    hash,
    width: picture.width,
    height: picture.height,
    bytes: picture.data.length,
    uploadedBy: context.authorId,
    createdAt: context.now,
  });
  return { id: hash, width: picture.width, height: picture.height };
}

/**
 * `GET pictures/{id}`: the stored file, if the caller may read a question it belongs to
 * (`readablePicture`). Anyone else gets the 404 of a picture that does not exist, so that whether
 * it does is not told.
 */
export async function pictureFile(
  db: Db,
  store: PictureStore,
  auth: Auth,
  hash: string,
): Promise<{ file: string; size: number; hash: string }> {
  const row = await readablePicture(db, hash, {
    id: auth.userId,
    staff: hasAnyRole(auth.roles, STAFF_ROLES),
    parent: auth.roles.includes('PARENT'),
  });
  const file = row ? store.fileOf(row.hash) : null;
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !stat?.isFile()) throw notFound(pictureMessages.pictureNotFound);
  return { file, size: stat.size, hash };
}
