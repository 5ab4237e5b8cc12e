import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { Role } from '../../common/roles.ts';
import type { DbOrTx } from '../db/open.ts';
import { auditLog, parentChildren, sessions, users } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';
import type { UserRow } from '../shared/users.ts';

/** What `GET users` may sort by. */
export const userSortable = {
  id: users.id,
  username: sql`lower(${users.username})`,
  email: users.email,
};

/** `%text%` with the user's % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of accounts whose username or email contains `search` (all when null), and the total. */
export async function usersPage(db: DbOrTx, search: string | null, page: PageRequest) {
  const where: SQL | undefined = search
    ? or(ilike(users.username, containing(search)), ilike(users.email, containing(search)))
    : undefined;
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderBy(page, userSortable, [asc(sql`lower(${users.username})`)], users.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The first `limit` accounts by id (one statement): the unpaged list of `GET users`. */
export async function usersById(db: DbOrTx, limit: number) {
  return db.select().from(users).orderBy(asc(users.id)).limit(limit);
}

/** Every PARENT account with its children's names (two statements however many). */
export async function parentsWithChildren(db: DbOrTx) {
  const parents = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`'PARENT' = ANY(${users.roles})`)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return attachChildren(db, parents);
}

/** The parents given, each with their children `[{id, name}]` by name (one statement). */
export async function attachChildren<P extends { id: number }>(db: DbOrTx, parents: P[]) {
  if (parents.length === 0) return [];
  const links = await db
    .select({ parentId: parentChildren.parentId, id: users.id, name: users.username })
    .from(parentChildren)
    .innerJoin(users, eq(users.id, parentChildren.childId))
    .where(
      inArray(
        parentChildren.parentId,
        parents.map((p) => p.id),
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return parents.map((parent) => ({
    ...parent,
    children: links.filter((l) => l.parentId === parent.id).map(({ id, name }) => ({ id, name })),
  }));
}

/**
 * The rows a role change decides on, locked until the transaction ends (`FOR NO KEY UPDATE`, in id
 * order, one statement): every administrator and the target. Two admins removing ADMIN at once
 * (from themselves or each other) therefore decide one after the other, and the second sees the
 * first's change: the last administrator is always kept.
 */
export async function lockAdminsAnd(db: DbOrTx, targetId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`'ADMIN' = ANY(${users.roles}) OR ${users.id} = ${targetId}`)
    .orderBy(users.id)
    .for('no key update');
}

/** Sets the given fields of an account (null keeps one), answering the row. */
export async function updateAccount(
  db: DbOrTx,
  userId: number,
  change: { username: string | null; email: string | null; roles: Role[] | null },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      ...(change.username ? { username: change.username } : {}),
      ...(change.email ? { email: change.email.toLowerCase() } : {}),
      ...(change.roles ? { roles: change.roles } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Ends every session of an account (one statement). */
export async function deleteSessionsOf(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The accounts with these names (case-insensitive), share-locked until the transaction ends, in id
 * order: a role change (which takes `FOR NO KEY UPDATE`) waits, so the roles read here stay true
 * while the links are written.
 */
export async function lockUsersByNamesShared(db: DbOrTx, names: readonly string[]): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      sql`lower(${users.username}) = ANY(${sql.param([...new Set(names.map((n) => n.toLowerCase()))])}::text[])`,
    )
    .orderBy(users.id)
    .for('share');
}

/** Links children to a parent (one statement; links that exist are left alone). */
export async function insertLinks(
  db: DbOrTx,
  parentId: number,
  childIds: readonly number[],
): Promise<number> {
  const rows = await db
    .insert(parentChildren)
    .values([...childIds].sort((a, b) => a - b).map((childId) => ({ parentId, childId })))
    .onConflictDoNothing()
    .returning({ childId: parentChildren.childId });
  return rows.length;
}

/** Removes one link; answers whether there was one. */
export async function deleteLink(db: DbOrTx, parentId: number, childId: number): Promise<boolean> {
  const rows = await db
    .delete(parentChildren)
    .where(and(eq(parentChildren.parentId, parentId), eq(parentChildren.childId, childId)))
    .returning({ childId: parentChildren.childId });
  return rows.length > 0;
}

/** The latest `count` entries, newest first (one statement; the id orders them). */
export async function latestAudit(db: DbOrTx, count: number) {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(count);
}
