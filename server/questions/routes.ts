import type { FastifyInstance } from 'fastify';
import { toPage } from '../../common/contracts/paging.ts';
import { DayQuery, QuestionCreateRequest } from '../../common/contracts/tutoring.ts';
import { access } from '../http/access.ts';
import { parsePage } from '../http/paging.ts';
import { parseWith } from '../http/parse.ts';
import { pendingSortable } from './queries.ts';
import { createQuestion, pendingQuestions } from './service.ts';

export async function questionRoutes(app: FastifyInstance): Promise<void> {
  const { database, now, config } = app.deps;

  app.post('/questions', { config: { access: access.staff } }, async (request) => {
    const body = parseWith(QuestionCreateRequest, request.body, 'body');
    return createQuestion(database.db, body, {
      now: now(),
      timeZone: config.timeZone,
      authorId: request.auth!.userId,
    });
  });

  app.get('/questions/student/:name', { config: { access: access.studentRead('name') } }, async (request) => {
    const { date } = parseWith(DayQuery, { date: (request.query as Record<string, unknown>).date }, 'query');
    const page = parsePage(request.query, pendingSortable);
    const { content, total } = await pendingQuestions(
      database.db,
      request.subject!.id,
      date ?? null,
      page,
      now(),
      config.timeZone,
    );
    return toPage(content, page, total);
  });
}
