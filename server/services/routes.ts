import type { FastifyInstance } from 'fastify';
import { ServiceRequest, SubscriptionBatch } from '../../common/contracts/admin.ts';
import { access } from '../http/access.ts';
import { parseWith } from '../http/parse.ts';
import { declareRoutes } from '../http/route.ts';
import { allServiceNames, subscribedServiceNames } from './queries.ts';
import { createService, subscribeMany, unsubscribe } from './service.ts';

export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now } = app.deps;
  const actorOf = (auth: { userId: number; username: string }) => ({
    actor: { userId: auth.userId, username: auth.username },
    now: now(),
  });

  /** The names of the services `?name=` is subscribed to (the dashboard's sections). */
  route.get('/subscriptions', access.userRead('name', 'query'), async (request) =>
    subscribedServiceNames(database.db, request.subject.id),
  );

  /** Every service's name (the console's matrix, a teacher's pickers). */
  route.get('/services', access.staff, async () => allServiceNames(database.db));

  /** A new service: the name as plain text (the original client), a JSON string, or `{name}`. */
  route.post('/services', access.admin, async (request) => {
    const name = parseWith(ServiceRequest, request.body, 'body');
    return createService(database.db, name, actorOf(request.auth));
  });

  /** Every selected student × service: all or nothing; answers how many pairs are new. */
  route.post('/subscriptions/multiples', access.admin, async (request) => {
    const pairs = parseWith(SubscriptionBatch, request.body, 'body');
    return subscribeMany(database.db, pairs, actorOf(request.auth));
  });

  /** Ends one student's subscription to one service; answers the student's remaining services. */
  route.delete('/subscriptions/:name/:service', access.admin, async (request) => {
    const { name, service } = request.params as { name: string; service: string };
    return unsubscribe(database.db, name, service, actorOf(request.auth));
  });
}
