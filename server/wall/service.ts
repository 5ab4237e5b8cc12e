import type { WallState } from '../../common/contracts/portfolio.ts';
import type { Db } from '../db/open.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import { deleteWallPost, setWallPostState, type WallPostRow } from './queries.ts';

type AdminContext = { actor: AuditActor; now: Date };

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
