import { and, eq, lt, max, sql } from 'drizzle-orm';
import type { Language } from '../../common/i18n/translation.ts';
import type { Role } from '../../common/roles.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { mailDigests } from '../db/schema.ts';

/** Someone a digest may be due for. */
export type DigestRecipient = { id: number; email: string; username: string; language: Language | null };

/**
 * The people with `role` who get `kind` (not switched off) and have no digest of it for `period`
 * yet: one statement whatever their number.
 */
export async function digestCandidates(
  db: DbOrTx,
  role: Role,
  kind: string,
  period: string,
): Promise<DigestRecipient[]> {
  return rowsOf<DigestRecipient>(
    await db.execute(sql`
      select u.id, u.email, u.username, u.language from users u
      where ${role} = any(u.roles)
        and not exists (select 1 from mail_opt_outs o where o.user_id = u.id and o.kind = ${kind})
        and not exists (
          select 1 from mail_digests d where d.user_id = u.id and d.kind = ${kind} and d.period = ${period})
      order by u.id`),
  );
}

/**
 * Claims the person's digest of `kind` for `period`: true for the one transaction whose row went
 * in; another instance's (or an earlier run's) row makes it false, waiting for that one's commit.
 */
export async function claimDigest(
  db: DbOrTx,
  claim: { userId: number; kind: string; period: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(mailDigests)
    .values({ userId: claim.userId, kind: claim.kind, period: claim.period, sentAt: claim.at })
    .onConflictDoNothing()
    .returning({ userId: mailDigests.userId });
  return rows.length > 0;
}

/** When the person's previous digest of `kind` (before `period`) was decided, if ever. */
export async function previousDigestAt(
  db: DbOrTx,
  userId: number,
  kind: string,
  period: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(mailDigests.sentAt) })
    .from(mailDigests)
    .where(and(eq(mailDigests.userId, userId), eq(mailDigests.kind, kind), lt(mailDigests.period, period)));
  return row?.at ? new Date(row.at) : null;
}
