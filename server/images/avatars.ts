import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_URL_PREFIX, DEFAULT_AVATAR_URL } from '../../common/avatars.ts';
import { serverLimits } from '../../common/limits.ts';
import { reencodePicture } from './picture.ts';

export { AVATAR_URL_PREFIX, DEFAULT_AVATAR_URL };
/** The default avatar's file, served at DEFAULT_AVATAR_URL. */
export const DEFAULT_AVATAR_FILE = path.join(import.meta.dirname, 'default-avatar.svg');
/** Stored pictures: 128 random bits, so a name can be neither guessed nor reused, and never changes. */
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;

/** An uploaded file made into a stored avatar by the picture rule (./picture.ts): a square WebP. */
export async function makeAvatar(input: Buffer): Promise<Buffer> {
  return (await reencodePicture(input, { square: serverLimits.avatarSidePx })).data;
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
