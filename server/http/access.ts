import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { apiMessages } from '../../common/messages.ts';
import { hasAnyRole, type Role, STAFF_ROLES } from '../../common/roles.ts';
import type { DbOrTx } from '../db/open.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { childrenAmong, findUsersByUsernames, type UserRow } from '../shared/users.ts';

/**
 * Who may call a route (docs/architecture.md, "Access"). Every `/api/` route is declared with
 * `declareRoutes` (http/route.ts), which stores one of these in `config.access` and gives the handler
 * a request typed by it; a route registered any other way, or with a declaration that cannot work,
 * fails at start-up.
 */
export type PublicAccess = { kind: 'public' };
export type SignedInAccess = { kind: 'signedIn' };
export type RolesAccess = { kind: 'roles'; roles: readonly Role[] };
/**
 * A named person's data: the person themself, a teacher (when the person is a student), an admin,
 * or — for reads only — a parent linked to them. The resolved person is `request.subject`.
 */
export type SubjectAccess = {
  kind: 'subject';
  /** Where the name comes from: a path parameter or a query parameter. */
  from: 'params' | 'query';
  param: string;
  /**
   * 'student': the person must be a student. 'user': any account (the profile card).
   * 'teacher': the person must be a teacher, and only they (or an admin) may see it.
   */
  subject: 'student' | 'user' | 'teacher';
  write: boolean;
  /** Only callers with one of these roles, never the student themself (marking, rebuilding). */
  onlyRoles?: readonly Role[];
};
export type Access = PublicAccess | SignedInAccess | RolesAccess | SubjectAccess;

const subjectRule = (
  param: string,
  subject: SubjectAccess['subject'],
  write: boolean,
  more: Partial<SubjectAccess> = {},
): SubjectAccess => ({ kind: 'subject', from: 'params', param, subject, write, ...more });

export const access = {
  public: { kind: 'public' } as PublicAccess,
  signedIn: { kind: 'signedIn' } as SignedInAccess,
  staff: { kind: 'roles', roles: STAFF_ROLES } as RolesAccess,
  admin: { kind: 'roles', roles: ['ADMIN'] } as RolesAccess,
  roles: (...roles: Role[]): RolesAccess => ({ kind: 'roles', roles }),
  studentRead: (param: string, from: 'params' | 'query' = 'params'): SubjectAccess =>
    subjectRule(param, 'student', false, { from }),
  studentWrite: (param: string, from: 'params' | 'query' = 'params'): SubjectAccess =>
    subjectRule(param, 'student', true, { from }),
  /** A named student's data that only staff may touch (marking). */
  staffFor: (param: string): SubjectAccess => subjectRule(param, 'student', true, { onlyRoles: STAFF_ROLES }),
  /** A named student's data that only an admin may touch (calendar rebuild). */
  adminFor: (param: string): SubjectAccess => subjectRule(param, 'student', true, { onlyRoles: ['ADMIN'] }),
  /** Any person's own page data (profile card, counts, services): students' also for staff and linked parents. */
  userRead: (param: string, from: 'params' | 'query' = 'params'): SubjectAccess =>
    subjectRule(param, 'user', false, { from }),
  /** A named teacher's own data (their student list): that teacher, or an admin. */
  teacherOwnRead: (param: string): SubjectAccess =>
    subjectRule(param, 'teacher', false, { onlyRoles: STAFF_ROLES }),
};

export type Auth = {
  userId: number;
  username: string;
  email: string;
  roles: Role[];
  sessionId: number;
  /** The caller's row as the session look-up read it: a request naming its caller looks up no one. */
  user?: UserRow;
};

/**
 * The one ownership rule every named-person route uses: the person themself, an admin, a teacher
 * for a student, or a linked parent for reads of a student. A teacher's own data ('teacher') is only
 * theirs and an admin's. Names are matched case-insensitively. To callers who may not see the
 * person, an unknown name looks the same as a forbidden one (403), so names cannot be probed; staff
 * get a 404 for an unknown name.
 */
export async function resolveSubjectAccess(
  db: DbOrTx,
  auth: Auth | null,
  name: string,
  options: { subject: SubjectAccess['subject']; write: boolean },
): Promise<UserRow> {
  return (await resolveSubjectsAccess(db, auth, [name], options)).get(name.toLowerCase())!;
}

/** The role a named person must hold for each kind of subject rule (none for any account). */
const REQUIRED_ROLE = { student: 'STUDENT', teacher: 'TEACHER', user: null } as const;

/**
 * The caller naming themself with the role the route needs (a student's own pages: nearly every
 * request): the rule's answer is the caller's own row, as `resolveSubjectsAccess` would give, known
 * without a statement, a set or a map (the student's tutoring read is the hottest path).
 */
export function ownSubject(
  auth: Auth | null,
  name: string,
  subject: SubjectAccess['subject'],
): UserRow | null {
  const own = auth?.user;
  if (!own || own.id !== auth.userId || name.toLowerCase() !== own.username.toLowerCase()) return null;
  const requiredRole = REQUIRED_ROLE[subject];
  return requiredRole === null || own.roles.includes(requiredRole) ? own : null;
}

/**
 * The same rule for several named people at once (answers naming several students), in at most two
 * statements however many names: keyed by the lower-cased name. Any name the caller may not use
 * refuses the whole request.
 */
export async function resolveSubjectsAccess(
  db: DbOrTx,
  auth: Auth | null,
  names: readonly string[],
  options: { subject: SubjectAccess['subject']; write: boolean },
): Promise<Map<string, UserRow>> {
  if (!auth) throw unauthorized(apiMessages.notSignedIn);
  const isStaff = hasAnyRole(auth.roles, STAFF_ROLES);
  const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
  // The caller's own name (the usual case: a student's own pages and answers) is read already.
  const own = auth.user && wanted.includes(auth.user.username.toLowerCase()) ? auth.user : null;
  const others = wanted.filter((name) => name !== '' && name !== own?.username.toLowerCase());
  const found = others.length > 0 ? await findUsersByUsernames(db, others) : new Map<string, UserRow>();
  if (own) found.set(own.username.toLowerCase(), own);
  const requiredRole = REQUIRED_ROLE[options.subject];
  const people = new Map<string, UserRow>();
  for (const name of wanted) {
    const person = found.get(name);
    if (!person || (requiredRole && !person.roles.includes(requiredRole))) {
      throw isStaff ? notFound(notFoundMessages[options.subject]) : forbidden(apiMessages.forbidden);
    }
    people.set(name, person);
  }
  const allowedByRole = (person: UserRow) =>
    person.id === auth.userId ||
    auth.roles.includes('ADMIN') ||
    (options.subject !== 'teacher' && auth.roles.includes('TEACHER') && person.roles.includes('STUDENT'));
  const rest = [...people.values()].filter((person) => !allowedByRole(person));
  if (rest.length === 0) return people;
  if (options.write || options.subject === 'teacher' || !auth.roles.includes('PARENT')) {
    throw forbidden(apiMessages.forbidden);
  }
  const children = await childrenAmong(
    db,
    auth.userId,
    rest.map((person) => person.id),
  );
  if (rest.some((person) => !children.has(person.id))) throw forbidden(apiMessages.forbidden);
  return people;
}

const notFoundMessages = {
  student: apiMessages.studentNotFound,
  user: apiMessages.userNotFound,
  teacher: apiMessages.teacherNotFound,
} as const;

function readName(request: FastifyRequest, from: 'params' | 'query', param: string): string {
  const source = (from === 'params' ? request.params : request.query) as Record<string, unknown> | undefined;
  const value = source?.[param];
  return typeof value === 'string' ? value : '';
}

/**
 * The `onRequest` check of every declared route. A hook with a callback, not an async one: a caller
 * naming themself (`ownSubject`) and every rule without a named person are answered at once, with
 * no promise, on every request; only a person to look up waits for the database.
 */
function enforceAccess(
  this: FastifyInstance,
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const rule = request.routeOptions.config.access;
  const auth = request.auth;
  if (!rule || rule.kind === 'public') done();
  else if (!auth) {
    done(unauthorized(request.sessionExpired ? apiMessages.sessionExpired : apiMessages.notSignedIn));
  } else if (rule.kind === 'signedIn') done();
  else if (rule.kind === 'roles') {
    done(hasAnyRole(auth.roles, rule.roles) ? undefined : forbidden(apiMessages.forbidden));
  } else if (rule.onlyRoles && !hasAnyRole(auth.roles, rule.onlyRoles))
    done(forbidden(apiMessages.forbidden));
  else {
    const name = readName(request, rule.from, rule.param);
    const own = ownSubject(auth, name, rule.subject);
    if (own) {
      request.subject = own;
      done();
    } else {
      resolveSubjectAccess(this.deps.database.db, auth, name, rule).then((person) => {
        request.subject = person;
        done();
      }, done);
    }
  }
}

/** Handlers registered through `declareRoutes` (http/route.ts); any other `/api/` handler is refused. */
export const declaredHandlers = new WeakSet<object>();

const READ_METHODS = ['GET', 'HEAD'];

/** Why a declaration cannot work for this route, or null. Checked at registration, so a slip stops start-up. */
export function declarationProblem(method: string, url: string, rule: Access): string | null {
  if (rule.kind === 'roles' && rule.roles.length === 0) return 'names no role';
  if (rule.kind !== 'subject') return null;
  if (!rule.param) return 'names no parameter for the person';
  if (rule.from === 'params' && !url.split('/').includes(`:${rule.param}`))
    return `reads the person from :${rule.param}, which its path does not have`;
  if (!rule.write && !READ_METHODS.includes(method))
    return 'declares read-only access (parents allowed) on a method that writes';
  return null;
}

/**
 * Checks every API route's declaration as it is registered, and keeps the catalogue for tests (with
 * the routes outside /api/ that declare a rule: the provider sign-in routes).
 */
export function registerAccessRules(app: FastifyInstance): void {
  app.decorate('apiRoutes', [] as FastifyInstance['apiRoutes']);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') && !route.config?.access) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const where = `Route ${methods.join(',')} ${route.url}`;
    const rule = route.config?.access;
    if (!rule) throw new Error(`${where} declares no access rule (config.access).`);
    if (!declaredHandlers.has(route.handler)) {
      throw new Error(`${where} is not declared with declareRoutes (server/http/route.ts).`);
    }
    for (const method of methods) {
      const problem = declarationProblem(method, route.url, rule);
      if (problem) throw new Error(`${where}: its access rule ${problem}.`);
      if (method !== 'HEAD') {
        app.apiRoutes.push({ method, url: route.url, access: rule, schemas: route.config?.schemas });
      }
    }
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [...existing, enforceAccess];
  });
}
