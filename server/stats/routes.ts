import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../common/contracts/paging.ts';
import { TopicStat } from '../../common/contracts/responses.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { topicStatSortable, topicStatsOf } from './service.ts';

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const db = app.deps.database.db;

  /** A page of `{topic, correctCount, wrongCount, totalCount}` (the stats page asks size 6, totalCount desc). */
  route.get(
    '/stats/topics/page/:name',
    access.studentRead('name'),
    { page: topicStatSortable, response: pageOf(TopicStat) },
    async (request) => topicStatsOf(db, request.subject.id, request.page),
  );
}
