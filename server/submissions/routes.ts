import type { FastifyInstance } from 'fastify';
import { pageOf, toPage } from '../../common/contracts/paging.ts';
import { DayCount, SubmissionQuestion, SubmissionsPage } from '../../common/contracts/responses.ts';
import { DayQuery, MarkRequest, RedoBatch, SubmissionBatch } from '../../common/contracts/tutoring.ts';
import { dayOf } from '../../common/dates.ts';
import { apiMessages } from '../../common/messages.ts';
import { z } from '../../common/zod.ts';
import { notFound } from '../errors.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import {
  countSubmissions,
  dayCounts,
  reviewPage,
  submissionSortable,
  submissionsPage,
  unmarkedPage,
} from './queries.ts';
import {
  markSubmissions,
  redoAnswers,
  submitAnswers,
  summaryFor,
  withDetailsToSubmissionQuestions,
} from './service.ts';

export async function submissionRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;
  const db = database.db;
  const tz = config.timeZone;
  const answers = { response: z.array(SubmissionQuestion) } as const;

  /** Answers to pending questions; the access check per named student is in the service. */
  route.post(
    '/submissions/multiples',
    access.signedIn,
    { body: SubmissionBatch, ...answers, errors: [403, 404] },
    async (request) => submitAnswers(db, request.auth, request.body, { now: now(), timeZone: tz }),
  );

  route.get(
    '/submissions/mark/:name',
    access.staffFor('name'),
    { page: submissionSortable, response: pageOf(SubmissionQuestion) },
    async (request) => {
      const { subject: student, page } = request;
      const { rows, total } = await unmarkedPage(db, student.id, page);
      return toPage(withDetailsToSubmissionQuestions(rows, tz), page, total);
    },
  );

  route.put(
    '/submissions/mark/:name',
    access.staffFor('name'),
    { body: MarkRequest, ...answers },
    async (request) => markSubmissions(db, request.subject, request.body, tz),
  );

  route.get(
    '/submissions/review/:name',
    access.studentRead('name'),
    { page: submissionSortable, response: pageOf(SubmissionQuestion) },
    async (request) => {
      const { page } = request;
      const today = dayOf(now(), tz);
      const { rows, total } = await reviewPage(db, request.subject.id, page, today, tz);
      const answers = withDetailsToSubmissionQuestions(rows, tz).map((answer, i) => {
        const { dueDay, step, pinned } = rows[i]!.review;
        return { ...answer, review: { dueDay, due: dueDay <= today, step, pinned } };
      });
      return toPage(answers, page, total);
    },
  );

  /** A redo of questions in the review list (documented in docs/api.md). */
  route.post(
    '/submissions/review/:name',
    access.studentWrite('name'),
    { body: RedoBatch, ...answers },
    async (request) => redoAnswers(db, request.subject, request.body, { now: now(), timeZone: tz }),
  );

  /** Any person's own count (a teacher's or parent's dashboard asks too): 0 for one who is not a student. */
  route.get(
    '/submissions/count/:name',
    access.userRead('name'),
    { response: z.number().int() },
    async (request) => countSubmissions(db, request.subject.id),
  );

  route.get(
    '/submissions/day_counts',
    access.studentRead('name', 'query'),
    { response: z.array(DayCount) },
    async (request) => {
      const rows = await dayCounts(db, request.subject.id, tz, false);
      return rows.map((r) => toDayCount(request.subject.username, r));
    },
  );

  route.get(
    '/submissions/day_counts/latest',
    access.studentRead('name', 'query'),
    { response: DayCount, errors: [404] },
    async (request) => {
      const [row] = await dayCounts(db, request.subject.id, tz, true);
      if (!row) throw notFound(apiMessages.noSubmissionsYet);
      return toDayCount(request.subject.username, row);
    },
  );

  /** All submissions (optionally due on one day), plus a summary over all of them, not one page. */
  route.get(
    '/submissions/:name',
    access.studentRead('name'),
    {
      query: DayQuery,
      page: submissionSortable,
      response: SubmissionsPage,
    },
    async (request) => {
      const { date } = request.query;
      const { subject: student, page } = request;
      const { rows, total } = await submissionsPage(db, student.id, date ?? null, page);
      const { summary, marks } = await summaryFor(db, student.id, date ?? null, tz, page);
      return { ...toPage(withDetailsToSubmissionQuestions(rows, tz), page, total), summary, marks };
    },
  );
}

function toDayCount(name: string, row: { date: string; correct: number; wrong: number; unmarked: number }) {
  return {
    name,
    date: row.date,
    correctCounts: row.correct,
    wrongCounts: row.wrong,
    unmarkedCounts: row.unmarked,
  };
}
