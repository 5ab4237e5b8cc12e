/**
 * What an uploaded file really is, read from its bytes (never its name or declared type): one of
 * the four accepted picture formats, complete, and nothing but a picture. Pure functions over a
 * buffer; decoding is sharp's job afterwards (./avatars.ts).
 *
 * What a picture carries inside (text chunks, comments, EXIF, XMP) is not read: the stored picture
 * is re-encoded from the pixels alone, so none of it is kept or ever served, whatever it says.
 */
export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export type PictureProblem =
  /** Not one of the four formats (an executable, a document, a renamed anything). */
  | 'notImage'
  /** An SVG (a document that can carry script), refused whatever it is called. */
  | 'svg'
  /** The format's structure ends before its end marker. */
  | 'truncated'
  /** A polyglot: data after the picture's end (other than zero padding, or a JPEG's camera trailer). */
  | 'hidesData';

export type Inspection = { ok: true; format: PictureFormat } | { ok: false; problem: PictureProblem };

const startsWith = (buffer: Buffer, bytes: readonly number[], at = 0) =>
  buffer.length >= at + bytes.length && bytes.every((b, i) => buffer[at + i] === b);
const ascii = (buffer: Buffer, at: number, length: number) =>
  buffer.toString('latin1', at, Math.min(buffer.length, at + length));

/** The format by magic bytes (file signatures), or null. */
export function formatOf(buffer: Buffer): PictureFormat | null {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(buffer, 0, 6) === 'GIF87a' || ascii(buffer, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 4) === 'WEBP') return 'webp';
  return null;
}

function looksLikeSvg(buffer: Buffer): boolean {
  const head = ascii(buffer, 0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

/** Offset just past the picture's end marker; null when the structure runs off the end (truncated). */
type End = number | null;

function pngEnd(buffer: Buffer): End {
  let at = 8;
  while (at + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(at);
    const type = ascii(buffer, at + 4, 4);
    const next = at + 12 + length;
    if (next > buffer.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
}

function jpegEnd(buffer: Buffer): End {
  let at = 2;
  while (at + 1 < buffer.length) {
    if (buffer[at] !== 0xff) return null;
    const marker = buffer[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2; // EOI
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (at + 4 > buffer.length) return null;
    const next = at + 2 + buffer.readUInt16BE(at + 2);
    if (next > buffer.length) return null;
    at = next;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker (0xFF not followed by 0x00 or a restart marker).
      while (at + 1 < buffer.length) {
        if (buffer[at] === 0xff) {
          const following = buffer[at + 1]!;
          if (following !== 0x00 && !(following >= 0xd0 && following <= 0xd7) && following !== 0xff) break;
          at += following === 0xff ? 1 : 2;
        } else at += 1;
      }
      if (at + 1 >= buffer.length) return null;
    }
  }
  return null;
}

function gifSubBlocks(buffer: Buffer, start: number): End {
  let at = start;
  while (at < buffer.length) {
    const size = buffer[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
  return null;
}

function gifEnd(buffer: Buffer): End {
  if (buffer.length < 13) return null;
  const packed = buffer[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  while (at < buffer.length) {
    const block = buffer[at]!;
    if (block === 0x3b) return at + 1; // trailer
    let next: End;
    if (block === 0x21)
      next = gifSubBlocks(buffer, at + 2); // extension: label, then sub-blocks
    else if (block === 0x2c) {
      if (at + 10 > buffer.length) return null;
      const local = buffer[at + 9]!;
      const table = local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0;
      next = gifSubBlocks(buffer, at + 10 + table + 1); // after the LZW minimum code size
    } else return null;
    if (next === null) return null;
    at = next;
  }
  return null;
}

function webpEnd(buffer: Buffer): End {
  if (buffer.length < 12) return null;
  const end = 8 + buffer.readUInt32LE(4);
  return end > buffer.length ? null : end;
}

const END_OF = { png: pngEnd, jpeg: jpegEnd, gif: gifEnd, webp: webpEnd } as const;

/**
 * What cameras put after a JPEG's end and pictures keep: a motion photo's video (an ISO media file,
 * `ftyp` box; Google and Samsung phones) or Samsung's trailer (ends in `SEFT`). Decoding ignores
 * it and the stored picture is re-encoded without it.
 */
function isCameraTrailer(rest: Buffer): boolean {
  const at = rest.indexOf('ftyp', 0, 'latin1');
  return (at >= 4 && at <= 4 + 'MotionPhoto_Data'.length) || ascii(rest, rest.length - 4, 4) === 'SEFT';
}

/**
 * Reads what the bytes are; refuses anything but a complete PNG, JPEG, GIF or WebP with nothing
 * after its end marker but zero bytes (padding some tools write, which can hide nothing) or, after
 * a JPEG, a camera trailer.
 */
export function inspectPicture(buffer: Buffer): Inspection {
  const format = formatOf(buffer);
  if (!format) return { ok: false, problem: looksLikeSvg(buffer) ? 'svg' : 'notImage' };
  const end = END_OF[format](buffer);
  if (end === null) return { ok: false, problem: 'truncated' };
  const rest = buffer.subarray(end);
  if (!rest.every((b) => b === 0) && !(format === 'jpeg' && isCameraTrailer(rest))) {
    return { ok: false, problem: 'hidesData' };
  }
  return { ok: true, format };
}
