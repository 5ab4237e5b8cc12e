import { hash, randomBytes } from 'node:crypto';
import { TransactionRollbackError } from 'drizzle-orm';
import type { ResetLinkResponse } from '../../common/contracts/responses.ts';
import {
  type PasswordChangeRequest,
  type PasswordResetConfirm,
  passwordRepeatsIdentity,
} from '../../common/contracts/users.ts';
import type { Language } from '../../common/i18n/translation.ts';
import { serverLimits } from '../../common/limits.ts';
import { apiMessages, profileMessages, recoveryMessages } from '../../common/messages.ts';
import type { z } from '../../common/zod.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { AppError, badRequest, forbidden, notFound } from '../errors.ts';
import { enqueueMail, type OutgoingMail } from '../mail/service.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import type { UserRow } from '../shared/users.ts';
import { hashPassword } from './passwords.ts';
import {
  consumePasswordReset,
  deleteSessionsOf,
  endPasswordResets,
  findAccountForReset,
  findResetAccount,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  touchNoReset,
  updatePasswordHash,
} from './queries.ts';
import { passwordResetMail, resetPageUrl } from './recoveryMail.ts';
import { signIn } from './service.ts';
import { checkPasswordResetAllowed } from './throttle.ts';

/**
 * Password recovery and change (docs/product.md, "Accounts and sign-in"). A reset link carries 32
 * random bytes; only their SHA-256 is stored, for an hour, and the link works once.
 */

const RESET_MS = serverLimits.resetLinkMinutes * 60_000;

function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * `POST users/password-reset`: throttled per address and per email, then — the same statements and
 * the same answer whether or not the email has an account — a link stored and mailed (an account
 * with a password), a mail naming its providers (an account without one), or the same checks and a
 * write that changes nothing (no account). The answer never waits for the mail: the outbox sends it.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  from: {
    ip: string;
    now: Date;
    language: Language;
    origin: string;
    perAddress: number;
    perAccount: number;
  },
): Promise<void> {
  await checkPasswordResetAllowed(db, { ...from, email });
  const { token, tokenHash } = newToken();
  const account = await findAccountForReset(db, email);
  const recipient = {
    to: account?.email ?? email,
    userId: account?.id ?? null,
    name: account?.username ?? '',
    language: account?.language ?? from.language,
    origin: from.origin,
  };
  // Written for everyone, sent only to an account: the unknown email's request costs the same.
  const mail = passwordResetMail(
    account && !account.passwordHash
      ? { ...recipient, providers: account.providers }
      : { ...recipient, token },
  );
  await db.transaction(async (tx) => {
    if (!account) {
      await rehearse(tx, mail, tokenHash);
      return;
    }
    if (account.passwordHash) {
      await insertPasswordReset(tx, {
        userId: account.id,
        tokenHash,
        createdAt: from.now,
        expiresAt: new Date(from.now.getTime() + RESET_MS),
      });
    } else {
      await touchNoReset(tx, tokenHash);
    }
    // The mail goes to the outbox in the transaction that stores its link: both or neither.
    await enqueueMail(tx, mail);
  });
}

/**
 * For an email without an account, the writes a request for an account makes — a mail enqueued, a
 * link's row touched — under a savepoint that is then rolled back: nothing stays, yet the work (and
 * on PostgreSQL the commit's flush, the transaction having written) costs what it does for an
 * account, so the answer's time tells nothing.
 */
async function rehearse(tx: DbOrTx, mail: OutgoingMail, tokenHash: string): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await enqueueMail(savepoint, mail);
      await touchNoReset(savepoint, tokenHash);
      savepoint.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/** `POST users/password-reset/check`: whether a link still works (its page says so before any typing). */
export async function resetLinkWorks(db: Db, token: string, now: Date): Promise<boolean> {
  return (await findResetAccount(db, hashResetToken(token), now)) !== null;
}

/** The new password may not be the account's name or email: a 400 naming `field`, as the schema's would. */
function checkNotIdentity(user: UserRow, password: string, field: string): void {
  if (!passwordRepeatsIdentity({ email: user.email, username: user.username, password })) return;
  throw badRequest(
    (t) => `${field}: ${t.validationTexts.passwordIsIdentity}`,
    [{ path: field, message: (t) => t.validationTexts.passwordIsIdentity }],
  );
}

/**
 * `POST users/password-reset/confirm`: sets the account's password from a link that still works and
 * ends every session of the account (the caller then signs in afresh). The link is used up in the
 * same transaction, atomically: of two uses at once exactly one sets a password. The password is
 * hashed before, outside the transaction, so no lock waits for argon2.
 */
export async function resetPassword(
  db: Db,
  request: z.output<typeof PasswordResetConfirm>,
  now: Date,
): Promise<UserRow> {
  const tokenHash = hashResetToken(request.token);
  const user = await findResetAccount(db, tokenHash, now);
  if (!user) throw badRequest(recoveryMessages.linkInvalid);
  checkNotIdentity(user, request.password, 'password');
  const passwordHash = await hashPassword(request.password);
  await db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, tokenHash, now);
    if (userId !== user.id) throw badRequest(recoveryMessages.linkInvalid);
    await updatePasswordHash(tx, userId, passwordHash);
    await endPasswordResets(tx, userId, now);
    await deleteSessionsOf(tx, userId, null);
  });
  return user;
}

/**
 * `PUT users/password`: the signed-in person's new password, given the current one (checked under the
 * sign-in throttle, as Edit Profile's email change is). Every other session of the account ends, and
 * any reset link still open stops working; this browser stays signed in.
 */
export async function changePassword(
  db: Db,
  auth: { userId: number; sessionId: number },
  request: z.output<typeof PasswordChangeRequest>,
  context: { ip: string; now: Date },
): Promise<void> {
  const me = await findUserById(db, auth.userId);
  if (!me) throw forbidden(apiMessages.forbidden);
  if (!me.passwordHash) throw badRequest(recoveryMessages.noPassword);
  try {
    await signIn(db, { email: me.email, password: request.currentPassword, ip: context.ip }, context.now);
  } catch (error) {
    // A wrong current password is a mistake in a form, not the end of the session.
    if (error instanceof AppError && error.status === 401)
      throw badRequest(profileMessages.currentPasswordWrong);
    throw error;
  }
  checkNotIdentity(me, request.newPassword, 'newPassword');
  const passwordHash = await hashPassword(request.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, me.id, passwordHash);
    await endPasswordResets(tx, me.id, context.now);
    await deleteSessionsOf(tx, me.id, auth.sessionId);
  });
}

/**
 * A reset link for any account, made by an administrator (the console, or `npm run users --
 * reset-link`): answered to be shown once, and recorded in the audit log with it.
 */
export async function makeResetLink(
  db: Db,
  account: { id: number } | { email: string },
  context: { actor: AuditActor; now: Date; origin: string },
): Promise<ResetLinkResponse> {
  const user =
    'id' in account ? await findUserById(db, account.id) : await findUserByEmail(db, account.email);
  if (!user) throw notFound(apiMessages.userNotFound);
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(context.now.getTime() + RESET_MS);
  await db.transaction(async (tx) => {
    await insertPasswordReset(tx, { userId: user.id, tokenHash, createdAt: context.now, expiresAt });
    await recordAudit(tx, {
      actor: context.actor,
      at: context.now,
      action: 'user.resetLink',
      target: user.username,
      detail: `valid until ${expiresAt.toISOString()}`,
    });
  });
  return { link: resetPageUrl(context.origin, token), expiresAt: expiresAt.toISOString() };
}

/** Where the app's pages are for a link: PUBLIC_URL, else this machine's port (never a request's Host). */
export function appOrigin(config: { publicUrl: URL | null; port: number }): string {
  return config.publicUrl ? config.publicUrl.origin : `http://127.0.0.1:${config.port}`;
}
