import { and, eq, gt, lt } from 'drizzle-orm';
import type { OAuthProvider } from '../../common/oauth.ts';
import type { DbOrTx } from '../db/open.ts';
import { oauthIdentities, oauthPending, users } from '../db/schema.ts';
import type { UserRow } from '../shared/users.ts';

export type PendingRow = typeof oauthPending.$inferSelect;

/** The user a provider account is linked to, in one statement. */
export async function findUserByIdentity(
  db: DbOrTx,
  provider: OAuthProvider,
  subject: string,
): Promise<UserRow | null> {
  const rows = await db
    .select({ user: users })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.user ?? null;
}

/**
 * Links a provider account to a user. A provider account already linked (to this user or, by a race,
 * to another) stays as it is: the answer says which user holds it.
 */
export async function linkIdentity(
  db: DbOrTx,
  values: { provider: string; subject: string; userId: number; email: string | null },
): Promise<number> {
  const inserted = await db
    .insert(oauthIdentities)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: oauthIdentities.userId });
  if (inserted[0]) return inserted[0].userId;
  const existing = await db
    .select({ userId: oauthIdentities.userId })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.provider, values.provider), eq(oauthIdentities.subject, values.subject)))
    .limit(1);
  return existing[0]?.userId ?? values.userId;
}

export async function listIdentities(
  db: DbOrTx,
  userId: number,
): Promise<{ provider: string; subject: string }[]> {
  return db
    .select({ provider: oauthIdentities.provider, subject: oauthIdentities.subject })
    .from(oauthIdentities)
    .where(eq(oauthIdentities.userId, userId))
    .orderBy(oauthIdentities.provider);
}

/** Stores a pending step and drops the ones that can no longer be used, so the table stays small. */
export async function insertPending(db: DbOrTx, values: Omit<PendingRow, 'id'>, now: Date): Promise<void> {
  await db.delete(oauthPending).where(lt(oauthPending.expiresAt, now));
  await db.insert(oauthPending).values(values);
}

/**
 * Consumes a registration code: one statement, so of two requests racing with the same code exactly
 * one gets the row. Only the browser it was issued to, and only before it expires.
 */
export async function takePendingRegistration(
  db: DbOrTx,
  tokenHash: string,
  browserHash: string,
  now: Date,
): Promise<PendingRow | null> {
  const rows = await db
    .delete(oauthPending)
    .where(
      and(
        eq(oauthPending.purpose, 'register'),
        eq(oauthPending.tokenHash, tokenHash),
        eq(oauthPending.browserHash, browserHash),
        gt(oauthPending.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Consumes the pending links of one browser for one email (the account just signed in to). */
export async function takePendingLinks(
  db: DbOrTx,
  browserHash: string,
  email: string,
  now: Date,
): Promise<PendingRow[]> {
  return db
    .delete(oauthPending)
    .where(
      and(
        eq(oauthPending.purpose, 'link'),
        eq(oauthPending.browserHash, browserHash),
        eq(oauthPending.email, email),
        gt(oauthPending.expiresAt, now),
      ),
    )
    .returning();
}
