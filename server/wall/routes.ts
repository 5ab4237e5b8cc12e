import type { FastifyInstance } from 'fastify';
import { pageOf, toPage } from '../../common/contracts/paging.ts';
import {
  WallModerationQuery,
  WallModerationRequest,
  WallPostParams,
  WallPostRequest,
} from '../../common/contracts/portfolio.ts';
import { WallPost, WallPostForModeration } from '../../common/contracts/responses.ts';
import { formatDateTime } from '../../common/dates.ts';
import { portfolioApiMessages } from '../../common/messages.ts';
import { notFound } from '../errors.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { auditContext } from '../shared/audit.ts';
import { checkHourlyAllowance } from '../users/throttle.ts';
import { insertWallPost, type WallPostRow, wallPage, wallSortable } from './queries.ts';
import { moderateWallPost, removeWallPost } from './service.ts';

/**
 * The wall (issue 17): visitors post short messages, the owner (an admin) approves the ones the
 * public board shows. Messages are stored as typed and always travel as JSON strings: the pages show
 * them as text, never as markup.
 */
export async function wallRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;
  const publicPost = (row: WallPostRow): WallPost => ({
    id: row.id,
    author: row.author,
    message: row.message,
    createdDate: formatDateTime(row.createdAt, config.timeZone),
  });
  const moderatedPost = (row: WallPostRow): WallPostForModeration => ({
    ...publicPost(row),
    state: row.state,
    moderatedDate: row.moderatedAt ? formatDateTime(row.moderatedAt, config.timeZone) : null,
  });

  /** The board: approved posts only, newest first. */
  route.get(
    '/wall',
    access.public,
    { page: wallSortable, response: pageOf(WallPost), summary: 'The board: approved wall posts' },
    async (request) => {
      const { rows, total } = await wallPage(database.db, request.page, 'approved');
      return toPage(rows.map(publicPost), request.page, total);
    },
  );

  /** A visitor's message: waits for the owner's approval; a few per address per hour. */
  route.post(
    '/wall',
    access.public,
    {
      body: WallPostRequest,
      response: WallPostForModeration.describe('The new post, pending (answered with 201)'),
      errors: [429],
      summary: "A visitor's message; it waits for the owner's approval",
    },
    async (request, reply) => {
      const body = request.body;
      const at = now();
      await checkHourlyAllowance(database.db, 'wall', {
        ip: request.ip,
        now: at,
        perHour: config.wallPostsPerHour,
        message: (t) => t.portfolioApiMessages.tooManyWallPosts,
      });
      const row = await insertWallPost(database.db, { ...body, createdAt: at });
      return reply.code(201).send(moderatedPost(row));
    },
  );

  /** The owner's list: every post with its state (`?state=` narrows it), newest first. */
  route.get(
    '/wall/moderation',
    access.admin,
    {
      query: WallModerationQuery,
      page: wallSortable,
      response: pageOf(WallPostForModeration),
      summary: 'Every wall post with its state (the owner)',
    },
    async (request) => {
      const { rows, total } = await wallPage(database.db, request.page, request.query.state);
      return toPage(rows.map(moderatedPost), request.page, total);
    },
  );

  /** Shows a post on the board (`approved`) or takes it off (`hidden`). */
  route.patch(
    '/wall/moderation/:postId',
    access.admin,
    {
      params: WallPostParams,
      body: WallModerationRequest,
      response: WallPostForModeration,
      errors: [404],
      summary: 'Shows a wall post on the board (approved) or takes it off (hidden)',
    },
    async (request) => {
      const row = await moderateWallPost(
        database.db,
        request.params.postId,
        request.body.state,
        auditContext(request.auth, now()),
      );
      if (!row) throw notFound(portfolioApiMessages.wallPostNotFound);
      return moderatedPost(row);
    },
  );

  route.delete(
    '/wall/moderation/:postId',
    access.admin,
    { params: WallPostParams, errors: [404], summary: 'Deletes a wall post' },
    async (request, reply) => {
      if (!(await removeWallPost(database.db, request.params.postId, auditContext(request.auth, now())))) {
        throw notFound(portfolioApiMessages.wallPostNotFound);
      }
      return reply.code(204).send();
    },
  );
}
