import type { FastifyInstance } from 'fastify';
import { OverviewExportQuery } from '../../common/contracts/export.ts';
import { Week, WeekQuery } from '../../common/contracts/week.ts';
import { access } from '../http/access.ts';
import { csvLanguage, sendCsv } from '../http/csv.ts';
import { declareRoutes } from '../http/route.ts';
import { exportOverview } from './export.ts';
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

  /** The teacher's overview as CSV: students × weeks (docs/api.md, "CSV exports"). */
  route.get(
    '/export/overview',
    access.staff,
    {
      query: OverviewExportQuery,
      summary: 'Listed students × weeks: assigned, answered, correct, score % (text/csv, streamed)',
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportOverview(database.db, request.query, {
          now: now(),
          timeZone: config.timeZone,
          language: csvLanguage(request),
        }),
      ),
  );
}
