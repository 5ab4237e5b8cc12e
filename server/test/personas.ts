import type { ApiRoute } from '../http/route.ts';
import { SESSION_COOKIE, startSession } from '../sessions/service.ts';
import { linkChild } from '../users/queries.ts';
import type { TestApp, TestUser } from './harness.ts';

/**
 * The seven callers of the access matrix (server/http/access.test.ts): every route is tried as each.
 * `parent` is linked to `student`; `unlinkedParent` is a parent too, but of `otherStudent`.
 */
export const PERSONAS = [
  'anonymous',
  'student',
  'otherStudent',
  'parent',
  'unlinkedParent',
  'teacher',
  'admin',
] as const;
export type Persona = (typeof PERSONAS)[number];

export type Cast = {
  /** The student every `{name}` route is about; `parent` is linked to them. */
  student: TestUser;
  otherStudent: TestUser;
  parent: TestUser;
  unlinkedParent: TestUser;
  teacher: TestUser;
  admin: TestUser;
  /** A fresh session cookie for the persona (routes like logout end the one they are given). */
  cookieFor(persona: Persona): Promise<string | null>;
};

export async function createCast(t: TestApp): Promise<Cast> {
  const student = await t.createUser({ roles: ['STUDENT'] });
  const otherStudent = await t.createUser({ roles: ['STUDENT'] });
  const parent = await t.createUser({ roles: ['PARENT'] });
  const unlinkedParent = await t.createUser({ roles: ['PARENT'] });
  const teacher = await t.createUser({ roles: ['TEACHER'] });
  const admin = await t.createUser({ roles: ['ADMIN'] });
  await linkChild(t.database.db, parent.user.id, student.user.id);
  await linkChild(t.database.db, unlinkedParent.user.id, otherStudent.user.id);
  const users = { student, otherStudent, parent, unlinkedParent, teacher, admin };
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
 * here fails the fuzz test, so a new route cannot slip past it: add its parameter when adding it.
 */
export const PARAM_FIXTURES: Record<string, (cast: Cast) => string> = {
  year: () => '2026',
  /** teacher/{id}/students takes the teacher's name. */
  id: (cast) => cast.teacher.user.username,
  month: () => '11',
  /** Provider sign-in routes. */
  provider: () => 'google',
  /** Wall moderation: a post that does not exist. */
  postId: () => '999999',
  /** Admin routes that name a person without a subject rule: the student. */
  name: (cast) => cast.student.user.username,
  /** `DELETE subscriptions/{name}/{service}`. */
  service: () => 'Tutoring',
  /** `DELETE users/children/{parent}/{child}`: a student not linked to that parent. */
  child: (cast) => cast.otherStudent.user.username,
  /** The API page's files. */
  file: () => 'start.js',
  /** A question picture that does not exist. */
  picture: () => '0'.repeat(64),
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
