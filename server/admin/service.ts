import type { AdminUserUpdate, AuditAction, ParentResponse, UserCard } from '../../common/contracts/admin.ts';
import type { Page, PageRequest } from '../../common/contracts/paging.ts';
import { MAX_PAGE_SIZE, toPage } from '../../common/contracts/paging.ts';
import type { AuditEntry } from '../../common/contracts/responses.ts';
import type { UserResponse } from '../../common/contracts/users.ts';
import { formatDateTime } from '../../common/dates.ts';
import { serverLimits } from '../../common/limits.ts';
import { adminMessages, apiMessages, profileMessages } from '../../common/messages.ts';
import { type Role, rolesToText } from '../../common/roles.ts';
import { validationTexts } from '../../common/validationTexts.ts';
import type { z } from '../../common/zod.ts';
import type { Db } from '../db/open.ts';
import { AppError, badRequest, conflict, forbidden, notFound, uniqueViolation } from '../errors.ts';
import type { Auth } from '../http/access.ts';
import { DEFAULT_AVATAR_URL } from '../images/avatars.ts';
import { serviceNamesOf } from '../services/service.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import type { UserRow } from '../shared/users.ts';
import { profileOf } from '../users/profile.ts';
import { findUserById, signIn } from '../users/service.ts';
import {
  attachChildren,
  deleteLink,
  deleteSessionsOf,
  insertLinks,
  latestAudit,
  lockAdminsAnd,
  lockUsersByNamesShared,
  parentsWithChildren,
  updateAccount,
  usersById,
  usersPage,
} from './queries.ts';

type Context = { actor: AuditActor; now: Date };

/** Who makes an administrator's write (the signed-in caller) and when: what recordAudit needs. */
export function auditContext(auth: AuditActor, now: Date): { actor: AuditActor; now: Date } {
  return { actor: { userId: auth.userId, username: auth.username }, now };
}

/** What `GET users` may sort by (the route declares it; the page's statement orders by it). */
export { userSortable } from './queries.ts';

/** `GET audit`: the latest administrator writes, newest first. */
export async function auditEntries(db: Db, timeZone: string): Promise<AuditEntry[]> {
  const rows = await latestAudit(db, serverLimits.auditLatest);
  return rows.map((row) => ({
    id: row.id,
    at: formatDateTime(row.at, timeZone),
    actor: row.actorName,
    action: row.action as AuditAction,
    target: row.target,
    detail: row.detail,
  }));
}

/** `GET users`: one page of user cards, optionally only names or emails containing `search` (three statements). */
export async function userCards(db: Db, search: string | null, page: PageRequest): Promise<Page<UserCard>> {
  const { rows, total } = await usersPage(db, search || null, page);
  return toPage(await toUserCards(db, rows), page, total);
}

/**
 * `GET users` with no paging parameters, as the original console asks: every user card by id, as
 * an array (two statements). Unpaged is acceptable because only an administrator may ask and one
 * tutor's school has tens of accounts; still, it never answers more than one page may hold
 * (`MAX_PAGE_SIZE`), so the answer stays bounded however many accounts there are.
 */
export async function everyUserCard(db: Db): Promise<UserCard[]> {
  return toUserCards(db, await usersById(db, MAX_PAGE_SIZE));
}

async function toUserCards(db: Db, rows: readonly UserRow[]): Promise<UserCard[]> {
  const services = await serviceNamesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    username: user.username,
    role: rolesToText(user.roles),
    imageURL: user.imageUrl ?? DEFAULT_AVATAR_URL,
    services: services.get(user.id) ?? [],
  }));
}

const sameSet = (a: readonly Role[], b: readonly Role[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * `PATCH users` sent by an administrator: anyone's username, email and roles (`id` names the
 * account; without it, the admin's own). A role change ends the account's sessions and is decided
 * under the lock of every admin row, so the school always keeps an administrator (the last one
 * cannot drop their own ADMIN, also when two admins demote themselves at once). An admin changing
 * their own email still gives their current password, as on Edit Profile. Every change is audited
 * in its transaction.
 */
export async function adminUpdateUser(
  db: Db,
  auth: Auth,
  request: z.output<typeof AdminUserUpdate>,
  context: Context & { ip: string },
): Promise<UserResponse> {
  const targetId = request.id ?? auth.userId;
  const before = await findUserById(db, targetId);
  if (!before) throw notFound(apiMessages.userNotFound);
  const newEmail = request.email != null && request.email !== before.email ? request.email : null;
  if (newEmail && targetId === auth.userId)
    await checkOwnPassword(db, before, request.currentPassword, context);
  try {
    const after = await db.transaction(async (tx) => {
      let target = before;
      let roles: Role[] | null = null;
      if (request.role && !sameSet(request.role, before.roles)) {
        const locked = await lockAdminsAnd(tx, targetId);
        const caller = locked.find((row) => row.id === auth.userId);
        if (!caller?.roles.includes('ADMIN')) throw forbidden(adminMessages.noLongerAdmin);
        const current = locked.find((row) => row.id === targetId);
        if (!current) throw notFound(apiMessages.userNotFound);
        target = current;
        const otherAdmins = locked.filter((row) => row.id !== targetId && row.roles.includes('ADMIN'));
        if (!request.role.includes('ADMIN') && otherAdmins.length === 0) {
          throw conflict(targetId === auth.userId ? adminMessages.lastAdmin : adminMessages.keepOneAdmin);
        }
        if (!sameSet(request.role, current.roles)) roles = request.role;
      }
      const username =
        request.username != null && request.username !== target.username ? request.username : null;
      const email = request.email != null && request.email !== target.email ? request.email : null;
      if (!username && !email && !roles) return target;
      const updated = await updateAccount(tx, targetId, { username, email, roles });
      if (roles) {
        // New roles take effect everywhere at once: the account signs in again.
        await deleteSessionsOf(tx, targetId);
        await recordAudit(tx, {
          ...context,
          at: context.now,
          action: 'user.roles',
          target: updated.username,
          detail: `${rolesToText(target.roles)} → ${rolesToText(roles)}`,
        });
      }
      if (username || email) {
        await recordAudit(tx, {
          ...context,
          at: context.now,
          action: 'user.update',
          target: updated.username,
          detail: [
            username ? `username: ${target.username} → ${username}` : '',
            email ? `email: ${target.email} → ${email}` : '',
          ]
            .filter(Boolean)
            .join('; '),
        });
      }
      return updated;
    });
    return profileOf(db, after);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_unique') throw conflict(apiMessages.emailInUse);
    if (constraint === 'users_username_lower_unique') throw conflict(apiMessages.usernameTaken);
    throw error;
  }
}

/** An admin's own new email needs their current password, as Edit Profile does (under the sign-in throttle). */
async function checkOwnPassword(
  db: Db,
  me: UserRow,
  password: string | null | undefined,
  context: { ip: string; now: Date },
): Promise<void> {
  if (!me.passwordHash) throw badRequest(profileMessages.providerEmailFixed);
  if (!password) throw badRequest(profileMessages.currentPasswordNeeded);
  try {
    await signIn(db, { email: me.email, password, ip: context.ip }, context.now);
  } catch (error) {
    if (error instanceof AppError && error.status === 401)
      throw badRequest(profileMessages.currentPasswordWrong);
    throw error;
  }
}

/** `GET users/parents`. */
export async function allParents(db: Db): Promise<ParentResponse[]> {
  return parentsWithChildren(db);
}

async function parentResponse(db: Db, parent: UserRow): Promise<ParentResponse> {
  const [withChildren] = await attachChildren(db, [
    { id: parent.id, username: parent.username, email: parent.email },
  ]);
  return withChildren!;
}

/**
 * `POST users/children/{parent}`: links the named students to the parent, all or nothing. The
 * parent must be a PARENT account and every child a STUDENT account (400 naming the others); the
 * accounts are share-locked while the links are written, so a role change cannot slip in between.
 * Links that exist are left alone.
 */
export async function linkChildren(
  db: Db,
  parentName: string,
  childNames: readonly string[],
  context: Context,
): Promise<ParentResponse> {
  const parent = await db.transaction(async (tx) => {
    const rows = await lockUsersByNamesShared(tx, [parentName, ...childNames]);
    const byName = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
    const parent = byName.get(parentName.toLowerCase());
    if (!parent) throw notFound(apiMessages.userNotFound);
    if (!parent.roles.includes('PARENT'))
      throw badRequest((t) => t.adminMessages.notAParent(parent.username));
    const wanted = [...new Set(childNames.map((name) => name.toLowerCase()))];
    const notStudents = wanted.filter((name) => {
      const child = byName.get(name);
      return child?.roles.includes('STUDENT') !== true || child.id === parent.id;
    });
    if (notStudents.length > 0) {
      throw badRequest(
        (t) => t.adminMessages.notStudents(notStudents.map((name) => byName.get(name)?.username ?? name)),
        notStudents.map((name) => ({ path: name, message: validationTexts.notAStudent })),
      );
    }
    const children = wanted.map((name) => byName.get(name)!);
    const added = await insertLinks(
      tx,
      parent.id,
      children.map((c) => c.id),
    );
    await recordAudit(tx, {
      ...context,
      at: context.now,
      action: 'parent.link',
      target: parent.username,
      detail: `${children.map((c) => c.username).join(', ')} (${added} new)`,
    });
    return parent;
  });
  return parentResponse(db, parent);
}

/** `DELETE users/children/{parent}/{child}`: removes one link (404 when there is none), audited. */
export async function unlinkChild(
  db: Db,
  parentName: string,
  childName: string,
  context: Context,
): Promise<ParentResponse> {
  const parent = await db.transaction(async (tx) => {
    const rows = await lockUsersByNamesShared(tx, [parentName, childName]);
    const parent = rows.find((row) => row.username.toLowerCase() === parentName.toLowerCase());
    const child = rows.find((row) => row.username.toLowerCase() === childName.toLowerCase());
    if (!parent || !child) throw notFound(apiMessages.userNotFound);
    if (!(await deleteLink(tx, parent.id, child.id)))
      throw notFound((t) => t.adminMessages.notLinked(parent.username, child.username));
    await recordAudit(tx, {
      ...context,
      at: context.now,
      action: 'parent.unlink',
      target: parent.username,
      detail: child.username,
    });
    return parent;
  });
  return parentResponse(db, parent);
}
