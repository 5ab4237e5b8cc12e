import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '../../common/messages.ts';
import { SESSION_COOKIE } from '../sessions/service.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { access } from './access.ts';
import { declareRoutes } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    registerExtra: (app) => {
      // What a handler sees of the session hook's work (types.ts declares these as null/false when unset).
      declareRoutes(app).get('/api/v1/test/who', access.public, async (request) => ({
        auth: request.auth === null ? null : request.auth?.username,
        subject: request.subject,
        sessionExpired: request.sessionExpired,
      }));
    },
  });
});
afterAll(() => t.close());

describe('the session hook', () => {
  it('leaves a request with no cookie as nobody (auth and subject null, sessionExpired false), told "not signed in"', async () => {
    const who = await t.request({ method: 'GET', url: '/api/v1/test/who' });
    expect(who.json()).toStrictEqual({ auth: null, subject: null, sessionExpired: false });
    const check = await t.request({ method: 'GET', url: '/api/v1/users/auth-check' });
    expect(check.statusCode).toBe(401);
    expect(check.json().message).toBe(apiMessages.notSignedIn);
  });

  it('marks a cookie of no live session as expired, and signs a live one in', async () => {
    const unknown = `${SESSION_COOKIE}=${'0'.repeat(43)}`;
    const who = await t.request({ method: 'GET', url: '/api/v1/test/who', as: unknown });
    expect(who.json()).toStrictEqual({ auth: null, subject: null, sessionExpired: true });
    const check = await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: unknown });
    expect(check.statusCode).toBe(401);
    expect(check.json().message).toBe(apiMessages.sessionExpired);

    const user = await t.createUser();
    const signedIn = await t.request({ method: 'GET', url: '/api/v1/test/who', as: user });
    expect(signedIn.json()).toStrictEqual({ auth: user.user.username, subject: null, sessionExpired: false });
  });

  it('empties the session cache when the app closes (the database, and its change hub, may outlive the app)', async () => {
    const own = await startTestApp();
    try {
      const user = await own.createUser();
      // On PostgreSQL the account's creation makes the cache hold nothing for a while (a revoking
      // statement of this process), and it holds nothing until its LISTEN is up: ask until it keeps one.
      await vi.waitFor(
        async () => {
          const check = await own.request({ method: 'GET', url: '/api/v1/users/auth-check', as: user });
          expect(check.statusCode).toBe(200);
          expect(own.app.sessionCache.size).toBe(1);
        },
        { timeout: 5000, interval: 100 },
      );
      await own.app.close();
      expect(own.app.sessionCache.size).toBe(0);
    } finally {
      await own.close();
    }
  });
});
