import type { FastifyInstance } from 'fastify';
import { DraftsPatchResponse, DraftsResponse } from '../../common/contracts/responses.ts';
import { DraftsPatchRequest } from '../../common/contracts/tutoring.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { patchDrafts, readDrafts } from './service.ts';

/**
 * A student's answer drafts, kept on the server so they follow the student to any device and tab
 * and survive signing out (`GET`/`PATCH /api/v1/drafts/{name}`, documented in docs/api.md).
 */
export async function draftRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;

  route.get('/drafts/:name', access.studentRead('name'), { response: DraftsResponse }, async (request) =>
    readDrafts(database.db, request.subject.id, config.timeZone),
  );

  route.patch(
    '/drafts/:name',
    access.studentWrite('name'),
    { body: DraftsPatchRequest, response: DraftsPatchResponse },
    async (request) => patchDrafts(database.db, request.subject.id, request.body.changes, now()),
  );
}
