import type { ApiRoute } from '../http/access.ts';
import { SESSION_COOKIE, startSession } from '../sessions/service.ts';
import { linkChild } from '../users/queries.ts';
import type { TestApp, TestUser } from './harness.ts';

/** The six callers of the access matrix (issue 2): every route is tried as each of them. */
export const PERSONAS = ['anonymous', 'student', 'otherStudent', 'parent', 'teacher', 'admin'] as const;
export type Persona = (typeof PERSONAS)[number];

export type Cast = {
  /** The student every `{name}` route is about; `parent` is linked to them. */
  student: TestUser;
  otherStudent: TestUser;
  parent: TestUser;
  teacher: TestUser;
  admin: TestUser;
  /** A fresh session cookie for the persona (routes like logout end the one they are given). */
  cookieFor(persona: Persona): Promise<string | null>;
};

export async function createCast(t: TestApp): Promise<Cast> {
  const student = await t.createUser({ roles: ['STUDENT'] });
  const otherStudent = await t.createUser({ roles: ['STUDENT'] });
  const parent = await t.createUser({ roles: ['PARENT'] });
  const teacher = await t.createUser({ roles: ['TEACHER'] });
  const admin = await t.createUser({ roles: ['ADMIN'] });
  await linkChild(t.database.db, parent.user.id, student.user.id);
  const users = { student, otherStudent, parent, teacher, admin };
  return {
    ...users,
    async cookieFor(persona) {
      if (persona === 'anonymous') return null;
      const session = await startSession(t.database.db, users[persona].user.id, t.clock.now());
      return `${SESSION_COOKIE}=${session.token}`;
    },
  };
}

/**
 * Values for path parameters other than the route's subject name. A route with a parameter missing
 * here fails the matrix test, so a new route cannot slip past it: add its parameter when adding it.
 */
export const PARAM_FIXTURES: Record<string, (cast: Cast) => string> = {
  year: () => '2026',
  /** teacher/{id}/students takes the teacher's name. */
  id: (cast) => cast.teacher.user.username,
  month: () => '11',
};

/** The concrete URL to call for a route: its subject parameter is the cast's student. */
export function concreteUrl(route: ApiRoute, cast: Cast): string {
  const subjectParam =
    route.access.kind === 'subject' && route.access.from === 'params' ? route.access.param : null;
  let url = route.url.replace(/:([A-Za-z_]+)/g, (_, param: string) => {
    if (param === subjectParam) return encodeURIComponent(cast.student.user.username);
    const fixture = PARAM_FIXTURES[param];
    if (!fixture) throw new Error(`No fixture for path parameter :${param} of ${route.method} ${route.url}`);
    return encodeURIComponent(fixture(cast));
  });
  if (route.access.kind === 'subject' && route.access.from === 'query') {
    url += `${url.includes('?') ? '&' : '?'}${route.access.param}=${encodeURIComponent(cast.student.user.username)}`;
  }
  return url;
}

/** What the declaration says a persona may do with a route. */
export function expectedAccess(route: ApiRoute, persona: Persona): 'allowed' | 401 | 403 {
  const rule = route.access;
  if (rule.kind === 'public') return 'allowed';
  if (persona === 'anonymous') return 401;
  if (rule.kind === 'signedIn') return 'allowed';
  const personaRoles = {
    student: 'STUDENT',
    otherStudent: 'STUDENT',
    parent: 'PARENT',
    teacher: 'TEACHER',
    admin: 'ADMIN',
  };
  if (rule.kind === 'roles') {
    return rule.roles.includes(personaRoles[persona] as never) ? 'allowed' : 403;
  }
  // A named student's data: themself, staff, and a linked parent for reads.
  if (rule.onlyRoles) return rule.onlyRoles.includes(personaRoles[persona] as never) ? 'allowed' : 403;
  if (persona === 'student' || persona === 'teacher' || persona === 'admin') return 'allowed';
  if (persona === 'parent' && !rule.write) return 'allowed';
  return 403;
}
