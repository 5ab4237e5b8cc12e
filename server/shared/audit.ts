import type { AuditAction } from '../../common/contracts/admin.ts';
import type { DbOrTx } from '../db/open.ts';
import { auditLog } from '../db/schema.ts';

/** Who did it: an account, or `userId` null for the command line (`npm run users`). */
export type AuditActor = { userId: number | null; username: string };

/**
 * Records an administrator's write. Call it inside the transaction of the change it records (one
 * statement), so the two commit or roll back together.
 */
export async function recordAudit(
  db: DbOrTx,
  entry: { actor: AuditActor; at: Date; action: AuditAction; target: string; detail?: string },
): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    actorId: entry.actor.userId,
    actorName: entry.actor.username,
    action: entry.action,
    target: entry.target,
    detail: entry.detail ?? '',
  });
}
