import type { FastifyInstance } from 'fastify';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { subscribedServiceNames } from './queries.ts';

export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database } = app.deps;

  /** The names of the services `?name=` is subscribed to (the dashboard's sections). */
  route.get('/subscriptions', access.userRead('name', 'query'), async (request) =>
    subscribedServiceNames(database.db, request.subject.id),
  );
}
