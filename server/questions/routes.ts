import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toPage } from '../../common/contracts/paging.ts';
import {
  DayQuery,
  QuestionCreateRequest,
  QuestionUpdateBatch,
  TopicLinkRequest,
  TopicTitle,
} from '../../common/contracts/tutoring.ts';
import { forbidden, notFound } from '../errors.ts';
import { access } from '../http/access.ts';
import { parsePage } from '../http/paging.ts';
import { parseWith } from '../http/parse.ts';
import { findUserByUsername } from '../users/queries.ts';
import { createTopic, linkTopicsToQuestions, listQuestions, listQuestionTopics } from './authoring.ts';
import { createQuestionsInBulk } from './bulk.ts';
import { modifyQuestions } from './modify.ts';
import { pendingSortable } from './queries.ts';
import { allStudents, allTopics, questionSortable, SEARCH_FIELDS, studentsOfTeacher } from './search.ts';
import { createQuestion, pendingQuestions } from './service.ts';

const SearchQuery = z.object({
  field: z
    .enum(SEARCH_FIELDS, { error: `field must be one of ${SEARCH_FIELDS.join(', ')}` })
    .optional()
    .default('all'),
  q: z.string().max(200, 'q must be at most 200 characters').optional(),
});
const TitleQuery = z.object({
  title: z
    .string({ error: 'title is required' })
    .min(1, 'title is required')
    .max(200, 'title must be at most 200 characters'),
});

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

  /** Bulk upload: all or nothing; answers the number saved. */
  app.post('/questions/multiples', { config: { access: access.staff } }, async (request) =>
    createQuestionsInBulk(database.db, request.body, {
      now: now(),
      timeZone: config.timeZone,
      authorId: request.auth!.userId,
    }),
  );

  /** Modify: answers `{count, remarked}` (which automatic marks changed). */
  app.patch('/questions/multiples', { config: { access: access.staff } }, async (request) => {
    const changes = parseWith(QuestionUpdateBatch, request.body, 'body');
    return modifyQuestions(database.db, changes, config.timeZone);
  });

  /** All questions, or a search over all of them: `field` (all, question, answer, title, explanation, choice, hint) and `q`. */
  app.get('/questions', { config: { access: access.staff } }, async (request) => {
    const { field, q } = parseWith(SearchQuery, request.query, 'query');
    const page = parsePage(request.query, questionSortable);
    const { content, total } = await listQuestions(
      database.db,
      q ? { field, text: q } : null,
      page,
      config.timeZone,
    );
    return toPage(content, page, total);
  });

  app.get('/questions/topics', { config: { access: access.staff } }, async (request) => {
    const page = parsePage(request.query, questionSortable);
    const { content, total } = await listQuestionTopics(database.db, null, page, config.timeZone);
    return toPage(content, page, total);
  });

  app.get('/questions/topics/search', { config: { access: access.staff } }, async (request) => {
    const { title } = parseWith(TitleQuery, request.query, 'query');
    const page = parsePage(request.query, questionSortable);
    const { content, total } = await listQuestionTopics(database.db, title, page, config.timeZone);
    return toPage(content, page, total);
  });

  app.patch('/questions/topics', { config: { access: access.staff } }, async (request) => {
    const body = parseWith(TopicLinkRequest, request.body, 'body');
    return linkTopicsToQuestions(database.db, body, config.timeZone);
  });

  app.get('/topics', { config: { access: access.staff } }, async () => allTopics(database.db));

  /** A new topic; the body is its title as plain text (a JSON string is accepted too). */
  app.post('/topics', { config: { access: access.staff } }, async (request) => {
    const raw = typeof request.body === 'string' ? request.body : (request.body as unknown);
    const title = parseWith(TopicTitle, raw, 'body');
    return createTopic(database.db, title);
  });

  app.get('/student', { config: { access: access.staff } }, async () => allStudents(database.db));

  /** A teacher's students (those given questions the teacher wrote). A teacher may read only their own list. */
  app.get('/teacher/:id/students', { config: { access: access.staff } }, async (request) => {
    const { id } = request.params as { id: string };
    const teacher = await findUserByUsername(database.db, id);
    if (!teacher?.roles.includes('TEACHER')) throw notFound('Teacher not found.');
    const auth = request.auth!;
    if (teacher.id !== auth.userId && !auth.roles.includes('ADMIN'))
      throw forbidden('You may only list your own students.');
    return studentsOfTeacher(database.db, teacher.id);
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
