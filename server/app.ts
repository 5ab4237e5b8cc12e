import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.ts';
import { registerHealth } from './health.ts';
import { registerAccessRules } from './http/access.ts';
import { answerZlib } from './http/compression.ts';
import { guardConnections } from './http/connections.ts';
import { registerEdgeChecks } from './http/edge.ts';
import { registerErrorHandling } from './http/errors.ts';
import { OneLinePerRequest } from './http/requestLog.ts';
import { registerSecurity } from './http/security.ts';
import { registerSessions } from './http/sessions.ts';
import { createLogOutput } from './logging.ts';
import './http/types.ts';
import { adminRoutes } from './admin/routes.ts';
import { apiDocsRoutes } from './apidocs/routes.ts';
import { assignmentRoutes } from './assignments/routes.ts';
import { calendarRoutes } from './calendars/routes.ts';
import { draftRoutes } from './drafts/routes.ts';
import { registerWebApp } from './http/web.ts';
import { imageRoutes } from './images/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { setMailConfigured } from './mail/service.ts';
import { markingRoutes } from './marking/routes.ts';
import { mathRoutes } from './math/routes.ts';
import { configuredProviders, oauthApiRoutes, oauthRoutes } from './oauth/routes.ts';
import { pictureRoutes } from './pictures/routes.ts';
import { questionRoutes } from './questions/routes.ts';
import { reviewRoutes } from './review/routes.ts';
import { serviceRoutes } from './services/routes.ts';
import { statsRoutes } from './stats/routes.ts';
import { stopwatchRoutes } from './stopwatch/routes.ts';
import { submissionRoutes } from './submissions/routes.ts';
import { userRoutes } from './users/routes.ts';
import { wallRoutes } from './wall/routes.ts';
import { weekRoutes } from './week/routes.ts';

/** What a request id from a proxy may look like: nginx's `$request_id` (32 hex digits), a UUID. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Behind a trusted proxy that sets `X-Request-Id` (the README's nginx settings), the request keeps the
 * proxy's id, so the proxy's access log and ours name the same request. Never from an untrusted
 * client: the id is shown to users as the reference of a failure.
 */
function proxyRequestId(trustProxy: boolean, header: string | string[] | undefined): string | null {
  return trustProxy && typeof header === 'string' && PROXY_REQUEST_ID.test(header) ? header : null;
}

/** Builds the whole HTTP application around its dependencies; `main.ts` listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { http } = deps.config;
  const app = Fastify({
    logger:
      deps.config.logLevel === 'silent'
        ? false
        : { level: deps.config.logLevel, stream: deps.logOutput ?? createLogOutput(process.stdout) },
    logController: new OneLinePerRequest(),
    bodyLimit: deps.config.jsonBodyLimit,
    // Slow clients: Node cuts a request that has not arrived whole (408), checking every quarter of
    // the headers' time-out (at most every second; its default of 30 s would let them linger).
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(http.headersTimeoutMs / 4)),
    },
    trustProxy: deps.config.trustProxy,
    genReqId: (request) =>
      proxyRequestId(deps.config.trustProxy, request.headers['x-request-id']) ?? randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, a request that reached us on a connection accepted just before is served, not
    // refused with 503: a proxy would pass a 503 to a POST's sender (it may not repeat a POST it
    // has sent). Answers carry `Connection: close` meanwhile (server/health.ts), so this ends.
    return503OnClosing: false,
  });
  guardConnections(app, http, deps.config.trustProxy);
  setMailConfigured(deps.config.mail !== null);
  app.decorate('deps', deps);
  // Hooks that never wait take a callback rather than being async: no promise per request (the
  // read's allocations, docs/performance.md "Allocation per read").
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerErrorHandling(app);
  registerEdgeChecks(app);
  registerAccessRules(app);
  await app.register(cookie);
  // API answers are compressed as they go: brotli at quality 1, not the plugin's 4. On answers of a
  // few KB (a page of questions) it shrinks them nearly as far (about 5.0× against 5.8×) for less
  // than half the CPU, which on a busy server is CPU every request pays (docs/performance.md).
  // The web app's files are compressed once, at build time, at full quality (scripts/precompress.ts).
  // `answerZlib`: a small answer's compressed form goes in a buffer its size, not a fresh 16 KB one.
  await app.register(compress, {
    zlib: answerZlib,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  await registerSecurity(app);
  registerSessions(app);
  registerHealth(app);

  await app.register(
    async (api) => {
      await api.register(userRoutes);
      await api.register(questionRoutes);
      await api.register(pictureRoutes);
      await api.register(assignmentRoutes);
      await api.register(submissionRoutes);
      await api.register(markingRoutes);
      await api.register(calendarRoutes);
      await api.register(draftRoutes);
      await api.register(oauthApiRoutes);
      await api.register(serviceRoutes);
      await api.register(statsRoutes);
      await api.register(mathRoutes);
      await api.register(weekRoutes);
      await api.register(reviewRoutes);
      await api.register(stopwatchRoutes);
      await api.register(wallRoutes);
      await api.register(adminRoutes);
      await api.register(mailRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(oauthRoutes);
  await app.register(imageRoutes);
  // Last of the API: its description covers every route declared above.
  await app.register(apiDocsRoutes);

  await registerWebApp(app, deps.config.webDistDir, {
    signInProviders: configuredProviders(deps.config.oauth),
  });
  return app;
}
