import type { AppDeps } from '../deps.ts';
import type { SessionCache } from '../sessions/cache.ts';
import type { UserRow } from '../shared/users.ts';
import type { Access, Auth } from './access.ts';
import type { ApiRoute, RouteSchemas } from './route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; required on every /api/ route (server/http/access.ts). */
    access?: Access;
    /** What it takes and gives, as zod contracts (server/http/route.ts). */
    schemas?: RouteSchemas;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    auth: Auth | null;
    /** A session cookie came with the request but its session is over. */
    sessionExpired: boolean;
    /** The person a `subject` route is about, resolved and access-checked. */
    subject: UserRow | null;
  }
  interface FastifyInstance {
    deps: AppDeps;
    apiRoutes: ApiRoute[];
    /** Shutting down (server/health.ts): `/readyz` answers 503 once `begin()` is called. */
    shutdown: { begin(): void; readonly started: boolean };
    /** Recently looked-up sessions (server/sessions/cache.ts). */
    sessionCache: SessionCache;
  }
}
