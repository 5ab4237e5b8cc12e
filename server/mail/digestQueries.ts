import { and, desc, eq, lt, sql } from 'drizzle-orm';
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

/** What a student's digest compares: the open assignments and the teacher's marks, by id. */
export type StudentItems = {
  work: { id: number; title: string; dueDay: string }[];
  marks: { id: number; title: string; marked: number }[];
};

/** A student's open assignments (soonest due first) and teacher-marked answers (newest first). */
export async function studentItems(db: DbOrTx, studentId: number): Promise<StudentItems> {
  const work = rowsOf<{ id: number; title: string; dueDay: string }>(
    await db.execute(sql`
      select a.id, q.title, a.due_day::text as "dueDay" from assignments a
      join questions q on q.id = a.question_id
      where a.student_id = ${studentId} order by a.target_date, a.id`),
  );
  const marks = rowsOf<{ id: number; title: string; marked: number }>(
    await db.execute(sql`
      select s.id, q.title, s.marked::int as marked from submissions s
      join questions q on q.id = s.question_id
      where s.student_id = ${studentId} and s.marked <> 0 and not s.auto_marked
      order by s.id desc`),
  );
  return { work, marks };
}

/** What the person's latest digest of `kind` before `period` had seen, if any. */
export async function previousSeen(
  db: DbOrTx,
  userId: number,
  kind: string,
  period: string,
): Promise<{ assignments: number[]; marks: number[] } | null> {
  const [row] = await db
    .select({ seen: mailDigests.seen })
    .from(mailDigests)
    .where(and(eq(mailDigests.userId, userId), eq(mailDigests.kind, kind), lt(mailDigests.period, period)))
    .orderBy(desc(mailDigests.period))
    .limit(1);
  return row?.seen ?? null;
}

/** Keeps what this digest saw, for the next one to compare with. */
export async function keepSeen(
  db: DbOrTx,
  claim: { userId: number; kind: string; period: string },
  seen: { assignments: number[]; marks: number[] },
): Promise<void> {
  await db
    .update(mailDigests)
    .set({ seen })
    .where(
      and(
        eq(mailDigests.userId, claim.userId),
        eq(mailDigests.kind, claim.kind),
        eq(mailDigests.period, claim.period),
      ),
    );
}

/** A parent's linked children, by name. */
export async function childrenOf(db: DbOrTx, parentId: number): Promise<{ id: number; username: string }[]> {
  return rowsOf<{ id: number; username: string }>(
    await db.execute(sql`
      select u.id, u.username from parent_children p join users u on u.id = p.child_id
      where p.parent_id = ${parentId} order by lower(u.username)`),
  );
}
