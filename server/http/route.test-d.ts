import type { FastifyInstance } from 'fastify';
import { expectTypeOf } from 'vitest';
import type { UserRow } from '../shared/users.ts';
import { type Auth, access } from './access.ts';
import { declareRoutes } from './route.ts';

/**
 * What a handler may read is decided by its route's access rule (`AccessRequest` in route.ts).
 * A type test (vitest's `*.test-d.ts`): it is never run, `npm run typecheck` checks it, and fails
 * when an assertion below stops holding or a line marked `@ts-expect-error` starts compiling — for
 * instance if a named-person route's `subject` could be null (handlers would need `!`) or a public route
 * had a caller.
 */
export function declarationsAsHandlersSeeThem(app: FastifyInstance): void {
  const routes = declareRoutes(app);
  routes.get('/api/v1/students/:name', access.studentRead('name'), (request) => {
    expectTypeOf(request.subject).toEqualTypeOf<UserRow>();
    expectTypeOf(request.auth).toEqualTypeOf<Auth>();
    // The named person's id, with no `!` and no check: the access rule resolved them.
    expectTypeOf(request.subject.id).toBeNumber();
  });
  routes.post('/api/v1/students/:name/marks', access.staffFor('name'), (request) => {
    expectTypeOf(request.subject).toEqualTypeOf<UserRow>();
  });
  routes.get('/api/v1/staff-only', access.staff, (request) => {
    expectTypeOf(request.auth).toEqualTypeOf<Auth>();
    expectTypeOf(request.subject).toEqualTypeOf<null>();
    // @ts-expect-error a route that names no person has no subject to read
    request.subject.id;
  });
  routes.get('/api/v1/signed-in', access.signedIn, (request) => {
    expectTypeOf(request.subject).toEqualTypeOf<null>();
  });
  routes.get('/api/v1/public', access.public, (request) => {
    expectTypeOf(request.subject).toEqualTypeOf<null>();
    // @ts-expect-error a public route has no signed-in caller
    request.auth.userId;
  });
}
