import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MathAnswerRequest, type MathDayCount, MathDayQuery } from '../../common/contracts/math.ts';
import { toPage } from '../../common/contracts/paging.ts';
import { dayOf } from '../../common/dates.ts';
import { mathTexts } from '../../common/mathTexts.ts';
import { notFound } from '../errors.ts';
import { access } from '../http/access.ts';
import { parsePage } from '../http/paging.ts';
import { parseWith } from '../http/parse.ts';
import { declareRoutes } from '../http/route.ts';
import { type DayRow, dayCountSortable, dayPage, dayRow, latestDay, totals } from './queries.ts';
import { issueNext, submitMathAnswer } from './service.ts';

/** The timed addition drill, `/api/v1/simple_math` (spec 2 §7; docs/api.md). */
export async function mathRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;
  const db = database.db;
  const tz = config.timeZone;

  /** The day a day-count route asks about: `submitDate=YYYY-MM-DD`, or today in APP_TIME_ZONE. */
  const askedDay = (request: FastifyRequest): string => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { submitDate } = parseWith(MathDayQuery, { submitDate: query.submitDate }, 'query');
    return submitDate ?? dayOf(now(), tz);
  };

  /** An answer; the named student is checked in the service (the name is in the body, as in the original). */
  route.post('/simple_math', access.signedIn, async (request) => {
    const body = parseWith(MathAnswerRequest, request.body, 'body');
    return submitMathAnswer(db, request.auth, body, { now: now(), timeZone: tz });
  });

  /** The next question, drawn by the server (the open one again until it is answered). */
  route.post('/simple_math/next', access.studentWrite('name', 'query'), async (request) =>
    issueNext(db, request.subject, { now: now(), timeZone: tz }),
  );

  route.get('/simple_math/day_count', access.studentRead('name', 'query'), async (request) => {
    const day = await dayRow(db, request.subject.id, askedDay(request));
    return day.correct + day.wrong;
  });
  route.get('/simple_math/day_count/right', access.studentRead('name', 'query'), async (request) => {
    return (await dayRow(db, request.subject.id, askedDay(request))).correct;
  });
  route.get('/simple_math/day_count/wrong', access.studentRead('name', 'query'), async (request) => {
    return (await dayRow(db, request.subject.id, askedDay(request))).wrong;
  });

  route.get('/simple_math/day_counts/page', access.studentRead('name', 'query'), async (request) => {
    const page = parsePage(request.query, dayCountSortable);
    const { rows, total } = await dayPage(db, request.subject.id, page);
    return toPage(
      rows.map((row) => toDayCount(request.subject.username, row)),
      page,
      total,
    );
  });

  route.get('/simple_math/day_counts/latest', access.studentRead('name', 'query'), async (request) => {
    const row = await latestDay(db, request.subject.id);
    if (!row) throw notFound(mathTexts.noDays);
    return toDayCount(request.subject.username, row);
  });

  route.get('/simple_math/count', access.studentRead('name', 'query'), async (request) => {
    const sum = await totals(db, request.subject.id);
    return sum.correct + sum.wrong;
  });
  route.get('/simple_math/count/right', access.studentRead('name', 'query'), async (request) => {
    return (await totals(db, request.subject.id)).correct;
  });
  route.get('/simple_math/count/wrong', access.studentRead('name', 'query'), async (request) => {
    return (await totals(db, request.subject.id)).wrong;
  });
}

function toDayCount(name: string, row: DayRow): MathDayCount {
  return { name, date: row.date, correctCounts: row.correct, wrongCounts: row.wrong };
}
