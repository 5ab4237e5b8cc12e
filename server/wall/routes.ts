import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../common/contracts/paging.ts';
import { WallPostRequest } from '../../common/contracts/portfolio.ts';
import { WallPost, WallPostForModeration } from '../../common/contracts/responses.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { postToWall, wallBoard, wallSortable } from './service.ts';

/**
 * The wall: visitors post short messages, the owner (an admin) approves the ones the
 * public board shows. Messages are stored as typed and always travel as JSON strings: the pages show
 * them as text, never as markup.
 */
export async function wallRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;

  /** The board: approved posts only, newest first. */
  route.get(
    '/wall',
    access.public,
    { page: wallSortable, response: pageOf(WallPost), summary: 'The board: approved wall posts' },
    async (request) => wallBoard(database.db, request.page, config.timeZone),
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
      const post = await postToWall(database.db, request.body, {
        ip: request.ip,
        now: now(),
        perHour: config.wallPostsPerHour,
        timeZone: config.timeZone,
      });
      return reply.code(201).send(post);
    },
  );
}
