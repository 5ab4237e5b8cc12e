import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { access } from './access.ts';
import { declareRoutes } from './route.ts';

/**
 * A route whose declaration cannot work stops the app at start-up (registration), instead of
 * answering 500 — or the wrong people — later.
 */
let t: TestApp;
const registrationErrors: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({
    registerExtra: (app: FastifyInstance) => {
      const route = declareRoutes(app);
      const attempts: Record<string, () => void> = {
        plainWithAccess: () =>
          app.get('/api/v1/plain', { config: { access: access.public } }, async () => 'x'),
        undeclared: () => app.get('/api/v1/undeclared', async () => 'x'),
        missingParam: () => route.get('/api/v1/nameless', access.studentRead('name'), async () => 'x'),
        readOnWrite: () => route.post('/api/v1/redo/:name', access.studentRead('name'), async () => 'x'),
        noRoles: () => route.get('/api/v1/nobody', access.roles(), async () => 'x'),
        fine: () =>
          route.post('/api/v1/fine/:name', access.studentWrite('name'), async (request) => ({
            subject: request.subject.username,
            caller: request.auth.username,
          })),
      };
      for (const [name, attempt] of Object.entries(attempts)) {
        try {
          attempt();
        } catch (error) {
          registrationErrors[name] = (error as Error).message;
        }
      }
    },
  });
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('refuses an /api/ route registered without declareRoutes, with or without config.access', () => {
    expect(registrationErrors.plainWithAccess).toMatch(/not declared with declareRoutes/);
    expect(registrationErrors.undeclared).toMatch(/declares no access rule/);
  });

  it('refuses a named-person rule whose parameter is not in the path', () => {
    expect(registrationErrors.missingParam).toMatch(
      /reads the person from :name, which its path does not have/,
    );
  });

  it('refuses a read-only (parent-allowed) rule on a method that writes', () => {
    expect(registrationErrors.readOnWrite).toMatch(/read-only access .* on a method that writes/);
  });

  it('refuses a roles rule naming no role', () => {
    expect(registrationErrors.noRoles).toMatch(/names no role/);
  });

  it('accepts a sound declaration and hands its handler the resolved person and caller', async () => {
    expect(registrationErrors.fine).toBeUndefined();
    const student = await t.createUser({ roles: ['STUDENT'] });
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/fine/${student.user.username.toUpperCase()}`,
      as: student,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subject: student.user.username, caller: student.user.username });
  });
});
