import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../common/contracts/paging.ts';
import { MarkingCount, MarkingInboxItem, MarkingItem } from '../../common/contracts/responses.ts';
import { MarkingQuery, MarkRequest } from '../../common/contracts/tutoring.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { countUnmarked, markAnswers, markingInbox } from './service.ts';

/** The inbox has one order (questions waiting longest first); no sort parameter is taken. */
const inboxSortable = {};

/**
 * The marking inbox: every unmarked answer of every student for teachers and admins,
 * its count for the header, and one submit for marks on any students' answers.
 */
export async function markingRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, config } = app.deps;
  const db = database.db;

  route.get(
    '/marking',
    access.staff,
    { query: MarkingQuery, page: inboxSortable, response: pageOf(MarkingInboxItem), errors: [404] },
    async (request) => markingInbox(db, request.query, request.page, config.timeZone),
  );

  route.get(
    '/marking/count',
    access.staff,
    { response: MarkingCount },
    async (): Promise<MarkingCount> => ({
      count: await countUnmarked(db),
    }),
  );

  route.put(
    '/marking',
    access.staff,
    { body: MarkRequest, response: z.array(MarkingItem) },
    async (request) => markAnswers(db, request.body, config.timeZone),
  );
}
