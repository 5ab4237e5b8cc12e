import type { FastifyInstance } from 'fastify';
import {
  ChildrenRequest,
  ParentChildParams,
  ParentParams,
  ServiceRequest,
  SubscriptionBatch,
  SubscriptionParams,
  UserSearchQuery,
} from '../../common/contracts/admin.ts';
import { pageOf } from '../../common/contracts/paging.ts';
import {
  WallModerationQuery,
  WallModerationRequest,
  WallPostParams,
} from '../../common/contracts/portfolio.ts';
import {
  AuditEntry,
  MailQueue,
  ParentResponse,
  ServiceResponse,
  UserCard,
  WallPostForModeration,
} from '../../common/contracts/responses.ts';
import { portfolioApiMessages } from '../../common/messages.ts';
import { z } from '../../common/zod.ts';
import { rebuildStudentCalendar } from '../calendars/service.ts';
import { notFound } from '../errors.ts';
import { type Auth, access } from '../http/access.ts';
import { queryNamesAny } from '../http/paging.ts';
import { declareRoutes } from '../http/route.ts';
import { mailQueue } from '../mail/service.ts';
import { createService, subscribeMany, unsubscribe } from '../services/service.ts';
import { rebuildStudentTopicStats } from '../stats/service.ts';
import {
  moderateWallPost,
  moderationList,
  removeWallPost,
  toModeratedPost,
  wallSortable,
} from '../wall/service.ts';
import {
  allParents,
  auditContext,
  auditEntries,
  everyUserCard,
  linkChildren,
  unlinkChild,
  userCards,
  userSortable,
} from './service.ts';

/**
 * The admin console's own routes (docs/product.md, "Admin console"): only an administrator calls
 * them, and every write among them is recorded in the audit log with the change.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now, config } = app.deps;
  const actorOf = (auth: Auth) => auditContext(auth, now());
  const serviceNames = z.array(z.string());

  /** The latest 50 administrator writes, newest first. */
  route.get(
    '/audit',
    access.admin,
    { response: z.array(AuditEntry), summary: 'The latest 50 administrator writes' },
    async () => auditEntries(database.db, config.timeZone),
  );

  /** The mail outbox: how many mails wait, the latest failure with its reason, the latest success. */
  route.get(
    '/mail/outbox',
    access.admin,
    { response: MailQueue, summary: 'The mail outbox: waiting, the latest failure and success' },
    async () => mailQueue(database.db, { configured: config.mail !== null, timeZone: config.timeZone }),
  );

  /**
   * The console's user cards: `?q=` searches usernames and emails; paged (`page`, `size`, `sort`).
   * With none of those four, every card by id as an array: the original console's call, which maps
   * the answer as a list (`everyUserCard` says why unpaged is acceptable here).
   */
  route.get(
    '/users',
    access.admin,
    {
      query: UserSearchQuery,
      page: userSortable,
      response: z.union([pageOf(UserCard), z.array(UserCard)]),
      summary: "The console's user cards, searched and paged; every card by id without q, page, size or sort",
    },
    async (request) =>
      queryNamesAny(request.url, ['q', 'page', 'size', 'sort'])
        ? userCards(database.db, request.query.q ?? null, request.page)
        : everyUserCard(database.db),
  );

  /** Every parent with their children's names (a static path: never taken for `users/{name}`). */
  route.get(
    '/users/parents',
    access.admin,
    { response: z.array(ParentResponse), summary: 'Every parent with their children' },
    async () => allParents(database.db),
  );

  /** Links students to a parent: the body is their names (`["alice"]`); answers the parent with children. */
  route.post(
    '/users/children/:name',
    access.admin,
    {
      params: ParentParams,
      body: ChildrenRequest,
      response: ParentResponse,
      errors: [404],
      summary: 'Links students to a parent',
    },
    async (request) => linkChildren(database.db, request.params.name, request.body, actorOf(request.auth)),
  );

  /** Removes one parent–child link; answers the parent with the children left. */
  route.delete(
    '/users/children/:name/:child',
    access.admin,
    {
      params: ParentChildParams,
      response: ParentResponse,
      errors: [404],
      summary: 'Removes one parent–child link',
    },
    async (request) =>
      unlinkChild(database.db, request.params.name, request.params.child, actorOf(request.auth)),
  );

  /** A new service: the name as plain text (the original client), a JSON string, or `{name}`. */
  route.post(
    '/services',
    access.admin,
    {
      body: ServiceRequest,
      response: ServiceResponse,
      errors: [409],
      summary: 'Adds a service (its name as plain text or {name})',
    },
    async (request) => createService(database.db, request.body, actorOf(request.auth)),
  );

  /** Every selected student × service: all or nothing; answers how many pairs are new. */
  route.post(
    '/subscriptions/multiples',
    access.admin,
    {
      body: SubscriptionBatch,
      response: z.number().int().describe('Pairs newly subscribed'),
      summary: 'Subscribes students to services, all or nothing; answers the new pairs',
    },
    async (request) => subscribeMany(database.db, request.body, actorOf(request.auth)),
  );

  /** Ends one student's subscription to one service; answers the student's remaining services. */
  route.delete(
    '/subscriptions/:name/:service',
    access.admin,
    {
      params: SubscriptionParams,
      response: serviceNames,
      errors: [404],
      summary: "Ends one student's subscription to one service",
    },
    async (request) =>
      unsubscribe(database.db, request.params.name, request.params.service, actorOf(request.auth)),
  );

  /** Admin: rebuild a student's calendar from scratch; answers the number of day rows. */
  route.patch(
    '/calendars/:name',
    access.adminFor('name'),
    { response: z.number().int().describe('The days recounted') },
    async (request) => rebuildStudentCalendar(database.db, request.subject, actorOf(request.auth)),
  );

  /** Admin: recount a student's topic statistics from scratch; answers the number of topics. */
  route.patch(
    '/stats/topics/reload/:name',
    access.adminFor('name'),
    { response: z.number().int().describe('The topics recounted') },
    async (request) => rebuildStudentTopicStats(database.db, request.subject, actorOf(request.auth)),
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
    async (request) => moderationList(database.db, request.page, request.query.state, config.timeZone),
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
        actorOf(request.auth),
      );
      if (!row) throw notFound(portfolioApiMessages.wallPostNotFound);
      return toModeratedPost(row, config.timeZone);
    },
  );

  route.delete(
    '/wall/moderation/:postId',
    access.admin,
    { params: WallPostParams, errors: [404], summary: 'Deletes a wall post' },
    async (request, reply) => {
      if (!(await removeWallPost(database.db, request.params.postId, actorOf(request.auth)))) {
        throw notFound(portfolioApiMessages.wallPostNotFound);
      }
      return reply.code(204).send();
    },
  );
}
