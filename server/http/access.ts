import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { apiMessages } from '../../common/messages.ts';
import { hasAnyRole, type Role, STAFF_ROLES } from '../../common/roles.ts';
import type { Db } from '../db/open.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { findUserByUsername, isParentOf, type UserRow } from '../users/queries.ts';

/**
 * Who may call a route (DESIGN §5). Every `/api/` route declares one of these in its `config.access`;
 * registering a route without one fails at start-up, and the access-matrix test is generated from
 * the same declarations.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'roles'; roles: readonly Role[] }
  /**
   * A named person's data: the person themself, a teacher (when the person is a student), an admin,
   * or — for reads only — a parent linked to them. The resolved person is `request.subject`.
   */
  | {
      kind: 'subject';
      /** Where the name comes from: a path parameter or a query parameter. */
      from: 'params' | 'query';
      param: string;
      /** 'student': the person must be a student. 'user': any account (the profile card). */
      subject: 'student' | 'user';
      write: boolean;
      /** Only callers with one of these roles, never the student themself (marking, rebuilding). */
      onlyRoles?: readonly Role[];
    };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signedIn' } as Access,
  staff: { kind: 'roles', roles: STAFF_ROLES } as Access,
  admin: { kind: 'roles', roles: ['ADMIN'] } as Access,
  roles: (...roles: Role[]): Access => ({ kind: 'roles', roles }),
  studentRead: (param: string, from: 'params' | 'query' = 'params'): Access => ({
    kind: 'subject',
    from,
    param,
    subject: 'student',
    write: false,
  }),
  studentWrite: (param: string, from: 'params' | 'query' = 'params'): Access => ({
    kind: 'subject',
    from,
    param,
    subject: 'student',
    write: true,
  }),
  /** A named student's data that only staff may touch (marking). */
  staffFor: (param: string): Access => ({
    kind: 'subject',
    from: 'params',
    param,
    subject: 'student',
    write: true,
    onlyRoles: STAFF_ROLES,
  }),
  /** A named student's data that only an admin may touch (calendar rebuild). */
  adminFor: (param: string): Access => ({
    kind: 'subject',
    from: 'params',
    param,
    subject: 'student',
    write: true,
    onlyRoles: ['ADMIN'],
  }),
  userRead: (param: string): Access => ({
    kind: 'subject',
    from: 'params',
    param,
    subject: 'user',
    write: false,
  }),
};

export type Auth = { userId: number; username: string; email: string; roles: Role[]; sessionId: number };

export type ApiRoute = { method: string; url: string; access: Access };

/**
 * The one ownership rule every `{studentName}` route uses: the person themself, an admin, a teacher
 * for a student, or a linked parent for reads. Names are matched case-insensitively. To callers who
 * may not see the person, an unknown name looks the same as a forbidden one (403), so names cannot
 * be probed; staff get a 404 for an unknown name.
 */
export async function resolveSubjectAccess(
  db: Db,
  auth: Auth | null,
  name: string,
  options: { subject: 'student' | 'user'; write: boolean },
): Promise<UserRow> {
  if (!auth) throw unauthorized(apiMessages.notSignedIn);
  const isStaff = hasAnyRole(auth.roles, STAFF_ROLES);
  const person = name ? await findUserByUsername(db, name) : null;
  const missing = options.subject === 'student' ? apiMessages.studentNotFound : apiMessages.userNotFound;
  if (!person || (options.subject === 'student' && !person.roles.includes('STUDENT'))) {
    throw isStaff ? notFound(missing) : forbidden(apiMessages.forbidden);
  }
  if (person.id === auth.userId) return person;
  if (auth.roles.includes('ADMIN')) return person;
  if (auth.roles.includes('TEACHER') && person.roles.includes('STUDENT')) return person;
  if (!options.write && auth.roles.includes('PARENT') && (await isParentOf(db, auth.userId, person.id))) {
    return person;
  }
  throw forbidden(apiMessages.forbidden);
}

function readName(request: FastifyRequest, from: 'params' | 'query', param: string): string {
  const source = (from === 'params' ? request.params : request.query) as Record<string, unknown> | undefined;
  const value = source?.[param];
  return typeof value === 'string' ? value : '';
}

async function enforceAccess(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const rule = request.routeOptions.config.access;
  if (!rule || rule.kind === 'public') return;
  if (!request.auth) {
    throw unauthorized(request.sessionExpired ? apiMessages.sessionExpired : apiMessages.notSignedIn);
  }
  if (rule.kind === 'signedIn') return;
  if (rule.kind === 'roles') {
    if (!hasAnyRole(request.auth.roles, rule.roles)) throw forbidden(apiMessages.forbidden);
    return;
  }
  if (rule.onlyRoles && !hasAnyRole(request.auth.roles, rule.onlyRoles))
    throw forbidden(apiMessages.forbidden);
  request.subject = await resolveSubjectAccess(
    this.deps.database.db,
    request.auth,
    readName(request, rule.from, rule.param),
    rule,
  );
}

/** Checks every API route's declaration as it is registered, and keeps the catalogue for tests. */
export function registerAccessRules(app: FastifyInstance): void {
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const rule = route.config?.access;
    if (!rule) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access).`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access: rule });
    }
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [...existing, enforceAccess];
  });
}
