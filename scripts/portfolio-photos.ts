// The portfolio's pictures, made at build time: every file in the photos folder (SVG,
// PNG, JPEG or WebP, as the owner drops them there) becomes AVIF and WebP at a few widths under
// /assets/photos/, with names that change when the picture or the settings do (cached for a year).
// Pages import `virtual:portfolio-photos`: for each file, its width and height and the two srcsets.
// Encoded pictures are kept in node_modules/.cache, so a build only encodes what changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:portfolio-photos';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const SOURCE = /\.(svg|png|jpe?g|webp)$/i;
/** Widths made of every picture (never wider than its source): phone, phone at 2x / desktop, desktop at 2x. */
export const PHOTO_WIDTHS = [360, 720, 1080] as const;
const FORMATS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 74, effort: 4 },
} as const;
type Format = keyof typeof FORMATS;
/** Part of every output's name and cache key: change it when the encoding changes. */
const RECIPE = `v1 ${JSON.stringify(FORMATS)}`;
const DEV_PREFIX = '/@portfolio-photos/';

/** What a page gets for each picture (see web/src/pages/portfolio/photos.d.ts). */
export type ResponsivePhoto = {
  width: number;
  height: number;
  avif: string;
  webp: string;
  /** The largest WebP, for browsers that read neither srcset. */
  src: string;
};

type Source = { name: string; file: string; bytes: Buffer; width: number; height: number; hash: string };
type Output = { source: Source; width: number; format: Format; fileName: string };

async function readSource(dir: string, file: string): Promise<Source> {
  const full = path.join(dir, file);
  const bytes = fs.readFileSync(full);
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error(`portfolio photos: cannot read the size of ${file}`);
  // Photos from phones carry their orientation in EXIF: the picture's upright size.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    name: file,
    file: full,
    bytes,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    hash: createHash('sha256').update(bytes).update(RECIPE).digest('hex'),
  };
}

function outputsOf(source: Source): Output[] {
  const widths = [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, source.width)))];
  const base = source.name.replace(SOURCE, '');
  return widths.flatMap((width) =>
    (Object.keys(FORMATS) as Format[]).map((format) => ({
      source,
      width,
      format,
      fileName: `assets/photos/${base}-${width}-${source.hash.slice(0, 10)}.${format}`,
    })),
  );
}

/** Encodes one output (upright, no metadata), or takes it from the cache. */
async function encode(output: Output, cacheDir: string): Promise<Buffer> {
  const cached = path.join(cacheDir, `${output.source.hash}-${output.width}.${output.format}`);
  if (fs.existsSync(cached)) return fs.readFileSync(cached);
  const image = sharp(output.source.bytes, { density: 144 }).rotate().resize({ width: output.width });
  const encoded =
    output.format === 'avif'
      ? await image.avif(FORMATS.avif).toBuffer()
      : await image.webp(FORMATS.webp).toBuffer();
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(`${cached}.tmp`, encoded);
  fs.renameSync(`${cached}.tmp`, cached);
  return encoded;
}

function manifest(sources: Source[], urlOf: (output: Output) => string): Record<string, ResponsivePhoto> {
  const photos: Record<string, ResponsivePhoto> = {};
  for (const source of sources) {
    const outputs = outputsOf(source);
    const srcset = (format: Format) =>
      outputs
        .filter((o) => o.format === format)
        .map((o) => `${urlOf(o)} ${o.width}w`)
        .join(', ');
    const largestWebp = outputs.filter((o) => o.format === 'webp').at(-1)!;
    photos[source.name] = {
      width: source.width,
      height: source.height,
      avif: srcset('avif'),
      webp: srcset('webp'),
      src: urlOf(largestWebp),
    };
  }
  return photos;
}

/** The Vite plugin: `virtual:portfolio-photos`, the files in the client build, a route in development. */
export function portfolioPhotos(options: { dir: string; cacheDir: string }): Plugin {
  let sources: Source[] | null = null;
  const load = async () => {
    sources ??= await Promise.all(
      fs
        .readdirSync(options.dir)
        .filter((file) => SOURCE.test(file))
        .sort()
        .map((file) => readSource(options.dir, file)),
    );
    return sources;
  };
  let serving = false;
  let ssr = false;
  return {
    name: 'tutorfolio:portfolio-photos',
    configResolved(config) {
      serving = config.command === 'serve';
      ssr = Boolean(config.build.ssr);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      const all = await load();
      for (const source of all) this.addWatchFile(source.file);
      const urlOf = (o: Output) =>
        serving ? `${DEV_PREFIX}${encodeURIComponent(path.basename(o.fileName))}` : `/${o.fileName}`;
      return `export const photos = ${JSON.stringify(manifest(all, urlOf))};`;
    },
    async buildStart() {
      // The client build writes the files; the server render's build only needs their names.
      if (serving || ssr) return;
      const outputs = (await load()).flatMap(outputsOf);
      // Two at a time: the machine has two cores and sharp uses a thread pool of its own.
      for (let i = 0; i < outputs.length; i += 2) {
        const batch = outputs.slice(i, i + 2);
        const encoded = await Promise.all(batch.map((o) => encode(o, options.cacheDir)));
        batch.forEach((o, j) => {
          this.emitFile({ type: 'asset', fileName: o.fileName, source: encoded[j]! });
        });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        if (!request.url?.startsWith(DEV_PREFIX)) return next();
        const wanted = decodeURIComponent(request.url.slice(DEV_PREFIX.length));
        const output = (await load()).flatMap(outputsOf).find((o) => path.basename(o.fileName) === wanted);
        if (!output) return next();
        response.setHeader('content-type', `image/${output.format}`);
        response.end(await encode(output, options.cacheDir));
      });
    },
  };
}

/** The picture names the photos folder holds (content validation checks references against them). */
export function photoNames(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => SOURCE.test(file))
    .sort();
}
