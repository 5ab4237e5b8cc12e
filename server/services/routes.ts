import type { FastifyInstance } from 'fastify';
import { ServiceRequest, SubscriptionBatch, SubscriptionParams } from '../../common/contracts/admin.ts';
import { ServiceResponse } from '../../common/contracts/responses.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { type AuditActor, auditContext } from '../shared/audit.ts';
import { allServiceNames, subscribedServiceNames } from './queries.ts';
import { createService, subscribeMany, unsubscribe } from './service.ts';

export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const serviceNames = z.array(z.string());
  const { database, now } = app.deps;
  const actorOf = (auth: AuditActor) => auditContext(auth, now());

  /** The names of the services `?name=` is subscribed to (the dashboard's sections). */
  route.get('/subscriptions', access.userRead('name', 'query'), { response: serviceNames }, async (request) =>
    subscribedServiceNames(database.db, request.subject.id),
  );

  /** Every service's name (the console's matrix, a teacher's pickers). */
  route.get(
    '/services',
    access.staff,
    { response: serviceNames, summary: "Every service's name" },
    async () => allServiceNames(database.db),
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
}
