import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LANGUAGES, type Language, requestLanguage } from '../../common/i18n/translation.ts';
import { apiMessages } from '../../common/messages.ts';
import { OAUTH_META_NAME } from '../../common/oauth.ts';
import { isApiPath, sendError } from './errors.ts';
import { escapeHtml } from './html.ts';

export type WebAppOptions = {
  /** Written into index.html, so the sign-in page shows its provider buttons in its first paint. */
  signInProviders: readonly string[];
};

/** What the build's server render (web/src/prerender.tsx → dist/web-prerender/prerender.js) offers. */
type PrerenderModule = {
  PRERENDERED_PATHS: readonly string[];
  PRERENDERED_ATTRIBUTE: string;
  renderPage(
    path: string,
    settings: { signInProviders: readonly string[] },
    language?: Language,
  ): Promise<string>;
  /** A page's own title and description, where they differ from index.html's. */
  pageHead?(path: string): { title: string; description: string } | null;
};

/** index.html with a page's own title and description (the app sets the same title when it runs). */
export function withPageHead(
  html: string,
  head: { title: string; description: string } | null | undefined,
): string {
  if (!head) return html;
  return html
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/i,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    );
}

/** The server render built beside the web app (`<distDir>-prerender`), or null without one. */
async function loadPrerender(distDir: string): Promise<PrerenderModule | null> {
  const file = path.join(`${distDir}-prerender`, 'prerender.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PrerenderModule;
}

const STYLE_PRELOAD = /<link rel="preload" as="style" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/**
 * index.html for a prerendered page: its markup in #root (marked with the path, so the app hydrates
 * it only at that address) and the styles its preload links name inline in the head, so the first
 * paint is the styled page without waiting for a style sheet's round trip. The links stay: the app
 * loads the same files when it starts, from the cache.
 * The first paint also waits until #root has been read to its end (`<link rel="expect"
 * blocking="render">`): a browser that paints while it is still reading the page (a busy phone does)
 * would otherwise show half a form, centred, and move it when the rest arrives (a layout shift, and the
 * page's largest paint later).
 */
export function withPrerenderedPage(
  html: string,
  page: { path: string; markup: string; attribute: string },
  readStyle: (href: string) => string | null,
): string {
  const styles = [...html.matchAll(STYLE_PRELOAD)]
    .map(([, href]) => (href ? readStyle(href) : null))
    .filter((css): css is string => css !== null)
    // Nothing in a style sheet may close the element it is inlined into.
    .map((css) => `<style>${css.replaceAll('</', '<\\/')}</style>`)
    .join('');
  const root = `<div id="root" ${page.attribute}="${page.path}">${page.markup}</div>${ROOT_READ_MARK}`;
  return withLowPriorityCode(html)
    .replace(/<div id="root">[\s\S]*?<\/div>/, () => root)
    .replace(/<\/head>/i, () => `${styles}${RENDER_AFTER_ROOT}</head>`);
}

/**
 * Holds the first paint until the parser has read #root to its end (browsers without it ignore it):
 * until it has reached the empty mark written right after it.
 */
export const RENDER_AFTER_ROOT = '<link rel="expect" href="#root-read" blocking="render">';
const ROOT_READ_MARK = '<template id="root-read"></template>';

/**
 * A prerendered page paints from its HTML alone (markup and styles inline), so its code waits for
 * that paint: the entry script (small) comes at low priority, and the preload links of the app's
 * chunks and style files are held (`data-after-paint` instead of `rel`: a link without `rel` fetches
 * nothing) until the entry has seen the first paint and turns them into real links
 * (web/src/main.tsx), all at once. They must not compete with the page itself on a slow connection;
 * and Lighthouse's simulation counts every file that arrived before the largest paint as possibly
 * blocking it (module scripts included, though none runs before it), which on a fast local server
 * made the form's paint look ~1 s later than it is.
 */
export function withLowPriorityCode(html: string): string {
  return html
    .replace(/<script type="module" crossorigin /g, '<script type="module" fetchpriority="low" crossorigin ')
    .replace(
      /<link rel="(modulepreload|preload)" (as="style" )?crossorigin /g,
      (_tag, rel: string, as = '') => `<link data-after-paint="${rel}" ${as}crossorigin `,
    );
}

/** index.html in a language: `<html lang>`, which the app also reads to take a prerendered page over. */
export function withLanguage(html: string, language: Language): string {
  return html.replace(
    /<html\b([^>]*)>/i,
    (_tag, attributes: string) => `<html${attributes.replace(/\slang="[^"]*"/i, '')} lang="${language}">`,
  );
}

/** index.html with the server's settings the pages need before any API answer, as a meta tag. */
export function indexWithSettings(html: string, options: WebAppOptions): string {
  const meta = `<meta name="${OAUTH_META_NAME}" content="${options.signInProviders.join(' ')}" />`;
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${meta}`);
}

// index.html's preload links for some addresses only, written by web/vite.config.ts.
const PRELOAD_BLOCK = /<!--preload-for ([^>]*?)-->([\s\S]*?)<!--\/preload-for-->/g;

/** Whether a route pattern of the web app ('/tutoring/:name') names this path. */
export function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = (path.length > 1 ? path.replace(/\/+$/, '') : path).split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/**
 * index.html for one address: the preload blocks whose patterns name it keep their links, the
 * others go, so a first visit starts downloading its own page's code at once and no other page's.
 */
export function indexForPath(html: string, path: string): string {
  return html.replace(PRELOAD_BLOCK, (_block, patterns: string, links: string) =>
    patterns.split(' ').some((pattern) => routeMatches(pattern, path)) ? links : '',
  );
}

/**
 * Renders the pages the build can render (sign-in, sign-up…) once in each language, with this
 * server's settings: `<language> <path>` → index.html holding that page in that language. A page that fails to render is served the usual way (the
 * app draws it in the browser), and the server says so in its log.
 */
async function prerenderPages(
  app: FastifyInstance,
  distDir: string,
  indexHtml: string,
  options: WebAppOptions,
): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  let render: PrerenderModule | null;
  try {
    render = await loadPrerender(distDir);
  } catch (error) {
    app.log.warn({ err: error }, 'The prerendered pages could not be loaded; the browser draws them.');
    return pages;
  }
  if (!render) return pages;
  const readStyle = (href: string) => {
    const file = path.join(distDir, href);
    // Under assets/ only (the separator too: not a folder beside it whose name starts the same).
    return file.startsWith(path.join(distDir, 'assets') + path.sep) && fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : null;
  };
  for (const language of LANGUAGES) {
    for (const pagePath of render.PRERENDERED_PATHS) {
      try {
        const markup = await render.renderPage(
          pagePath,
          { signInProviders: options.signInProviders },
          language,
        );
        const html = withPageHead(
          withLanguage(indexForPath(indexHtml, pagePath), language),
          render.pageHead?.(pagePath),
        );
        pages.set(
          `${language} ${pagePath}`,
          withPrerenderedPage(
            html,
            { path: pagePath, markup, attribute: render.PRERENDERED_ATTRIBUTE },
            readStyle,
          ),
        );
      } catch (error) {
        app.log.warn(
          { err: error, path: pagePath, language },
          'A page could not be prerendered; the browser draws it.',
        );
      }
    }
  }
  return pages;
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year (their names change
 * when their content does), index.html is revalidated on every visit, pre-compressed .br/.gz
 * siblings written at build time are sent when the browser accepts them, and any other non-API
 * path answers index.html so the browser's router can show it (SPA fallback).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  // Read once: the build does not change under a running server (npm start builds before it starts).
  const indexHtml = built ? indexWithSettings(fs.readFileSync(indexFile, 'utf8'), options) : '';
  const prerendered = built
    ? await prerenderPages(app, distDir, indexHtml, options)
    : new Map<string, string>();
  // One variant per set of preload blocks kept (a handful), each with its own ETag.
  const variants = new Map<string, { html: string; etag: string }>();
  const indexFor = (url: string, language: Language) => {
    const path = url.split('?')[0] ?? '/';
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // a malformed address: match it as it came
    }
    const page = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
    const html = indexForPath(
      prerendered.get(`${language} ${page}`) ?? withLanguage(indexHtml, language),
      decoded,
    );
    let variant = variants.get(html);
    if (!variant) {
      variant = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      variants.set(html, variant);
    }
    return variant;
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    // The page's language: the visitor's choice (cookie), else the browser's (Accept-Language).
    const language = requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    const { html, etag } = indexFor(request.url, language);
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'Cookie, Accept-Language');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  };

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
    app.get('/', sendIndex);
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
    return sendIndex(request, reply);
  });
}
