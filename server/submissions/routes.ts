import type { FastifyInstance } from 'fastify';
import { SubmissionsExportQuery } from '../../common/contracts/export.ts';
import { pageOf } from '../../common/contracts/paging.ts';
import { DayCount, SubmissionQuestion, SubmissionsPage } from '../../common/contracts/responses.ts';
import { DayQuery, MarkRequest, RedoBatch, SubmissionBatch } from '../../common/contracts/tutoring.ts';
import { apiMessages } from '../../common/messages.ts';
import { z } from '../../common/zod.ts';
import { notFound } from '../errors.ts';
import { access } from '../http/access.ts';
import { csvLanguage, sendCsv } from '../http/csv.ts';
import { declareRoutes } from '../http/route.ts';
import { exportSubmissions } from './export.ts';
import {
  countSubmissions,
  dayCountsOf,
  latestDayCount,
  markSubmissions,
  redoAnswers,
  reviewAnswers,
  submissionSortable,
  submissionsOf,
  submitAnswers,
  unmarkedAnswers,
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
    async (request) => unmarkedAnswers(db, request.subject.id, request.page, tz),
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
    async (request) => reviewAnswers(db, request.subject.id, request.page, { now: now(), timeZone: tz }),
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
    async (request) => dayCountsOf(db, request.subject, tz),
  );

  route.get(
    '/submissions/day_counts/latest',
    access.studentRead('name', 'query'),
    { response: DayCount, errors: [404] },
    async (request) => {
      const latest = await latestDayCount(db, request.subject, tz);
      if (!latest) throw notFound(apiMessages.noSubmissionsYet);
      return latest;
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
    async (request) => submissionsOf(db, request.subject.id, request.query.date ?? null, request.page, tz),
  );

  /** A CSV of the answers submitted in a range, streamed (docs/api.md, "CSV exports"). */
  route.get(
    '/export/submissions/:name',
    access.studentRead('name'),
    {
      query: SubmissionsExportQuery,
      summary: "A student's answers from `from` to `to` as CSV (text/csv, streamed)",
    },
    async (request, reply) =>
      sendCsv(
        reply,
        exportSubmissions(db, request.subject, request.query, {
          timeZone: tz,
          language: csvLanguage(request),
        }),
      ),
  );
}
