import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { sendRaw } from '../test/sockets.ts';
import { holdsNul, isValidHost } from './edge.ts';
import { escapeHtml } from './html.ts';

/** The checks every request passes before anything reads it (server/http/edge.ts), on their own. */
describe('isValidHost', () => {
  it('takes host names, IPv4 and bracketed IPv6 addresses, each with or without a port up to 65535', () => {
    for (const host of [
      'localhost',
      'example.com',
      'tutor-folio.example_x~y',
      'example.com:8080',
      'localhost:0',
      'localhost:65535',
      '127.0.0.1',
      '127.0.0.1:3000',
      '[::1]',
      '[::1]:3000',
      '[2001:DB8::ffff:1.2.3.4]:443',
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });

  it('refuses ports past 65535 or longer than five digits, and an empty port', () => {
    for (const host of [
      'localhost:65536',
      'localhost:99999',
      'localhost:123456',
      'localhost:',
      'localhost:8o',
    ]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });

  it('refuses anything before or after the host: a path, user info, spaces, a second host', () => {
    for (const host of [
      '',
      'evil.com/example.com',
      'example.com/x',
      'user@example.com',
      'example.com evil.com',
      ' example.com',
      'example.com:80:80',
      '[::1',
      '::1',
      '[::g]',
    ]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });

  it('refuses what matches the pattern but is no address a URL can hold', () => {
    for (const host of ['[1]', '[::1::2]', '256.1.1.1', '1.2.3.999']) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});

describe('the Host check of every request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const withHost = (host: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/auth-check', headers: { host } });

  it('checks a Host once while the same one comes again, and again after another came between', async () => {
    // isValidHost ends in URL.canParse on `http://<host>`: its calls count the checks.
    const canParse = vi.spyOn(URL, 'canParse');
    try {
      for (const host of ['kept.example:8080', 'kept.example:8080', 'kept.example:8080', 'other.example']) {
        expect((await withHost(host)).statusCode, host).toBe(401);
      }
      expect((await withHost('kept.example:8080')).statusCode).toBe(401);
      const checks = (host: string) => canParse.mock.calls.filter(([url]) => url === `http://${host}`).length;
      expect({ kept: checks('kept.example:8080'), other: checks('other.example') }).toEqual({
        kept: 2,
        other: 1,
      });
    } finally {
      canParse.mockRestore();
    }
  });

  it('takes a request without a Host (HTTP/1.0 needs none), before and after a valid one was remembered', async () => {
    const base = await t.listen();
    const noHost = 'GET /api/v1/users/auth-check HTTP/1.0\r\n\r\n';
    expect((await sendRaw(base, noHost)).status).toBe(401);
    expect((await withHost('localhost:8080')).statusCode).toBe(401);
    expect((await sendRaw(base, noHost)).status).toBe(401);
  });
});

describe('holdsNul', () => {
  it('finds a NUL in a string, in any element or value however nested, and in any key', () => {
    for (const value of [
      '\0',
      'a\0b',
      ['x', 1, null, 'y\0'],
      [[['\0']]],
      { a: 1, b: { c: [null, { d: 'e\0' }] } },
      { 'k\0': 1 },
      [{ ok: true }, { 'nested\0key': null }],
    ]) {
      expect(holdsNul(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('finds none in values without one, nulls, numbers and empty ones included', () => {
    for (const value of [
      undefined,
      null,
      0,
      true,
      '',
      'a\\u0000b',
      '%00',
      [],
      {},
      [null, 1, 'x', [null]],
      { a: null, b: [null, { c: 'd' }] },
    ]) {
      expect(holdsNul(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('escapeHtml', () => {
  it('escapes each character that ends text or an attribute, and the ampersand first', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('<<>>""\'\'&&')).toBe('&lt;&lt;&gt;&gt;&quot;&quot;&#39;&#39;&amp;&amp;');
    expect(escapeHtml('plain text, ünïcode')).toBe('plain text, ünïcode');
  });
});
