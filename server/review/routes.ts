import type { FastifyInstance } from 'fastify';
import { ReviewCounts, ReviewSchedule } from '../../common/contracts/responses.ts';
import {
  ReviewQuestionRequest,
  ReviewSettingRequest,
  ReviewTopicQuery,
} from '../../common/contracts/review.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { changeSetting, countsFor, scheduleOf, tutorAction } from './service.ts';

/** Spaced review (docs/api.md, "Spaced review"). Reads for the student's readers, writes for tutors. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;
  const db = database.db;
  const context = () => ({ now: now(), timeZone: config.timeZone });

  route.get(
    '/review/count/:name',
    access.studentRead('name'),
    { response: ReviewCounts, summary: 'Review questions due by today, due later, stuck and retired' },
    async (request) => countsFor(db, request.subject, context()),
  );

  route.get(
    '/review/schedule/:name',
    access.studentRead('name'),
    { response: ReviewSchedule, summary: "A student's review settings and every answered question's place" },
    async (request) => scheduleOf(db, request.subject, context()),
  );

  route.post(
    '/review/pin/:name',
    access.staffFor('name'),
    {
      body: ReviewQuestionRequest,
      response: ReviewSchedule,
      errors: [404],
      summary: 'Bring a question back tomorrow',
    },
    async (request) => tutorAction(db, request.subject, request.body.questionId, 'pin', context()),
  );

  route.post(
    '/review/retire/:name',
    access.staffFor('name'),
    {
      body: ReviewQuestionRequest,
      response: ReviewSchedule,
      errors: [404],
      summary: 'Retire a question from Review',
    },
    async (request) => tutorAction(db, request.subject, request.body.questionId, 'retire', context()),
  );

  route.put(
    '/review/settings/:name',
    access.staffFor('name'),
    {
      body: ReviewSettingRequest,
      response: ReviewSchedule,
      errors: [404],
      summary: 'Turn scheduling on or off, set the ladder',
    },
    async (request) => changeSetting(db, request.subject, request.body, context()),
  );

  route.delete(
    '/review/settings/:name',
    access.staffFor('name'),
    {
      query: ReviewTopicQuery,
      response: ReviewSchedule,
      errors: [404],
      summary: "Drop a topic's own setting",
    },
    async (request) => changeSetting(db, request.subject, { remove: request.query.topic }, context()),
  );
}
