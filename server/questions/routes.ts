import type { FastifyInstance } from 'fastify';
import { pageOf, toPage } from '../../common/contracts/paging.ts';
import {
  ModifyResult,
  QuestionOnly,
  QuestionStudent,
  QuestionTopic,
  RosterStudent,
  StudentWithSubscriptions,
  Topic,
} from '../../common/contracts/responses.ts';
import {
  DayQuery,
  QuestionCreateRequest,
  QuestionUpdateBatch,
  TopicLinkRequest,
  TopicTitle,
} from '../../common/contracts/tutoring.ts';
import { limits, questionLimits } from '../../common/limits.ts';
import { says } from '../../common/validation.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes, JsonText } from '../http/route.ts';
import { studentsWithSubscriptions } from '../services/service.ts';
import { createTopic, linkTopicsToQuestions, listQuestions, listQuestionTopics } from './authoring.ts';
import { createQuestionsInBulk, QuestionBulkRequest } from './bulk.ts';
import { modifyQuestions } from './modify.ts';
import { allTopics, questionSortable, SEARCH_FIELDS, studentsOfTeacher } from './search.ts';
import { createQuestion, pendingQuestions, pendingSortable } from './service.ts';

const SearchQuery = z.object({
  field: z
    .enum(SEARCH_FIELDS, says('searchField', SEARCH_FIELDS.join(', ')))
    .optional()
    .default('all'),
  q: z.string().max(questionLimits.searchMax, says('searchTooLong', questionLimits.searchMax)).optional(),
  /** Only the questions pending for this student (a username). */
  student: z.string().max(limits.usernameMax, says('atMostCharacters', limits.usernameMax)).optional(),
});
const TitleQuery = z.object({
  title: z.string(says('titleRequired')).min(1, says('titleRequired')).max(200, says('titleTooLong', 200)),
});

const asJsonText = (json: string) => new JsonText(json);

export async function questionRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;

  route.post(
    '/questions',
    access.staff,
    { body: QuestionCreateRequest, response: z.number().int().describe("The new question's id") },
    async (request) => {
      return createQuestion(database.db, request.body, {
        now: now(),
        timeZone: config.timeZone,
        authorId: request.auth.userId,
      });
    },
  );

  /** Bulk upload: all or nothing; answers the number saved. */
  route.post(
    '/questions/multiples',
    access.staff,
    {
      body: QuestionBulkRequest,
      response: z.number().int().describe('How many questions were saved'),
      summary: 'Uploads questions in bulk, all or nothing; answers the count saved',
    },
    async (request) =>
      createQuestionsInBulk(database.db, request.body, {
        now: now(),
        timeZone: config.timeZone,
        authorId: request.auth.userId,
      }),
  );

  /** Modify: answers `{count, remarked}` (which automatic marks changed). */
  route.patch(
    '/questions/multiples',
    access.staff,
    { body: QuestionUpdateBatch, response: ModifyResult },
    async (request) => modifyQuestions(database.db, request.body, config.timeZone),
  );

  /** All questions, or a search over all of them: `field` (all, question, answer, title, explanation, choice, hint) and `q`. */
  route.get(
    '/questions',
    access.staff,
    { query: SearchQuery, page: questionSortable, response: pageOf(QuestionOnly) },
    async (request) => {
      const { field, q, student } = request.query;
      const { page } = request;
      const { content, total } = await listQuestions(
        database.db,
        q ? { field, text: q } : null,
        page,
        config.timeZone,
        student || null,
      );
      return toPage(content, page, total);
    },
  );

  route.get(
    '/questions/topics',
    access.staff,
    { page: questionSortable, response: pageOf(QuestionTopic) },
    async (request) => {
      const { page } = request;
      const { content, total } = await listQuestionTopics(database.db, null, page, config.timeZone);
      return toPage(content, page, total);
    },
  );

  route.get(
    '/questions/topics/search',
    access.staff,
    { query: TitleQuery, page: questionSortable, response: pageOf(QuestionTopic) },
    async (request) => {
      const { title } = request.query;
      const { page } = request;
      const { content, total } = await listQuestionTopics(database.db, title, page, config.timeZone);
      return toPage(content, page, total);
    },
  );

  route.patch(
    '/questions/topics',
    access.staff,
    { body: TopicLinkRequest, response: z.array(QuestionTopic) },
    async (request) => linkTopicsToQuestions(database.db, request.body, config.timeZone),
  );

  route.get('/topics', access.staff, { response: z.array(Topic) }, async () => allTopics(database.db));

  /** A new topic; the body is its title as plain text (a JSON string is accepted too). */
  route.post('/topics', access.staff, { body: TopicTitle, response: Topic }, async (request) =>
    createTopic(database.db, request.body),
  );

  /** Every student with their subscriptions `[{id, name, email, url, subscriptions: [{id, service: {id, name}}]}]`. */
  route.get('/student', access.staff, { response: z.array(StudentWithSubscriptions) }, async () =>
    studentsWithSubscriptions(database.db),
  );

  /** A teacher's students (those given questions the teacher wrote): only that teacher's, or an admin's. */
  route.get(
    '/teacher/:id/students',
    access.teacherOwnRead('id'),
    { response: z.array(RosterStudent) },
    async (request) => studentsOfTeacher(database.db, request.subject.id),
  );

  route.get(
    '/questions/student/:name',
    access.studentRead('name'),
    { query: DayQuery, page: pendingSortable, response: pageOf(QuestionStudent) },
    // JSON text the database wrote, sent as it is (http/route.ts, JsonText); not an async function
    // (the read's hottest path: one promise fewer per read).
    (request) =>
      pendingQuestions(database.db, request.subject.id, request.query.date ?? null, request.page, {
        now: now(),
        timeZone: config.timeZone,
      }).then(asJsonText),
  );
}
