import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteHandlerMethod } from 'fastify';
import type { UserRow } from '../users/queries.ts';
import { type Access, type Auth, declaredHandlers, type PublicAccess, type SubjectAccess } from './access.ts';

/**
 * The request a handler sees, typed by its route's access rule: `auth` is set on every non-public
 * route and `subject` (the named person, already access-checked) on every `subject` route, so no
 * handler needs `!`. The `onRequest` check in http/access.ts is what makes these types true.
 */
export type AccessRequest<A extends Access> = FastifyRequest &
  (A extends PublicAccess
    ? { subject: null }
    : A extends SubjectAccess
      ? { auth: Auth; subject: UserRow }
      : { auth: Auth; subject: null });

export type AccessHandler<A extends Access> = (
  request: AccessRequest<A>,
  reply: FastifyReply,
) => unknown | Promise<unknown>;

type Define = <A extends Access>(url: string, rule: A, handler: AccessHandler<A>) => void;

/**
 * How every `/api/` route is declared: `route.get(url, access.studentRead('name'), handler)`.
 * The rule goes to `config.access` (enforced and catalogued by http/access.ts); a route added with
 * plain `app.get` under `/api/` is refused at start-up.
 */
export function declareRoutes(
  app: FastifyInstance,
): Record<'get' | 'post' | 'put' | 'patch' | 'delete', Define> {
  const define =
    (method: HTTPMethods): Define =>
    (url, rule, handler) => {
      const routeHandler = handler as unknown as RouteHandlerMethod;
      declaredHandlers.add(routeHandler);
      app.route({ method, url, config: { access: rule }, handler: routeHandler });
    };
  return {
    get: define('GET'),
    post: define('POST'),
    put: define('PUT'),
    patch: define('PATCH'),
    delete: define('DELETE'),
  };
}
