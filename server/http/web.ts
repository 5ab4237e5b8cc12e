import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../common/messages.ts';
import { isApiPath, sendError } from './errors.ts';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year (their names change
 * when their content does), index.html is revalidated on every visit, pre-compressed .br/.gz
 * siblings written at build time are sent when the browser accepts them, and any other non-API
 * path answers index.html so the browser's router can show it (SPA fallback).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (relative.startsWith('index.html')) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
    // The site root is a page too (a directory request would otherwise be refused by the static plugin).
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendError(reply, 404, apiMessages.notFound);
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
    // A missing /assets/x.js must stay a 404, or the browser would try to run HTML as a script.
    if (!isPageRequest || request.url.startsWith('/assets/') || lastSegment.includes('.')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
