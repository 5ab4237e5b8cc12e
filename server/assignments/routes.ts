import type { FastifyInstance } from 'fastify';
import { AssignmentCreateRequest, DayQuery } from '../../common/contracts/tutoring.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes, JsonText } from '../http/route.ts';
import { assignmentReads, assignQuestions, pendingSortable } from './service.ts';

export async function assignmentRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;

  /** Answers the number of (question, student) assignments made pending. */
  route.post(
    '/assignments',
    access.staff,
    { body: AssignmentCreateRequest, response: z.number().int().describe('Assignments made pending') },
    async (request) => assignQuestions(database.db, request.body, now(), config.timeZone),
  );

  /** The day of the latest pending due date (`"YYYY-MM-DD"`), or null when nothing is pending. */
  // Sent as JSON text (a bare null needs it: Fastify would send an empty body); checked as any answer.
  const latestDay = z.string().nullable().describe('YYYY-MM-DD, or null when nothing is pending');
  route.get(
    '/assignments/latest/:name',
    access.studentRead('name'),
    { response: latestDay },
    async (request) =>
      new JsonText(JSON.stringify(await assignmentReads.latest(database.db, request.subject.id))),
  );

  /** Any person's own count (a teacher's or parent's dashboard asks too): 0 for one who is not a student. */
  route.get(
    '/assignments/count/:name',
    access.userRead('name'),
    { response: z.number().int() },
    async (request) => assignmentReads.count(database.db, request.subject.id),
  );

  /**
   * Pending question ids in the order `questions/student/{name}` pages them for the same `sort`
   * (a client pairs the two: box n is the nth question), by id without one (the original client's
   * pairing with its `sort=id,asc` page); `?date=YYYY-MM-DD` keeps those due that day.
   */
  route.get(
    '/assignments/ids/:name',
    access.studentRead('name'),
    { query: DayQuery, page: pendingSortable, response: z.array(z.number().int()) },
    async (request) =>
      assignmentReads.ids(database.db, request.subject.id, request.query.date ?? null, request.page.sort),
  );
}
