import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PictureUploaded } from '../../common/contracts/responses.ts';
import { limits } from '../../common/limits.ts';
import { pictureMessages, profileMessages } from '../../common/messages.ts';
import { PICTURE_ID } from '../../common/questions/pictures.ts';
import { says } from '../../common/validation.ts';
import { z } from '../../common/zod.ts';
import { AppError, badRequest } from '../errors.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { pictureFile, uploadPicture } from './service.ts';
import { PictureStore } from './store.ts';

const PictureParams = z.object({
  picture: z.string().regex(PICTURE_ID, says('pictureId')),
});

/** Question pictures: uploaded by staff, read by whoever may read a question showing them. */
export async function pictureRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now } = app.deps;
  const store = new PictureStore(app.deps.config.imagesDir);
  // Only this scope's upload reads multipart bodies: one file, nothing else.
  await app.register(multipart, {
    // A stray field or second file reaches readImage, which names the one field it takes.
    limits: { fileSize: limits.pictureMaxBytes, files: 2, fields: 1, parts: 3 },
  });

  route.post(
    '/pictures',
    access.staff,
    {
      multipart: { fields: [], files: ['image'] },
      response: PictureUploaded,
      summary: 'Uploads a picture for questions (multipart `image`); answers its id and size',
    },
    async (request) =>
      uploadPicture(database.db, store, await readImage(request), {
        authorId: request.auth.userId,
        now: now(),
      }),
  );

  route.get(
    '/pictures/:picture',
    access.signedIn,
    {
      params: PictureParams,
      errors: [404],
      summary:
        "A question's picture (image/webp): staff, and the students given the question and their parents; anyone else 404",
    },
    async (request, reply) => {
      const { file, size, hash } = await pictureFile(
        database.db,
        store,
        request.auth,
        request.params.picture,
      );
      // A picture never changes, but who may read it can: the browser asks again each time and gets
      // a 304 (after the check) while it is still allowed.
      reply.header('etag', `"${hash}"`).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === `"${hash}"`) return reply.code(304).send();
      return reply.type('image/webp').header('content-length', size).send(fs.createReadStream(file));
    },
  );
}

/** The upload's one file, `image`; anything else is refused. */
async function readImage(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) throw new AppError(415, pictureMessages.pictureNotMultipart);
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && !image) image = await part.toBuffer();
      else {
        if (part.type === 'file') await part.toBuffer();
        throw badRequest(pictureMessages.pictureFormTooBig);
      }
    }
  } catch (error) {
    // Ours and the plugin's own (413 past the byte limit, too many parts) keep their status; the
    // parser's complaints about a malformed body are the sender's fault.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(profileMessages.pictureFormBroken);
  }
  return image;
}
