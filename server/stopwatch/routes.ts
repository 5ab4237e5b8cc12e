import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageOf } from '../../common/contracts/paging.ts';
import { StopwatchRecordRequest } from '../../common/contracts/portfolio.ts';
import { StopwatchRecord } from '../../common/contracts/responses.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { isHttps } from '../http/sessions.ts';
import { checkHourlyAllowance } from '../users/throttle.ts';
import { recordStopwatch, stopwatchHistory, stopwatchSortable } from './service.ts';

/** The browser's stopwatch key: a run is continued only by the browser that started it. */
export const STOPWATCH_COOKIE = 'tf_stopwatch';
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const KEY_DAYS = 30;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** The browser's key, made (and its cookie set) on a start when it has none; refreshed on each start. */
function browserKey(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  starting: boolean,
): string | null {
  const sent = request.cookies[STOPWATCH_COOKIE];
  const key = sent && KEY_PATTERN.test(sent) ? sent : null;
  if (!starting) return key;
  const kept = key ?? randomBytes(32).toString('base64url');
  reply.setCookie(STOPWATCH_COOKIE, kept, {
    path: '/api/v1/stopwatch',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(app, request),
    maxAge: KEY_DAYS * 24 * 3600,
  });
  return kept;
}

export async function stopwatchRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;

  /** The history, everyone's, newest first by default (the page asks `page&size&sort=id,desc`). */
  route.get(
    '/stopwatch',
    access.public,
    {
      page: stopwatchSortable,
      response: pageOf(StopwatchRecord),
      summary: "The stopwatch's history, everyone's",
    },
    async (request) => stopwatchHistory(database.db, request.page, { now: now(), timeZone: config.timeZone }),
  );

  /** One event of a run; anyone may record, visitors who are not signed in at a limited rate per address. */
  route.post(
    '/stopwatch',
    access.public,
    {
      body: StopwatchRecordRequest,
      response: z.number().int().describe("The record's id"),
      errors: [403, 404, 409, 429],
      summary: 'Records one event of a stopwatch run (s, r, p, d); answers its id',
    },
    async (request, reply) => {
      const body = request.body;
      const at = now();
      if (!request.auth) {
        await checkHourlyAllowance(database.db, 'stopwatch', {
          ip: request.ip,
          now: at,
          perHour: config.stopwatchWritesPerHour,
          message: (t) => t.portfolioApiMessages.tooManyStopwatchRecords,
        });
      }
      const key = browserKey(app, request, reply, body.type === 's');
      return recordStopwatch(database.db, body, { ownerHash: key ? hashOf(key) : null, now: at });
    },
  );
}
