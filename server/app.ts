import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/open.ts';
import { registerAccessRules } from './http/access.ts';
import { registerEdgeChecks } from './http/edge.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurity } from './http/security.ts';
import { registerSessions } from './http/sessions.ts';
import './http/types.ts';
import { assignmentRoutes } from './assignments/routes.ts';
import { calendarRoutes } from './calendars/routes.ts';
import { draftRoutes } from './drafts/routes.ts';
import { registerWebApp } from './http/web.ts';
import { imageRoutes } from './images/routes.ts';
import { configuredProviders, oauthApiRoutes, oauthRoutes } from './oauth/routes.ts';
import { questionRoutes } from './questions/routes.ts';
import { serviceRoutes } from './services/routes.ts';
import { statsRoutes } from './stats/routes.ts';
import { submissionRoutes } from './submissions/routes.ts';
import { userRoutes } from './users/routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
};

/** Builds the whole HTTP application around its dependencies; `main.ts` listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: deps.config.jsonBodyLimit,
    trustProxy: deps.config.trustProxy,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('deps', deps);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerEdgeChecks(app);
  registerAccessRules(app);
  await app.register(cookie);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await registerSecurity(app);
  registerSessions(app);

  await app.register(
    async (api) => {
      await api.register(userRoutes);
      await api.register(questionRoutes);
      await api.register(assignmentRoutes);
      await api.register(submissionRoutes);
      await api.register(calendarRoutes);
      await api.register(draftRoutes);
      await api.register(oauthApiRoutes);
      await api.register(serviceRoutes);
      await api.register(statsRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(oauthRoutes);
  await app.register(imageRoutes);

  await registerWebApp(app, deps.config.webDistDir, {
    signInProviders: configuredProviders(deps.config.oauth),
  });
  return app;
}
