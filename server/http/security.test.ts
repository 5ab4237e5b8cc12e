import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../common/messages.ts';
import { forbidden } from '../errors.ts';
import { MALFORMED_HOSTS, ORIGIN, startTestApp, type TestApp } from '../test/harness.ts';
import { sendRaw } from '../test/sockets.ts';
import { access } from './access.ts';
import { declareRoutes } from './route.ts';
import { appOrigin, securityHeaders } from './security.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    registerExtra: (app) => {
      // A route that fails in an unexpected way, to see what the caller is told.
      declareRoutes(app).get('/api/v1/test/explode', access.public, async () => {
        throw new Error('secret internals: connection string postgres://admin:hunter2@db');
      });
      // A handler that chose a text answer, then failed.
      declareRoutes(app).get('/api/v1/test/text-then-fails', access.public, async (_request, reply) => {
        reply.type('text/plain; charset=utf-8');
        throw forbidden(apiMessages.forbidden);
      });
    },
  });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends CSP without inline scripts, nosniff, frame-ancestors none and a referrer policy on API answers', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/users/refresh' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends every header helmet sets with our options, asked of helmet once, on answers and failures alike', async () => {
    const headers = securityHeaders();
    expect(Object.keys(headers)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
      ]),
    );
    expect(headers['x-frame-options']).toBe('DENY');
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/users/oauth/providers' },
      { method: 'POST' as const, url: '/api/v1/users/refresh' },
      { method: 'GET' as const, url: '/api/v1/no/such/route' },
      { method: 'GET' as const, url: '/api/v1/test/explode' },
    ]) {
      const response = await t.request(request);
      for (const [name, value] of Object.entries(headers))
        expect(response.headers[name], `${request.url} ${name}`).toBe(value);
    }
  });

  it('sends exactly our Content-Security-Policy on API and page answers, and no COEP', async () => {
    // The whole policy, directive by directive (docs/architecture.md, "Security headers"): none of
    // helmet's defaults, scripts, connections, forms and the base only from us, no plugins, no framing;
    // inline styles (toasts), and images also from data:, blob: and any https: host.
    const policy = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ];
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-csp-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const withPages = await startTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const api = await withPages.request({ method: 'GET', url: '/api/v1/users/oauth/providers' });
      const page = await withPages.request({ method: 'GET', url: '/login' });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      for (const response of [api, page]) {
        expect(String(response.headers['content-security-policy']).split(';')).toEqual(policy);
        // COEP require-corp would block the cross-origin https: images the policy allows.
        expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
      }
    } finally {
      await withPages.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('fails at start rather than answer without a policy helmet refuses', () => {
    // A directive helmet only checks per request (a function's value): the refusal must not be
    // swallowed, or every answer would go out without a Content-Security-Policy.
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: [() => 'self'] } },
      }),
    ).toThrow(/should be quoted/);
  });

  it('adds HSTS only when the app is served over HTTPS', async () => {
    const https = await startTestApp({ env: { PUBLIC_URL: 'https://tutor.example.com' } });
    try {
      const response = await https.request({ method: 'GET', url: '/api/v1/users/auth-check' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe('cross-site writes', () => {
  it('refuses a cookie-carrying write from another origin or with no origin, and allows our own', async () => {
    const user = await t.createUser();
    const foreign = await t.request({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(apiMessages.crossSiteWrite);

    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: user.cookie },
    });
    expect(none.statusCode).toBe(403);

    // The session survived both attempts.
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: user })).statusCode).toBe(
      200,
    );

    const byReferer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh',
      headers: { cookie: user.cookie, referer: `${ORIGIN}/login` },
    });
    expect(byReferer.statusCode).toBe(200);
    const own = await t.request({ method: 'POST', url: '/api/v1/users/logout', as: user });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a cookie-carrying write when there is no Host to build our origin from (HTTP/1.0), named origin or not', async () => {
    const user = await t.createUser();
    const base = await t.listen();
    // Without a Host there is no origin of ours to compare with: no origin named, or ours, is no match.
    for (const origin of ['', `Origin: ${ORIGIN}\r\n`]) {
      const sent = `POST /api/v1/users/refresh HTTP/1.0\r\nCookie: ${user.cookie}\r\n${origin}\r\n`;
      const response = await sendRaw(base, sent);
      expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
      expect(JSON.parse(response.body).message).toBe(apiMessages.crossSiteWrite);
    }
  });
});

describe('malformed Host headers', () => {
  it('refuse a cookie-carrying write with a 400 (the origin check cannot build our origin), never a 500', async () => {
    const user = await t.createUser();
    for (const host of MALFORMED_HOSTS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh',
        headers: { cookie: user.cookie, origin: ORIGIN, host },
      });
      expect({ host, status: response.statusCode }).toEqual({ host, status: 400 });
      expect(response.json().message).toBe(apiMessages.badHost);
    }
    // Host names, IPv4 and IPv6 addresses with ports are hosts.
    for (const host of ['localhost', 'tutor.example.com:8443', '127.0.0.1:8080', '[::1]:8080', 'my_app:80']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh',
        headers: { cookie: user.cookie, origin: `http://${host}`, host },
      });
      expect({ host, status: response.statusCode }).toEqual({ host, status: 200 });
    }
  });

  it('are refused every time, whatever host came before', async () => {
    for (const host of MALFORMED_HOSTS) {
      const statuses = [];
      for (const sent of ['localhost:8080', host, host, 'localhost:8080']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/v1/users/auth-check',
          headers: { host: sent },
        });
        statuses.push(response.statusCode);
      }
      expect({ host, statuses }).toEqual({ host, statuses: [401, 400, 400, 401] });
    }
  });

  it('refuse the provider sign-in start (which builds its redirect URL from the host) with a 400', async () => {
    const withGoogle = await startTestApp({
      env: { GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', TRUST_PROXY: '1' },
    });
    try {
      for (const headers of [{ host: '[::1' }, { host: 'localhost', 'x-forwarded-host': 'a b' }]) {
        const response = await withGoogle.app.inject({
          method: 'GET',
          url: '/oauth2/authorization/google',
          headers,
        });
        expect(response.statusCode).toBe(400);
      }
      const fine = await withGoogle.app.inject({ method: 'GET', url: '/oauth2/authorization/google' });
      expect(fine.statusCode).toBe(302);
    } finally {
      await withGoogle.close();
    }
  });

  it('never make appOrigin throw: a host that is not one gives no origin', () => {
    const request = { protocol: 'http', host: '[::1' } as FastifyRequest;
    expect(appOrigin(t.app, request)).toBeNull();
    expect(appOrigin(t.app, { protocol: 'http', host: 'localhost:8080' } as FastifyRequest)).toBe(
      'http://localhost:8080',
    );
  });
});

describe('error answers', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, error: 'Not Found', message: apiMessages.notFound });
  });

  it('answers a failure as JSON even when the handler had chosen another content type', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/test/text-then-fails' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ status: 403, error: 'Forbidden', message: apiMessages.forbidden });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'y'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(apiMessages.bodyTooLarge);
  });

  it('answers an unexpected failure with 500, the request id, and no internals', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/test/explode' });
    expect(response.statusCode).toBe(500);
    const requestId = String(response.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json()).toEqual({
      status: 500,
      error: 'Internal Server Error',
      message: apiMessages.internal(requestId),
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });
});
