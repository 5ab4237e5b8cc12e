import type { FastifyInstance } from 'fastify';
import { pageOf, toPage } from '../../common/contracts/paging.ts';
import { TopicStat } from '../../common/contracts/responses.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { auditContext } from '../shared/audit.ts';
import { topicStatSortable, topicStatsPage } from './queries.ts';
import { rebuildStudentTopicStats } from './service.ts';

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const db = app.deps.database.db;

  /** A page of `{topic, correctCount, wrongCount, totalCount}` (the stats page asks size 6, totalCount desc). */
  route.get(
    '/stats/topics/page/:name',
    access.studentRead('name'),
    { page: topicStatSortable, response: pageOf(TopicStat) },
    async (request) => {
      const { rows, total } = await topicStatsPage(db, request.subject.id, request.page);
      return toPage(rows, request.page, total);
    },
  );

  /** Admin: recount a student's topic statistics from scratch; answers the number of topics. */
  route.patch(
    '/stats/topics/reload/:name',
    access.adminFor('name'),
    { response: z.number().int().describe('The topics recounted') },
    async (request) =>
      rebuildStudentTopicStats(db, request.subject, auditContext(request.auth, app.deps.now())),
  );
}
