import type {
  ChildResponse,
  PictureResponse,
  ProfileUpdateRequest,
  UserResponse,
} from '../../common/contracts/users.ts';
import { apiMessages, profileMessages } from '../../common/messages.ts';
import { isRole, rolesToText } from '../../common/roles.ts';
import type { z } from '../../common/zod.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { AppError, badRequest, conflict, forbidden, notFound, uniqueViolation } from '../errors.ts';
import type { Auth } from '../http/access.ts';
import { type AvatarStore, DEFAULT_AVATAR_URL, makeAvatar } from '../images/avatars.ts';
import { subscribedServiceNames } from '../services/service.ts';
import { recordAudit } from '../shared/audit.ts';
import type { UserRow } from '../shared/users.ts';
import { learnerFigures } from '../stats/service.ts';
import {
  childrenWithSubscriptions,
  findUserById,
  findUserByUsername,
  replaceImageUrl,
  updateNameAndEmail,
} from './queries.ts';
import { signIn } from './service.ts';

/** A percent with two decimals (66.666… → 66.67). */
const percent = (part: number, whole: number) => Math.round((10_000 * part) / whole) / 100;

/**
 * `GET users/{name}`: the original's UserResponse with the profile card's figures (docs/api.md),
 * in two statements: one of aggregates, one for the services.
 */
export async function profileOf(db: Db, user: UserRow): Promise<UserResponse> {
  const figures = await learnerFigures(db, user.id);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: rolesToText(user.roles),
    imageURL: user.imageUrl ?? DEFAULT_AVATAR_URL,
    services: await subscribedServiceNames(db, user.id),
    totalQuestions: figures.pending + figures.answered,
    totalSubmissions: figures.submissions,
    averageScore: figures.marked > 0 ? percent(figures.correct, figures.marked) : null,
    toSolve: figures.pending,
  };
}

/** The same role set written in any order, spacing or case (`teacher, ADMIN` = `ADMIN,TEACHER`). */
function sameRoles(text: string, user: UserRow): boolean {
  const sent = [...new Set(text.split(',').map((r) => r.trim().toUpperCase()))].filter(Boolean).sort();
  return sent.every(isRole) && sent.join(',') === [...user.roles].sort().join(',');
}

/**
 * `PATCH users`: a person changes their own username and email (Edit Profile). A new email needs
 * the current password, checked under the sign-in throttle (a stolen session cannot guess it fast,
 * nor move the account to an email that a provider sign-in would then link). Nobody changes their
 * roles here. A name or email someone else has is a 409, also when two requests race (the unique
 * indexes decide).
 */
export async function updateOwnProfile(
  db: Db,
  auth: Auth,
  request: z.output<typeof ProfileUpdateRequest>,
  context: { ip: string; now: Date },
): Promise<UserResponse> {
  const me = await findUserById(db, auth.userId);
  if (!me) throw forbidden(apiMessages.forbidden);
  if (request.id != null && request.id !== me.id) throw forbidden(profileMessages.ownProfileOnly);
  if (request.role != null && !sameRoles(request.role, me)) throw forbidden(profileMessages.rolesByAdmin);
  const username = request.username != null && request.username !== me.username ? request.username : null;
  const email = request.email != null && request.email !== me.email ? request.email : null;
  if (email) {
    if (!me.passwordHash) throw badRequest(profileMessages.providerEmailFixed);
    if (!request.currentPassword) throw badRequest(profileMessages.currentPasswordNeeded);
    try {
      await signIn(db, { email: me.email, password: request.currentPassword, ip: context.ip }, context.now);
    } catch (error) {
      // A wrong password here is a mistake in a form, not the end of the session.
      if (error instanceof AppError && error.status === 401)
        throw badRequest(profileMessages.currentPasswordWrong);
      throw error;
    }
  }
  if (!username && !email) return profileOf(db, me);
  try {
    return profileOf(db, await updateNameAndEmail(db, me.id, { username, email }));
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_unique') throw conflict(apiMessages.emailInUse);
    if (constraint === 'users_username_lower_unique') throw conflict(apiMessages.usernameTaken);
    throw error;
  }
}

/** The person whose picture an upload changes: the caller (by default), or anyone for an admin. */
async function pictureOwner(db: Db, auth: Auth, username: string | null): Promise<UserRow> {
  const own = !username || username.toLowerCase() === auth.username.toLowerCase();
  if (!own && !auth.roles.includes('ADMIN')) throw forbidden(profileMessages.ownProfileOnly);
  const user = own ? await findUserById(db, auth.userId) : await findUserByUsername(db, username);
  if (!user) throw notFound(apiMessages.userNotFound);
  return user;
}

/**
 * `PATCH users/image`: a new profile picture, made by `makeAvatar` (every refusal a 400 before
 * anything is written), stored under a new name, then put in the user's row under its lock; the
 * picture it replaces is deleted. Two uploads at once leave the later one in the row and no file
 * behind.
 */
export async function changePicture(
  db: Db,
  store: AvatarStore,
  auth: Auth,
  upload: { username: string | null; image: Buffer | null },
  now: Date,
): Promise<PictureResponse> {
  if (!upload.image || upload.image.length === 0) throw badRequest(profileMessages.pictureMissing);
  const owner = await pictureOwner(db, auth, upload.username);
  const avatar = await makeAvatar(upload.image);
  const url = await store.save(avatar);
  let replaced: string | null;
  try {
    // An admin changing someone else's picture is an admin write: audited with it.
    const audit =
      owner.id === auth.userId
        ? undefined
        : (tx: DbOrTx) =>
            recordAudit(tx, {
              actor: { userId: auth.userId, username: auth.username },
              at: now,
              action: 'user.picture',
              target: owner.username,
            });
    replaced = await replaceImageUrl(db, owner.id, url, audit);
  } catch (error) {
    await store.remove(url);
    throw error;
  }
  await store.remove(replaced);
  const profile = await profileOf(db, { ...owner, imageUrl: url });
  return { ...profile, url };
}

/** A parent's children (the parent's own dashboard), with their services: two statements. */
export async function childrenOf(db: Db, parent: UserRow): Promise<ChildResponse[]> {
  const rows = await childrenWithSubscriptions(db, parent.id);
  return rows.map((child) => ({ ...child, imageURL: child.imageURL ?? DEFAULT_AVATAR_URL }));
}
