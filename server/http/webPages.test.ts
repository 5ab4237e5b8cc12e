import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { indexWithSettings, withLanguage, withPageHead, withPrerenderedPage } from './web.ts';

/** How index.html is rewritten for a page (server/http/web.ts), and what the web app's other files answer. */
describe('index.html rewritten', () => {
  it('says the language on <html>, replacing the one it said and keeping its other attributes', () => {
    expect(withLanguage('<!doctype html><html><head></head></html>', 'ko')).toBe(
      '<!doctype html><html lang="ko"><head></head></html>',
    );
    expect(withLanguage('<HTML class="a" LANG="en" data-x="1"><head lang="x">', 'ko')).toBe(
      '<html class="a" data-x="1" lang="ko"><head lang="x">',
    );
  });

  it('puts the settings meta tag at the end of the head, or first (after any doctype) without one', () => {
    const meta = '<meta name="tutorfolio-sign-in-providers" content="google kakao" />';
    const providers = { signInProviders: ['google', 'kakao'] };
    expect(indexWithSettings('<html><head><title>T</title></HEAD><body></body></html>', providers)).toBe(
      `<html><head><title>T</title>  ${meta}\n  </head><body></body></html>`,
    );
    expect(indexWithSettings('<!DOCTYPE html><div id="root"></div>', providers)).toBe(
      `<!DOCTYPE html>${meta}<div id="root"></div>`,
    );
    expect(indexWithSettings('<div id="root"></div>', { signInProviders: [] })).toBe(
      '<meta name="tutorfolio-sign-in-providers" content="" /><div id="root"></div>',
    );
  });

  it("keeps index.html's title and description for a page without its own", () => {
    const html = '<title>Tutorfolio</title><meta name="description" content="Homework" />';
    expect(withPageHead(html, null)).toBe(html);
    expect(withPageHead(html, undefined)).toBe(html);
    expect(withPageHead(html, { title: 'A', description: 'B' })).toBe(
      '<title>A</title><meta name="description" content="B" />',
    );
    // The description tag as HTML writes it too: without the slash, or without the space before it.
    for (const tag of [
      '<meta name="description" content="Homework">',
      '<meta name="description" content="Homework"/>',
    ]) {
      expect(withPageHead(tag, { title: 'A', description: 'B' })).toBe(
        '<meta name="description" content="B" />',
      );
    }
  });

  it('inlines only the style sheets it can read, in order, and keeps #root only once', () => {
    const html =
      '<head><link rel="preload" as="style" crossorigin href="/assets/a.css">' +
      '<link rel="preload" as="style" crossorigin href="/assets/gone.css">' +
      '<link rel="preload" as="style" crossorigin href="/assets/b.css"></head>' +
      '<body><div id="root"><p>loading</p></div><div id="other"></div></body>';
    const sheets: Record<string, string> = { '/assets/a.css': 'a{}', '/assets/b.css': 'b{}' };
    const page = withPrerenderedPage(
      html,
      { path: '/login', markup: '<form></form>', attribute: 'data-prerendered' },
      (href) => sheets[href] ?? null,
    );
    expect(page).toContain(
      '<style>a{}</style><style>b{}</style><link rel="expect" href="#root-read" blocking="render"></head>',
    );
    expect(page).toContain(
      '<body><div id="root" data-prerendered="/login"><form></form></div><template id="root-read"></template><div id="other"></div></body>',
    );
  });
});

describe("the web app's other files", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-web-'));
  let t: TestApp;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    const index = '<!doctype html><html><head></head><div id="root"></div></html>';
    fs.writeFileSync(path.join(dist, 'index.html'), index);
    // The build compresses index.html too (scripts/precompress.ts), and may send it by name.
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(index));
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.css'), 'a{}');
    t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches files outside /assets/ for an hour, and index.html asked for by name not at all', async () => {
    const robots = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    const index = await t.request({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const compressed = await t.request({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    const sheet = await t.request({ method: 'GET', url: '/assets/app-1.css' });
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a page to GET and HEAD only, and a plain 404 to other methods and to missing files', async () => {
    const head = await t.request({ method: 'HEAD', url: '/tutoring/bob' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers.vary).toBe('Cookie, Accept-Language');
    for (const [method, url] of [
      ['POST', '/tutoring/bob'],
      ['DELETE', '/login'],
      ['GET', '/missing.png'],
      ['GET', '/deep/path/favicon.ico?x=1'],
      ['GET', '/assets/page'],
    ] as const) {
      const response = await t.request({ method, url });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toBe('Not found');
    }
    // A dot in the query is no file name: still a page.
    const page = await t.request({ method: 'GET', url: '/tutoring/bob?date=2026.11.23' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});
