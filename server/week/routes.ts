import type { FastifyInstance } from 'fastify';
import { Week, WeekQuery } from '../../common/contracts/week.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { weekOf } from './service.ts';

/** A parent's week (docs/api.md, "A child's week"). */
export async function weekRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;

  route.get(
    '/week/:name',
    access.studentRead('name'),
    {
      query: WeekQuery,
      response: Week,
      summary: "A student's week (Monday to Sunday): questions due, answers, marks, drill, summary",
    },
    async (request) =>
      weekOf(database.db, request.subject, request.query.start, { now: now(), timeZone: config.timeZone }),
  );
}
