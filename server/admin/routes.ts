import type { FastifyInstance } from 'fastify';
import { type AuditAction, adminLimits } from '../../common/contracts/admin.ts';
import { AuditEntry } from '../../common/contracts/responses.ts';
import { formatDateTime } from '../../common/dates.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { latestAudit } from '../shared/audit.ts';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, config } = app.deps;

  /** The latest 50 administrator writes, newest first. */
  route.get(
    '/audit',
    access.admin,
    { response: z.array(AuditEntry), summary: 'The latest 50 administrator writes' },
    async (): Promise<AuditEntry[]> => {
      const rows = await latestAudit(database.db, adminLimits.auditLatest);
      return rows.map((row) => ({
        id: row.id,
        at: formatDateTime(row.at, config.timeZone),
        actor: row.actorName,
        action: row.action as AuditAction,
        target: row.target,
        detail: row.detail,
      }));
    },
  );
}
