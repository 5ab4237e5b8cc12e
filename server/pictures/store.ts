import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const HASH = /^[0-9a-f]{64}$/;

/**
 * Question pictures on disk, under `IMAGES_DIR/questions`, named by the SHA-256 of their bytes:
 * the same picture is one file however often it is uploaded. A file is written under a temporary
 * name of its own and renamed into place, so two uploads of one picture at once both end with the
 * same whole file, and a reader never sees half of one. Files are never changed or deleted.
 */
export class PictureStore {
  readonly dir: string;
  constructor(imagesDir: string) {
    this.dir = path.join(imagesDir, 'questions');
  }

  /** Stores the picture (unless it is there already); answers its hash. */
  async save(picture: Buffer): Promise<string> {
    const hash = createHash('sha256').update(picture).digest('hex');
    const file = path.join(this.dir, `${hash}.webp`);
    if (await fs.stat(file).catch(() => null)) return hash;
    await fs.mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${hash}.${randomBytes(8).toString('hex')}.part`);
    await fs.writeFile(temporary, picture, { flag: 'wx' });
    try {
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    return hash;
  }

  /** The path of a stored picture by its hash, or null for a name we never make. */
  fileOf(hash: string): string | null {
    return HASH.test(hash) ? path.join(this.dir, `${hash}.webp`) : null;
  }
}
