import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../common/messages.ts';
import { z } from '../../common/zod.ts';
import { notFound } from '../errors.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { buildOpenApi } from './openapi.ts';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8'),
) as {
  version: string;
};

/**
 * The page at /api/docs: Swagger UI from swagger-ui-dist, every script a file of ours ('self'), so
 * the app's strict CSP (no inline script, no eval) holds here too.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tutorfolio API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
});
`;

/** The files the page loads: Swagger UI's own two, and the line that starts it. */
const FILES: Record<string, { type: string; read: () => string | Buffer }> = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => fs.readFileSync(path.join(swaggerUiDir, 'swagger-ui.css')),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => fs.readFileSync(path.join(swaggerUiDir, 'swagger-ui-bundle.js')),
  },
  'start.js': { type: 'text/javascript; charset=utf-8', read: () => START },
};

const DocsFile = z.object({ file: z.string() });

/**
 * The API's description, generated from the declared routes (server/apidocs/openapi.ts): OpenAPI 3.1
 * at /api/openapi.json and a page to browse it at /api/docs. Built on first request, when every
 * route is registered.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  // Kept as bytes: a string would be encoded anew for every answer (208 KB, much of it Korean),
  // and each connection whose client does not read would hold its own copy of what is unsent.
  let document: Buffer | null = null;
  const files = new Map<string, string | Buffer>();

  route.get(
    '/api/openapi.json',
    access.public,
    { summary: 'This description (OpenAPI 3.1)' },
    async (_request, reply) => {
      document ??= Buffer.from(JSON.stringify(buildOpenApi(app.apiRoutes, version)));
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
    },
  );

  route.get(
    '/api/docs',
    access.public,
    { summary: 'A page to browse this description' },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );

  route.get(
    '/api/docs/:file',
    access.public,
    { params: DocsFile, errors: [404], summary: "The page's scripts and styles" },
    async (request, reply) => {
      const { file } = request.params;
      if (!Object.hasOwn(FILES, file)) throw notFound(apiMessages.noApiDocFile);
      let content = files.get(file);
      if (content === undefined) {
        content = FILES[file]!.read();
        files.set(file, content);
      }
      return reply.type(FILES[file]!.type).header('cache-control', 'public, max-age=3600').send(content);
    },
  );
}
