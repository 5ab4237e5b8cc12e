import { type Page, type PageRequest, toPage } from '../../common/contracts/paging.ts';
import type { WallPostRequest, WallState } from '../../common/contracts/portfolio.ts';
import type { WallPost, WallPostForModeration } from '../../common/contracts/responses.ts';
import { formatDateTime } from '../../common/dates.ts';
import type { Db } from '../db/open.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import { checkHourlyAllowance } from '../users/throttle.ts';
import { deleteWallPost, insertWallPost, setWallPostState, type WallPostRow, wallPage } from './queries.ts';

/** What the wall's lists may sort by (their routes declare it). */
export { wallSortable } from './queries.ts';

type AdminContext = { actor: AuditActor; now: Date };

/** A post as the public board shows it. */
export function toWallPost(row: WallPostRow, timeZone: string): WallPost {
  return {
    id: row.id,
    author: row.author,
    message: row.message,
    createdDate: formatDateTime(row.createdAt, timeZone),
  };
}

/** A post with its state, as the owner's list shows it. */
export function toModeratedPost(row: WallPostRow, timeZone: string): WallPostForModeration {
  return {
    ...toWallPost(row, timeZone),
    state: row.state,
    moderatedDate: row.moderatedAt ? formatDateTime(row.moderatedAt, timeZone) : null,
  };
}

/** `GET wall`: one page of the board, approved posts only. */
export async function wallBoard(db: Db, page: PageRequest, timeZone: string): Promise<Page<WallPost>> {
  const { rows, total } = await wallPage(db, page, 'approved');
  return toPage(
    rows.map((row) => toWallPost(row, timeZone)),
    page,
    total,
  );
}

/** `GET wall/moderation`: one page of every post with its state, or of one state. */
export async function moderationList(
  db: Db,
  page: PageRequest,
  state: WallState | undefined,
  timeZone: string,
): Promise<Page<WallPostForModeration>> {
  const { rows, total } = await wallPage(db, page, state);
  return toPage(
    rows.map((row) => toModeratedPost(row, timeZone)),
    page,
    total,
  );
}

/** `POST wall`: a visitor's message, pending; a few per address per hour (429 past them). */
export async function postToWall(
  db: Db,
  post: WallPostRequest,
  from: { ip: string; now: Date; perHour: number; timeZone: string },
): Promise<WallPostForModeration> {
  await checkHourlyAllowance(db, 'wall', {
    ip: from.ip,
    now: from.now,
    perHour: from.perHour,
    message: (t) => t.portfolioApiMessages.tooManyWallPosts,
  });
  const row = await insertWallPost(db, { ...post, createdAt: from.now });
  return toModeratedPost(row, from.timeZone);
}

/** How the audit log names a post: its number and its author (the message can be long, or gone). */
const postTarget = (row: WallPostRow) => `#${row.id} ${row.author}`;

/**
 * Shows a post on the board (`approved`) or takes it off (`hidden`), and records it in the audit
 * log in the same transaction; null (and no entry) when there is no such post.
 */
export async function moderateWallPost(
  db: Db,
  id: number,
  state: WallState,
  context: AdminContext,
): Promise<WallPostRow | null> {
  return db.transaction(async (tx) => {
    const row = await setWallPostState(tx, id, state, context.now);
    if (row) {
      await recordAudit(tx, {
        actor: context.actor,
        at: context.now,
        action: 'wall.moderate',
        target: postTarget(row),
        detail: state,
      });
    }
    return row;
  });
}

/** Deletes a post and records it in the audit log, together; false when there is no such post. */
export async function removeWallPost(db: Db, id: number, context: AdminContext): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await deleteWallPost(tx, id);
    if (row) {
      await recordAudit(tx, {
        actor: context.actor,
        at: context.now,
        action: 'wall.delete',
        target: postTarget(row),
      });
    }
    return row !== null;
  });
}
