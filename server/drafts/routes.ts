import type { FastifyInstance } from 'fastify';
import { DraftsRequest } from '../../common/contracts/tutoring.ts';
import { formatDateTime } from '../../common/dates.ts';
import { access } from '../http/access.ts';
import { parseWith } from '../http/parse.ts';
import { declareRoutes } from '../http/route.ts';
import { getDrafts } from './queries.ts';
import { saveDrafts } from './service.ts';

/**
 * A student's answer drafts, kept on the server so they follow the student to any device and survive
 * signing out (`GET`/`PUT /api/v1/drafts/{name}`, documented in docs/api.md).
 */
export async function draftRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;

  route.get('/drafts/:name', access.studentRead('name'), async (request) => {
    const drafts = await getDrafts(database.db, request.subject.id);
    return {
      answers: drafts.answers,
      updatedAt: drafts.updatedAt ? formatDateTime(drafts.updatedAt, config.timeZone) : null,
    };
  });

  route.put('/drafts/:name', access.studentWrite('name'), async (request) => {
    const { answers } = parseWith(DraftsRequest, request.body, 'body');
    await saveDrafts(database.db, request.subject.id, answers, now());
    const drafts = await getDrafts(database.db, request.subject.id);
    return {
      answers: drafts.answers,
      updatedAt: drafts.updatedAt ? formatDateTime(drafts.updatedAt, config.timeZone) : null,
    };
  });
}
