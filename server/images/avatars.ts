import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AVATAR_URL_PREFIX, DEFAULT_AVATAR_URL } from '../../common/avatars.ts';
import { serverLimits } from '../../common/limits.ts';
import { profileMessages } from '../../common/messages.ts';
import { badRequest } from '../errors.ts';
import type { KnownText } from '../i18n/texts.ts';
import { cores, WorkLimiter } from '../users/passwords.ts';
import { inspectPicture, type PictureProblem } from './inspect.ts';

/** Each picture is decoded once: keep no decoded images in memory between requests. */
sharp.cache(false);

export { AVATAR_URL_PREFIX, DEFAULT_AVATAR_URL };
/** The default avatar's file, served at DEFAULT_AVATAR_URL. */
export const DEFAULT_AVATAR_FILE = path.join(import.meta.dirname, 'default-avatar.svg');
/** Stored pictures: 128 random bits, so a name can be neither guessed nor reused, and never changes. */
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;

const PROBLEMS: Record<PictureProblem, KnownText> = {
  notImage: profileMessages.pictureNotImage,
  svg: profileMessages.pictureSvg,
  truncated: profileMessages.pictureTruncated,
  hidesData: profileMessages.pictureHidesData,
};

/**
 * Decoding is the expensive, memory-hungry part (up to 40 megapixels): one picture per core at a
 * time, a few waiting, then 503 with `Retry-After` rather than an unbounded pile of decodes.
 */
const pictureWork = new WorkLimiter({
  concurrency: cores,
  queue: 4 * cores,
  busyMessage: profileMessages.picturesBusy,
});

const DECODE = { failOn: 'warning', limitInputPixels: serverLimits.pictureMaxPixels } as const;

/**
 * An uploaded file made into a stored avatar: accepted only as a complete PNG, JPEG, WebP or GIF
 * that hides nothing (./inspect.ts), with at most 40 megapixels by its header (a decompression bomb
 * is refused before a pixel is decoded), then decoded, turned upright, cut to a centred square,
 * resized and re-encoded as WebP. Nothing of the original — metadata, location, extra data — is
 * kept. Every refusal is a 400 naming the reason.
 */
export async function makeAvatar(input: Buffer): Promise<Buffer> {
  const inspection = inspectPicture(input);
  if (!inspection.ok) throw badRequest(PROBLEMS[inspection.problem]);
  return pictureWork.run(async () => {
    // The header alone (no pixels decoded yet): its size decides whether decoding may start.
    const metadata = await sharp(input, { ...DECODE, limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!metadata || metadata.format !== inspection.format)
      throw badRequest(profileMessages.pictureUnreadable);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > serverLimits.pictureMaxPixels) {
      throw badRequest(profileMessages.pictureTooManyPixels);
    }
    try {
      return await sharp(input, DECODE)
        .autoOrient()
        .resize(serverLimits.avatarSidePx, serverLimits.avatarSidePx, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(reason)) throw badRequest(profileMessages.pictureTooManyPixels);
      if (/truncat|premature|unexpected end/i.test(reason))
        throw badRequest(profileMessages.pictureTruncated);
      throw badRequest(profileMessages.pictureUnreadable);
    }
  });
}

/**
 * Profile pictures on disk, under `IMAGES_DIR/avatars` (DATA_DIR/images by default): one file per
 * picture, written under a temporary name and renamed into place, so a reader never sees half a file.
 */
export class AvatarStore {
  readonly dir: string;
  constructor(imagesDir: string) {
    this.dir = path.join(imagesDir, 'avatars');
  }

  /** Stores a picture under a new random name; answers its URL. */
  async save(picture: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const temporary = path.join(this.dir, `.${name}.part`);
    await fs.writeFile(temporary, picture, { flag: 'wx' });
    try {
      await fs.rename(temporary, path.join(this.dir, name));
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    return `${AVATAR_URL_PREFIX}${name}`;
  }

  /** Deletes a stored picture by its URL; the default avatar, other URLs and missing files are left alone. */
  async remove(url: string | null): Promise<void> {
    const file = url?.startsWith(AVATAR_URL_PREFIX) ? this.fileOf(url.slice(AVATAR_URL_PREFIX.length)) : null;
    if (file) await fs.rm(file, { force: true });
  }

  /** The path of a stored picture by its file name, or null for a name we never make. */
  fileOf(name: string): string | null {
    return STORED_NAME.test(name) ? path.join(this.dir, name) : null;
  }
}
