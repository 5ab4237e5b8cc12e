import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { indexForPath, routeMatches } from './web.ts';

/** A small built app like `vite build` writes, with a pre-compressed asset like scripts/precompress.ts. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
// At full quality, as the build writes them: bytes the server's own compression (brotli at quality 1,
// gzip at level 6) would not produce, so an answer compressed on the fly shows.
const brotliFile = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const gzipFile = zlib.gzipSync(script, { level: 9 });
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliFile);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipFile);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers any page path with index.html, revalidated on each visit (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/tutoring/bob?date=2026-11-23', '/no/such/page']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('writes the configured sign-in providers into index.html, and answers 304 to a current copy', async () => {
    const withGoogle = await startTestApp({
      env: {
        WEB_DIST_DIR: dist,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        KAKAO_CLIENT_ID: 'kid',
      },
    });
    try {
      const page = await withGoogle.request({ method: 'GET', url: '/login' });
      expect(page.body).toContain('<meta name="tutorfolio-sign-in-providers" content="google kakao" />');
      expect(page.body).toContain('<div id="root">');
      const etag = page.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await withGoogle.request({
        method: 'GET',
        url: '/signin',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    } finally {
      await withGoogle.close();
    }
    // None configured: the tag says so (the page then shows no provider buttons).
    const bare = await t.request({ method: 'GET', url: '/' });
    expect(bare.body).toContain('<meta name="tutorfolio-sign-in-providers" content="" />');
  });

  it('caches hashed assets for a year and sends the brotli or gzip file the browser accepts, as it is', async () => {
    const brotli = await t.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    // The build's file itself, not the script compressed again on each request.
    expect(brotli.rawPayload).toEqual(brotliFile);
    expect(brotliFile).not.toEqual(
      zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
    );

    const gzip = await t.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.rawPayload).toEqual(gzipFile);
    expect(gzipFile).not.toEqual(zlib.gzipSync(script));
  });

  it('compresses API answers over 1 KB as they go: brotli at quality 1 (cheap on CPU), else gzip', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.body;
    expect(body.length).toBeGreaterThan(1024);
    const brotli = await t.request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(body);
    const quality = (q: number) =>
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }).length;
    expect(brotli.rawPayload.length).toBe(quality(1));
    expect(quality(1)).not.toBe(quality(4));
    const gzip = await t.request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(body);
  });

  it('answers a missing asset with 404, never with index.html', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/missing-000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('tells the operator to build when the web app is missing', async () => {
    const bare = await startTestApp();
    try {
      // The site root too: it has a route of its own only when there is an index.html to serve.
      for (const url of ['/login', '/']) {
        const response = await bare.request({ method: 'GET', url });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 503 });
        expect(response.body).toContain('npm run build');
      }
    } finally {
      await bare.close();
    }
  });
});

describe("index.html's preloads for some addresses only (web/vite.config.ts writes them)", () => {
  const html = [
    '<head><link rel="modulepreload" href="/assets/app.js">',
    '<!--preload-for / /login--><link rel="modulepreload" href="/assets/sign-in.js"><!--/preload-for-->',
    '<!--preload-for /tutoring/:name /review/:name--><link rel="modulepreload" href="/assets/tutoring.js"><!--/preload-for-->',
    '</head><div id="root"></div>',
  ].join('\n');

  it('matches route patterns segment by segment, a parameter being any non-empty segment', () => {
    expect(routeMatches('/tutoring/:name', '/tutoring/bob')).toBe(true);
    expect(routeMatches('/tutoring/:name', '/tutoring/bob/')).toBe(true);
    expect(routeMatches('/tutoring/:name', '/tutoring/')).toBe(false);
    expect(routeMatches('/tutoring/:name', '/tutoring/bob/more')).toBe(false);
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/login', '/loginx')).toBe(false);
    // Trailing slashes, one or more, do not count; an empty segment is no parameter.
    expect(routeMatches('/login', '/login/')).toBe(true);
    expect(routeMatches('/login', '/login//')).toBe(true);
    expect(routeMatches('/:name', '/')).toBe(false);
    expect(routeMatches('/review/:name/edit', '/review//edit')).toBe(false);
    expect(routeMatches('/review/:name/edit', '/review/bob/edit')).toBe(true);
  });

  it("keeps a block's links for the addresses it names and drops every other block", () => {
    const login = indexForPath(html, '/login');
    expect(login).toContain('/assets/app.js');
    expect(login).toContain('<link rel="modulepreload" href="/assets/sign-in.js">');
    expect(login).not.toContain('tutoring.js');
    expect(login).not.toContain('preload-for');
    const tutoring = indexForPath(html, '/tutoring/bob');
    expect(tutoring).toContain('/assets/tutoring.js');
    expect(tutoring).not.toContain('sign-in.js');
    const other = indexForPath(html, '/questions');
    expect(other).toContain('/assets/app.js');
    expect(other).not.toMatch(/sign-in\.js|tutoring\.js|preload-for/);
    // A dropped block leaves nothing behind.
    expect(other).toBe(
      '<head><link rel="modulepreload" href="/assets/app.js">\n\n\n</head><div id="root"></div>',
    );
  });

  it('serves each address its variant, each with its own ETag', async () => {
    const withBlocks = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-web-'));
    fs.writeFileSync(path.join(withBlocks, 'index.html'), html);
    const app = await startTestApp({ env: { WEB_DIST_DIR: withBlocks } });
    try {
      const tutoring = await app.request({ method: 'GET', url: '/tutoring/b%C3%B6b?date=2026-11-23' });
      expect(tutoring.body).toContain('/assets/tutoring.js');
      expect(tutoring.body).not.toContain('sign-in.js');
      const login = await app.request({ method: 'GET', url: '/login' });
      expect(login.body).toContain('/assets/sign-in.js');
      expect(login.headers.etag).not.toBe(tutoring.headers.etag);
      const again = await app.request({
        method: 'GET',
        url: '/review/alice',
        headers: { 'if-none-match': tutoring.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      const malformed = await app.request({ method: 'GET', url: '/tutoring/%E0%A4%A' });
      expect(malformed.statusCode).toBeLessThan(500);
    } finally {
      await app.close();
      fs.rmSync(withBlocks, { recursive: true, force: true });
    }
  });
});

describe('pages the server renders to HTML when it starts (web/src/prerender.tsx)', () => {
  /** A built app with a server render like `npm run build` writes beside it (`<dist>-prerender`). */
  function builtWithPrerender(renderPage: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Tutorfolio</title><meta name="description" content="Homework" />' +
        '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/framework.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/app.css">' +
        '<!--preload-for /login--><link rel="preload" as="style" crossorigin href="/assets/sign-in.css"><!--/preload-for-->' +
        '<!--preload-for /questions--><link rel="preload" as="style" crossorigin href="/assets/archive.css"><!--/preload-for-->' +
        '</head><body><div id="root"><p class="boot">Tutorfolio is loading…</p></div></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'assets', 'app.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(dir, 'assets', 'sign-in.css'), '.card{content:"</style><script>"}');
    fs.writeFileSync(path.join(dir, 'assets', 'archive.css'), '.archive{color:red}');
    fs.mkdirSync(`${dir}-prerender`);
    fs.writeFileSync(
      path.join(`${dir}-prerender`, 'prerender.js'),
      `export const PRERENDERED_PATHS = ['/', '/login', '/signup'];
       export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
       export async function renderPage(path, settings, language) { ${renderPage} }
       export function pageHead(path) {
         return path === '/signup' ? { title: 'Join <us> & "learn"', description: 'Sign up & go' } : null;
       }`,
    );
    return dir;
  }
  const remove = (dir: string) => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}-prerender`, { recursive: true, force: true });
  };

  it("puts the page's markup, rendered with this server's settings, in #root with its styles inline", async () => {
    const dir = builtWithPrerender(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fake render's own source, a template literal
      'return `<form aria-label="Sign In" data-page="${path}">$& ${settings.signInProviders.join(\',\')}</form>`;',
    );
    const app = await startTestApp({
      env: { WEB_DIST_DIR: dir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
    });
    try {
      const login = await app.request({ method: 'GET', url: '/login' });
      expect(login.body).toContain(
        '<div id="root" data-prerendered="/login"><form aria-label="Sign In" data-page="/login">$& google</form></div>',
      );
      expect(login.body).not.toContain('Tutorfolio is loading');
      // Its own styles and the app's, inline in the head; never another page's; nothing closes the element.
      const head = login.body.slice(0, login.body.indexOf('</head>'));
      expect(head).toContain('<style>body{margin:0}</style>');
      expect(head).toContain('<style>.card{content:"<\\/style><script>"}</style>');
      expect(head).not.toContain('.archive');
      const trailingSlash = await app.request({ method: 'GET', url: '/signup/' });
      expect(trailingSlash.body).toContain('data-prerendered="/signup"');
      // The same page at its address written otherwise: letters or the slashes after it
      // percent-encoded (two slashes in a row are refused by the static files' plugin before the
      // fallback); and the site root, whose one slash is the path.
      for (const [url, page] of [
        ['/signup%2F%2F', '/signup'],
        ['/sign%75p', '/signup'],
        ['/', '/'],
      ] as const) {
        const other = await app.request({ method: 'GET', url });
        expect({ url, prerendered: other.body.match(/data-prerendered="([^"]*)"/)?.[1] }).toEqual({
          url,
          prerendered: page,
        });
      }
      // A page's own title and description, escaped; the others keep index.html's.
      expect(trailingSlash.body).toContain('<title>Join &lt;us&gt; &amp; &quot;learn&quot;</title>');
      expect(trailingSlash.body).toContain('<meta name="description" content="Sign up &amp; go" />');
      expect(login.body).toContain('<title>Tutorfolio</title>');
      // Any other page is drawn by the browser as before.
      const archive = await app.request({ method: 'GET', url: '/questions' });
      expect(archive.body).toContain('<div id="root"><p class="boot">Tutorfolio is loading…</p></div>');
      expect(archive.body).not.toContain('<style>');
      // A prerendered page paints without its code: the entry comes at low priority, and the preload
      // links are held until it has painted (web/src/main.tsx makes them real then).
      // A page the browser draws needs its code to paint, at the browser's usual priority, at once.
      expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
      expect(head).toContain(
        '<link data-after-paint="modulepreload" crossorigin href="/assets/framework.js">',
      );
      expect(head).toContain(
        '<link data-after-paint="preload" as="style" crossorigin href="/assets/app.css">',
      );
      expect(head).not.toMatch(/<link rel="(modulepreload|preload)"/);
      expect(archive.body).toContain('<script type="module" crossorigin src="/assets/index.js">');
      expect(archive.body).toContain('<link rel="modulepreload" crossorigin href="/assets/framework.js">');
      expect(archive.body).not.toContain('fetchpriority');
      expect(archive.body).not.toContain('data-after-paint');
      // The first paint waits until #root has been read to its end (never half a form, then a shift).
      expect(head).toContain('<link rel="expect" href="#root-read" blocking="render">');
      expect(login.body).toContain('</form></div><template id="root-read"></template>');
      expect(archive.body).not.toContain('rel="expect"');
    } finally {
      await app.close();
      remove(dir);
    }
  });

  it('renders each page in both languages and serves the one the request asks for (cookie, else Accept-Language)', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the fake render's own source, a template literal
    const dir = builtWithPrerender("return `<h1>${language === 'ko' ? '로그인' : 'Sign In'} ${path}</h1>`;");
    const app = await startTestApp({ env: { WEB_DIST_DIR: dir } });
    const page = (url: string, headers: Record<string, string>) =>
      app.request({ method: 'GET', url, headers });
    try {
      const english = await page('/login', {});
      expect(english.body).toContain('<h1>Sign In /login</h1>');
      expect(english.body).toContain('<html lang="en">');
      expect(english.headers.vary).toMatch(/Cookie/);
      expect(english.headers.vary).toMatch(/Accept-Language/);
      const korean = await page('/login', { 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8' });
      expect(korean.body).toContain('<h1>로그인 /login</h1>');
      expect(korean.body).toContain('<html lang="ko">');
      expect(korean.headers.etag).not.toBe(english.headers.etag);
      // Weights decide, not the order written; a language with neither is English.
      expect((await page('/signup', { 'accept-language': 'en;q=0.5, ko;q=0.8' })).body).toContain(
        '로그인 /signup',
      );
      expect((await page('/signup', { 'accept-language': 'ja, fr' })).body).toContain('Sign In /signup');
      // The choice made in the header (the cookie) wins over the browser's languages.
      const chosen = await page('/login', { 'accept-language': 'ko', cookie: 'lang=en' });
      expect(chosen.body).toContain('<h1>Sign In /login</h1>');
      expect((await page('/login', { cookie: 'lang=ko' })).body).toContain('<html lang="ko">');
      // A page drawn by the browser still says its language.
      expect((await page('/questions', { cookie: 'lang=ko' })).body).toContain('<html lang="ko">');
    } finally {
      await app.close();
      remove(dir);
    }
  });

  /** An app on `dir` whose warnings are kept, parsed, for the test to read. */
  async function appWithWarnings(dir: string) {
    const warnings: Record<string, unknown>[] = [];
    const app = await startTestApp({
      env: { WEB_DIST_DIR: dir, LOG_LEVEL: 'warn' },
      logOutput: { write: (line) => void warnings.push(JSON.parse(line)), dropped: 0, flush: async () => {} },
    });
    return { app, warnings };
  }

  it('serves a page that fails to render the usual way, says so in the log, and keeps serving', async () => {
    const dir = builtWithPrerender("if (path === '/login') throw new Error('no'); return '<p>Sign Up</p>';");
    const { app, warnings } = await appWithWarnings(dir);
    try {
      const login = await app.request({ method: 'GET', url: '/login' });
      expect(login.statusCode).toBe(200);
      expect(login.body).toContain('<div id="root"><p class="boot">Tutorfolio is loading…</p></div>');
      const signup = await app.request({ method: 'GET', url: '/signup' });
      expect(signup.body).toContain('<div id="root" data-prerendered="/signup"><p>Sign Up</p></div>');
      // One line per language, naming the page and the error.
      expect(warnings.map(({ msg, path, language, err }) => ({ msg, path, language, err }))).toEqual(
        ['en', 'ko'].map((language) => ({
          msg: 'A page could not be prerendered; the browser draws it.',
          path: '/login',
          language,
          err: expect.objectContaining({ message: 'no' }),
        })),
      );
    } finally {
      await app.close();
      remove(dir);
    }
  });

  it('inlines only the style sheets under assets/ that exist, and prerenders the page without the others', async () => {
    const dir = builtWithPrerender("return '<p>Sign In</p>';");
    // Sheets named in index.html that are missing, or outside assets/: in the build's root, in a
    // folder beside assets/ whose name starts the same, and outside the build (the server render's).
    fs.writeFileSync(path.join(dir, 'root.css'), '.root-secret{}');
    fs.mkdirSync(path.join(dir, 'assets-other'));
    fs.writeFileSync(path.join(dir, 'assets-other', 'x.css'), '.beside-secret{}');
    fs.writeFileSync(path.join(`${dir}-prerender`, 'outside.css'), '.outside-secret{}');
    const index = path.join(dir, 'index.html');
    const links = [
      '/assets/missing.css',
      '/assets/../root.css',
      '/assets/../assets-other/x.css',
      `/assets/../../${path.basename(dir)}-prerender/outside.css`,
    ]
      .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`)
      .join('');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('</head>', `${links}</head>`));
    const { app, warnings } = await appWithWarnings(dir);
    try {
      const login = await app.request({ method: 'GET', url: '/login' });
      expect(login.body).toContain('<div id="root" data-prerendered="/login"><p>Sign In</p></div>');
      const head = login.body.slice(0, login.body.indexOf('</head>'));
      expect(head).toContain('<style>body{margin:0}</style>');
      expect(head).not.toMatch(/secret/);
      expect(warnings).toEqual([]);
      // Nor does a request reach a file outside the build, however its path is written.
      const outside = `${path.basename(dir)}-prerender/outside.css`;
      for (const url of [
        `/../${outside}`,
        `/..%2F${outside}`,
        `/assets/..%2F..%2F${outside}`,
        `/%2E%2E/${outside}`,
      ]) {
        const response = await app.request({ method: 'GET', url });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.body).not.toMatch(/secret/);
      }
    } finally {
      await app.close();
      remove(dir);
    }
  });

  it('prerenders with a server render that gives no page its own title', async () => {
    const dir = builtWithPrerender('');
    fs.writeFileSync(
      path.join(`${dir}-prerender`, 'prerender.js'),
      `export const PRERENDERED_PATHS = ['/signup'];
       export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
       export async function renderPage() { return '<p>Sign Up</p>'; }`,
    );
    const { app, warnings } = await appWithWarnings(dir);
    try {
      const signup = await app.request({ method: 'GET', url: '/signup' });
      expect(signup.body).toContain('<div id="root" data-prerendered="/signup"><p>Sign Up</p></div>');
      expect(signup.body).toContain('<title>Tutorfolio</title>');
      expect(warnings).toEqual([]);
    } finally {
      await app.close();
      remove(dir);
    }
  });

  it('draws every page in the browser without a server render, and has nothing to say about it', async () => {
    const dir = builtWithPrerender("return '<p>never</p>';");
    fs.rmSync(`${dir}-prerender`, { recursive: true, force: true });
    const { app, warnings } = await appWithWarnings(dir);
    try {
      const login = await app.request({ method: 'GET', url: '/login' });
      expect(login.statusCode).toBe(200);
      expect(login.body).toContain('<div id="root"><p class="boot">Tutorfolio is loading…</p></div>');
      expect(warnings).toEqual([]);
    } finally {
      await app.close();
      remove(dir);
    }
  });

  it('draws every page in the browser when the server render cannot be loaded, and says why in the log', async () => {
    const dir = builtWithPrerender("return '<p>never</p>';");
    fs.writeFileSync(
      path.join(`${dir}-prerender`, 'prerender.js'),
      "throw new Error('the render bundle is broken');",
    );
    const { app, warnings } = await appWithWarnings(dir);
    try {
      const login = await app.request({ method: 'GET', url: '/login' });
      expect(login.statusCode).toBe(200);
      expect(login.body).toContain('<div id="root"><p class="boot">Tutorfolio is loading…</p></div>');
      expect(warnings.map(({ msg, err }) => ({ msg, err }))).toEqual([
        {
          msg: 'The prerendered pages could not be loaded; the browser draws them.',
          err: expect.objectContaining({ message: 'the render bundle is broken' }),
        },
      ]);
    } finally {
      await app.close();
      remove(dir);
    }
  });
});
