import type { FastifyInstance } from 'fastify';
import {
  MathAnswerRequest,
  MathCount,
  MathDayCount,
  MathDayQuery,
  MathIssued,
} from '../../common/contracts/math.ts';
import { pageOf } from '../../common/contracts/paging.ts';
import { dayOf } from '../../common/dates.ts';
import { mathTexts } from '../../common/mathTexts.ts';
import { z } from '../../common/zod.ts';
import { notFound } from '../errors.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import {
  dayCountSortable,
  dayCountsPage,
  dayRow,
  issueNext,
  latestDayCount,
  submitMathAnswer,
  totals,
} from './service.ts';

/** The timed addition drill, `/api/v1/simple_math` (docs/api.md, "The timed addition drill"). */
export async function mathRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;
  const db = database.db;
  const tz = config.timeZone;

  /** The day a day-count route asks about: `submitDate=YYYY-MM-DD`, or today in APP_TIME_ZONE. */
  const askedDay = (query: z.output<typeof MathDayQuery>): string => query.submitDate ?? dayOf(now(), tz);

  /** An answer; the named student is checked in the service (the name is in the body, as in the original). */
  route.post(
    '/simple_math',
    access.signedIn,
    {
      body: MathAnswerRequest,
      response: z.number().int().describe("The stored answer's id"),
      errors: [403, 404, 409],
      summary: 'Answers a drill question (an issued one by id, or the original\'s "a + b")',
    },
    async (request) => submitMathAnswer(db, request.auth, request.body, { now: now(), timeZone: tz }),
  );

  /** The next question, drawn by the server (the open one again until it is answered). */
  route.post(
    '/simple_math/next',
    access.studentWrite('name', 'query'),
    { response: MathIssued, errors: [409], summary: 'The next question, drawn by the server' },
    async (request) => issueNext(db, request.subject, { now: now(), timeZone: tz }),
  );

  const dayCounts = { query: MathDayQuery, response: MathCount } as const;
  route.get(
    '/simple_math/day_count',
    access.studentRead('name', 'query'),
    { ...dayCounts, summary: "A day's answers (today without submitDate)" },
    async (request) => {
      const day = await dayRow(db, request.subject.id, askedDay(request.query));
      return day.correct + day.wrong;
    },
  );
  route.get(
    '/simple_math/day_count/right',
    access.studentRead('name', 'query'),
    { ...dayCounts, summary: "A day's correct answers" },
    async (request) => (await dayRow(db, request.subject.id, askedDay(request.query))).correct,
  );
  route.get(
    '/simple_math/day_count/wrong',
    access.studentRead('name', 'query'),
    { ...dayCounts, summary: "A day's wrong answers" },
    async (request) => (await dayRow(db, request.subject.id, askedDay(request.query))).wrong,
  );

  route.get(
    '/simple_math/day_counts/page',
    access.studentRead('name', 'query'),
    { page: dayCountSortable, response: pageOf(MathDayCount), summary: 'The days with answers, paged' },
    async (request) => dayCountsPage(db, request.subject, request.page),
  );

  route.get(
    '/simple_math/day_counts/latest',
    access.studentRead('name', 'query'),
    { response: MathDayCount, errors: [404], summary: 'The newest day with answers' },
    async (request) => {
      const latest = await latestDayCount(db, request.subject);
      if (!latest) throw notFound(mathTexts.noDays);
      return latest;
    },
  );

  const counts = { response: MathCount } as const;
  route.get(
    '/simple_math/count',
    access.studentRead('name', 'query'),
    { ...counts, summary: 'Every answer, all days' },
    async (request) => {
      const sum = await totals(db, request.subject.id);
      return sum.correct + sum.wrong;
    },
  );
  route.get(
    '/simple_math/count/right',
    access.studentRead('name', 'query'),
    { ...counts, summary: 'Every correct answer, all days' },
    async (request) => (await totals(db, request.subject.id)).correct,
  );
  route.get(
    '/simple_math/count/wrong',
    access.studentRead('name', 'query'),
    { ...counts, summary: 'Every wrong answer, all days' },
    async (request) => (await totals(db, request.subject.id)).wrong,
  );
}
