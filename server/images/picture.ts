import sharp from 'sharp';
import { serverLimits } from '../../common/limits.ts';
import { profileMessages } from '../../common/messages.ts';
import { badRequest } from '../errors.ts';
import type { KnownText } from '../i18n/texts.ts';
import { cores, WorkLimiter } from '../users/passwords.ts';
import { inspectPicture, type PictureProblem } from './inspect.ts';

/** Each picture is decoded once: keep no decoded images in memory between requests. */
sharp.cache(false);

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

/** How the stored picture is shaped: a centred square (profiles), or kept whole within a longest side. */
export type PictureShape = { square: number } | { within: number };

export type StoredPicture = { data: Buffer; width: number; height: number };

/**
 * The picture rule, for every uploaded picture: accepted only as a complete PNG, JPEG, WebP or GIF
 * that hides nothing (./inspect.ts, by its bytes, never its name or declared type), with at most 40
 * megapixels by its header (a decompression bomb is refused before a pixel is decoded), then
 * decoded (a GIF's first frame), turned upright, resized to `shape` and re-encoded as WebP from the
 * pixels alone: nothing of the original (EXIF, location, comments, extra data) is kept. Every refusal
 * is a 400 naming the reason.
 */
export async function reencodePicture(input: Buffer, shape: PictureShape): Promise<StoredPicture> {
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
      const resized =
        'square' in shape
          ? sharp(input, DECODE).autoOrient().resize(shape.square, shape.square, { fit: 'cover' })
          : sharp(input, DECODE)
              .autoOrient()
              .resize(shape.within, shape.within, { fit: 'inside', withoutEnlargement: true });
      const { data, info } = await resized.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(reason)) throw badRequest(profileMessages.pictureTooManyPixels);
      if (/truncat|premature|unexpected end/i.test(reason))
        throw badRequest(profileMessages.pictureTruncated);
      throw badRequest(profileMessages.pictureUnreadable);
    }
  });
}
