import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AvatarStore, DEFAULT_AVATAR_FILE } from './avatars.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves profile pictures (outside /api, like the web app's files). A stored picture's name is
 * random and never reused, so it is cached for a year as immutable; the default avatar for a day.
 * Names are unguessable (128 bits), so pictures need no session, as an `<img>` anywhere expects.
 */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const store = new AvatarStore(app.deps.config.imagesDir);
  const defaultAvatar = fs.readFileSync(DEFAULT_AVATAR_FILE);

  app.get('/images/avatars/default.svg', async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      // An SVG is a document: forbid scripts in it even if this file ever changed.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(defaultAvatar),
  );

  app.get<{ Params: { file: string } }>('/images/avatars/:file', async (request, reply) => {
    const file = store.fileOf(request.params.file);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such picture.');
    }
    return reply
      .type('image/webp')
      .header('content-length', stat.size)
      .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .send(fs.createReadStream(file));
  });
}
