import type { FastifyInstance } from 'fastify';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { allServiceNames, subscribedServiceNames } from './service.ts';

export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const serviceNames = z.array(z.string());
  const { database } = app.deps;

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
}
