import type { FastifyInstance } from 'fastify';
import { pageOf, toPage } from '../../common/contracts/paging.ts';
import { TopicStat } from '../../common/contracts/responses.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { topicStatSortable, topicStatsPage } from './queries.ts';

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
}
