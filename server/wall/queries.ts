import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { WallState } from '../../common/contracts/portfolio.ts';
import type { DbOrTx } from '../db/open.ts';
import { wallPosts } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';

export type WallPostRow = {
  id: number;
  author: string;
  message: string;
  state: WallState;
  createdAt: Date;
  moderatedAt: Date | null;
};

const rowColumns = {
  id: wallPosts.id,
  author: wallPosts.author,
  message: wallPosts.message,
  state: wallPosts.state,
  createdAt: wallPosts.createdAt,
  moderatedAt: wallPosts.moderatedAt,
};

export async function insertWallPost(
  db: DbOrTx,
  post: { author: string; message: string; createdAt: Date },
): Promise<WallPostRow> {
  const [row] = await db.insert(wallPosts).values(post).returning(rowColumns);
  return row!;
}

export const wallSortable = { id: wallPosts.id, generatedDate: wallPosts.createdAt };

/** One page of posts, newest first by default, of one state or all: two statements. */
export async function wallPage(
  db: DbOrTx,
  page: PageRequest,
  state: WallState | undefined,
): Promise<{ rows: WallPostRow[]; total: number }> {
  const where: SQL | undefined = state ? eq(wallPosts.state, state) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(wallPosts).where(where);
  const rows = await db
    .select(rowColumns)
    .from(wallPosts)
    .where(where)
    .orderBy(...orderBy(page, wallSortable, [desc(wallPosts.id)], wallPosts.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Shows (approved) or hides a post; null when there is no such post. One statement. */
export async function setWallPostState(
  db: DbOrTx,
  id: number,
  state: WallState,
  at: Date,
): Promise<WallPostRow | null> {
  const [row] = await db
    .update(wallPosts)
    .set({ state, moderatedAt: at })
    .where(eq(wallPosts.id, id))
    .returning(rowColumns);
  return row ?? null;
}

/** Deletes a post; answers it, or null when there is no such post. One statement. */
export async function deleteWallPost(db: DbOrTx, id: number): Promise<WallPostRow | null> {
  const [row] = await db.delete(wallPosts).where(eq(wallPosts.id, id)).returning(rowColumns);
  return row ?? null;
}
