import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from './fixtures.ts';

/**
 * Paint first: a prerendered page (the sign-in pages) paints once, whole, from its HTML, and the app
 * takes it over without changing it. A browser that paints while still reading the page (a slow
 * connection, a busy phone) must not show half a form and then move it (a layout shift, and a later
 * largest paint): server/http/web.ts holds the first paint until #root is read.
 */

/**
 * A proxy in front of the app that sends every page's HTML in two parts, `pause` ms apart, cut just
 * before the sign-in form: the browser has half the page for that long. Other files pass as they are.
 */
async function slowHtmlProxy(target: string, pause: number) {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const name of ['accept', 'accept-language', 'cookie', 'content-type', 'origin', 'x-requested-with'])
      if (typeof request.headers[name] === 'string') headers.set(name, request.headers[name]);
    const upstream = await fetch(new URL(request.url ?? '/', target), {
      method: request.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const type = upstream.headers.get('content-type') ?? '';
    const head: Record<string, string> = { 'content-type': type, 'cache-control': 'no-store' };
    const cookie = upstream.headers.get('set-cookie');
    if (cookie) head['set-cookie'] = cookie;
    if (!type.startsWith('text/html')) {
      response.writeHead(upstream.status, head);
      response.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    const html = await upstream.text();
    const cut = html.indexOf('<form');
    response.writeHead(upstream.status, head);
    if (cut < 0) {
      response.end(html);
      return;
    }
    response.write(html.slice(0, cut));
    await sleep(pause);
    response.end(html.slice(cut));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // Every connection is cut, not only idle ones: a socket the browser opened ahead and never used
    // would hold close() open past the test's time-out.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Painted = { shifts: number[]; largest: string[] };

for (const { path, title, subtitle, email: emailLabel } of [
  {
    path: '/login',
    title: 'Sign In',
    subtitle: 'Enter your credentials to continue',
    email: 'Email Address',
  },
  { path: '/signup', title: 'Sign Up', subtitle: 'Create your Tutorfolio account', email: 'Email' },
]) {
  test(`${path} paints whole from its HTML, with no layout shift, and the app takes it over unchanged`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const proxy = await slowHtmlProxy(baseURL ?? '', 800);
    try {
      await page.addInitScript(() => {
        const painted: Painted = { shifts: [], largest: [] };
        (window as unknown as { painted: Painted }).painted = painted;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            painted.shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
            painted.largest.push(entry.element?.textContent ?? '(removed)');
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      // The app's scripts wait until the page as the server sent it has been looked at.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const requested: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/assets/')) requested.push(pathname.replace(/-[\w-]+\.(js|css)$/, '.$1'));
      });
      await page.route('**/assets/*.js', async (route) => {
        await released;
        await route.continue();
      });
      const painted = () => page.evaluate(() => (window as unknown as { painted: Painted }).painted);

      await page.goto(`${proxy.url}${path}`, { waitUntil: 'commit' });
      const card = page.getByRole('region', { name: title });
      const email = page.getByRole('textbox', { name: emailLabel, exact: true });
      // The server's HTML, whole, before any script has run (the fields wait for the app: disabled).
      await expect(email).toBeDisabled({ timeout: 10_000 });
      await expect.poll(async () => (await painted()).largest.length).toBeGreaterThan(0);
      const before = { text: await card.innerText(), box: await card.boundingBox() };
      const largestBefore = (await painted()).largest;
      expect(largestBefore.at(-1)).toBe(subtitle);
      // Painted with nothing but the small entry script asked for: the app's files wait for the paint.
      expect(requested).toEqual(['/assets/index.js']);

      release();
      await expect(email).toBeEditable();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      // The app shows what the HTML showed, where it showed it.
      expect(await card.innerText()).toBe(before.text);
      expect(await card.boundingBox()).toEqual(before.box);
      const after = await painted();
      expect(after.shifts).toEqual([]);
      // No later, larger paint: the largest is still the one the HTML made.
      expect(after.largest).toEqual(largestBefore);
    } finally {
      await proxy.close();
    }
  });
}
