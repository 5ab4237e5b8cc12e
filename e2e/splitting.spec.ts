import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { startBuiltApp } from '../scripts/built-app.ts';
import {
  areasInScript,
  budgetFailures,
  formatFirstLoads,
  measureFirstLoad,
  teacherTools,
} from '../scripts/first-load.ts';
import { firstVisits } from '../scripts/size.ts';
import { demo, expect, openSignIn, signIn, test } from './fixtures.ts';

/**
 * The app is split by route (docs/architecture.md, "Splitting the web app"). A first visit downloads
 * only what its page needs (within the byte budgets), the teacher tools load when a teacher opens
 * them, and a chunk that fails to load shows the chunk failure message with Retry, or reloads a tab
 * left open across a deploy.
 */
const distDir = path.resolve(import.meta.dirname, '../dist/web');
// The longest file (twenty first visits on a server of their own), whose tests only read the demo data:
// both workers may take its tests, so it is not the run's tail.
test.describe.configure({ mode: 'parallel' });

/** The teacher tools carried by the scripts a page has downloaded so far. */
function watchTeacherTools(page: Page): Set<string> {
  const tools = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== 'script' || !url.pathname.startsWith('/assets/')) return;
    for (const area of areasInScript(distDir, url.pathname)) if (teacherTools.includes(area)) tools.add(area);
  });
  return tools;
}

test('signing in loads no teacher tools; the upload page loads them when the teacher opens it', async ({
  page,
}) => {
  const teacherTools = watchTeacherTools(page);
  await openSignIn(page);
  await page.waitForLoadState('networkidle');
  expect([...teacherTools]).toEqual([]);

  await signIn(page, demo.teacher);
  await expect(page.getByRole('heading', { name: demo.teacher.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...teacherTools]).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Upload', exact: true })).toBeVisible();
  expect(teacherTools.has('upload')).toBe(true);
  expect(teacherTools.has('archive')).toBe(false);
});

test('first visits stay within their byte budgets and carry no code of other pages', async ({ browser }) => {
  // Each first visit is a fresh browser context loading its page until the network is quiet.
  test.setTimeout(30_000 + firstVisits.length * 8_000);
  // On a server of its own with nothing but the demo data, as `npm run size` measures: what a page
  // loads follows what it shows (KaTeX comes with a formula), and other spec files leave questions
  // in the worker's server (a formula question on the archive's first page).
  const app = await startBuiltApp({ script: 'e2e/serve.ts' });
  const loads = [];
  try {
    for (const visit of firstVisits) loads.push(await measureFirstLoad(browser, app.baseURL, distDir, visit));
  } finally {
    await app.stop();
  }
  console.log(formatFirstLoads(loads));
  expect(budgetFailures(loads)).toEqual([]);
  // The check itself bites: the same loads against budgets one byte too small fail, naming the page.
  const tight = loads.map((load) => ({ ...load, visit: { ...load.visit, budget: load.bytes - 1 } }));
  expect(budgetFailures(tight)).toEqual(
    loads.map((load) => expect.stringContaining(`${load.visit.label}: first load is`)),
  );
});

test('the size script fails when the login page grows past its budget (the built app, its entry script grown)', async () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-bloated-'));
  try {
    // A copy of the built app whose entry script carries 120 KB of random bytes (as base64, which
    // brotli cannot shrink much), served as the server serves a build: with its .br and .gz twins.
    fs.cpSync(distDir, outDir, { recursive: true });
    const entry = /<script type="module"[^>]* src="\/([^"]+\.js)"/.exec(
      fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'),
    )?.[1];
    expect(entry, 'the entry script of index.html').toBeTruthy();
    const entryFile = path.join(outDir, entry!);
    const bloat = randomBytes(120_000).toString('base64');
    fs.appendFileSync(entryFile, `\nconsole.debug(${JSON.stringify(bloat)}.length);\n`);
    const grown = fs.readFileSync(entryFile);
    fs.writeFileSync(`${entryFile}.br`, zlib.brotliCompressSync(grown));
    fs.writeFileSync(`${entryFile}.gz`, zlib.gzipSync(grown));
    const root = path.resolve(import.meta.dirname, '..');
    // The sign-in page alone: every page's first visit is measured against its budget above.
    const size = spawnSync(process.execPath, ['scripts/size.ts', '--dist', outDir, '--pages', '/login'], {
      cwd: root,
      encoding: 'utf8',
    });
    console.log(size.stdout);
    expect(size.stdout).toMatch(/^\/login\s/m);
    expect(size.stderr).toMatch(
      /size check failed: \/login: first load is [\d,]+ bytes, over its budget of 95,000/,
    );
    expect(size.status).toBe(1);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
});

test('pages paint their frame before any API answer', async ({ page }) => {
  await signedInAs(page, demo.alice);
  // The API is slow today: nothing it is asked answers until the test ends.
  const held: string[] = [];
  await page.route('**/api/**', (route) => {
    held.push(new URL(route.request().url()).pathname);
  });

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Email Address')).toBeEditable();
  expect(held).toContain('/api/v1/users/refresh');

  await page.goto('/tutoring/alice');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions for alice' })).toBeVisible();
  expect(held).toEqual(
    expect.arrayContaining(['/api/v1/users/auth-check', '/api/v1/questions/student/alice']),
  );
});

test("a student page's first data is asked for by the entry, before the app's code has run, and each address once", async ({
  page,
}) => {
  await signedInAs(page, demo.alice);
  const api: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(`${url.pathname}${url.search}`);
  });
  // Every script but the entry (and the helper it imports) is held until the page's data has been
  // asked for: a page that asks only once React, the layout and the page have run never gets there.
  const wanted = [
    '/api/v1/users/auth-check',
    '/api/v1/questions/student/alice?page=0&size=5&sort=targetDate%2Casc',
    '/api/v1/assignments/ids/alice?sort=targetDate%2Casc',
    '/api/v1/drafts/alice',
  ];
  const askedBeforeCode = new Promise<boolean>((resolve) => {
    const check = () => wanted.every((address) => api.includes(address)) && resolve(true);
    page.on('request', check);
    setTimeout(() => resolve(false), 5_000);
  });
  await page.route('**/assets/*.js', async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    if (!/^(index|preload-helper)-/.test(file)) await askedBeforeCode;
    await route.continue();
  });

  // What the page showed when its heading first appeared: the entry's answers are in the query cache
  // under the page's own keys by then (queryClient.ts), so its first render has the cards, no loading line.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('#root h1')?.textContent?.startsWith('Questions for')) return;
      observer.disconnect();
      document.documentElement.dataset.firstRender = JSON.stringify({
        code: document.querySelectorAll('#root pre code').length,
        loading: [...document.querySelectorAll('#root [role=status]')].some(
          (e) => e.textContent === 'Loading…',
        ),
      });
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto('/tutoring/alice');
  expect(await askedBeforeCode).toBe(true);
  await expect(page.locator('pre code').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The app took the early answers instead of asking again.
  for (const address of wanted) expect(api.filter((a) => a === address)).toHaveLength(1);
  const first = JSON.parse((await page.locator('html').getAttribute('data-first-render')) ?? '{}');
  expect(first).toEqual({ code: expect.any(Number), loading: false });
  expect(first.code).toBeGreaterThan(0);

  // A visitor who is not signed in is still sent to sign-in (an early 401 is not taken: the app asks
  // again and handles the answer as ever).
  await page.context().clearCookies();
  api.length = 0;
  await page.goto('/submission/alice');
  await expect(page).toHaveURL('/login');
  expect(api).toContain('/api/v1/users/auth-check');
});

test('sign-in and sign-up paint from the HTML before any script has run; the app then takes them over as they are', async ({
  page,
}) => {
  // Every element React removes from the page (hydration keeps the server's elements; drawing the
  // page again would remove them).
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.tagName);
    }).observe(document, { childList: true, subtree: true });
  });
  const removedFromRoot = () =>
    page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot);
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));

  /** Opens a page with its scripts held back; returns the heading's box as painted, then lets them run. */
  const openWithScriptsHeld = async (path: string, heading: string) => {
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const box = await page.getByRole('heading', { name: heading }).boundingBox();
    // The form is there, but it waits for the app: nothing typed now could be lost.
    await expect(page.getByRole('textbox').first()).toBeDisabled();
    // Released, the handler lets this page's scripts and every later one through.
    releaseScripts();
    return box;
  };

  const signUpBox = await openWithScriptsHeld('/signup', 'Sign Up');
  await expect(page.getByLabel('Email', { exact: true })).toBeEditable();
  expect(await page.getByRole('heading', { name: 'Sign Up' }).boundingBox()).toEqual(signUpBox);
  expect(await removedFromRoot()).not.toContain('MAIN');

  const signInBox = await openWithScriptsHeld('/login', 'Sign In');
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  await page.getByLabel('Email Address').fill(demo.alice.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.alice.password);
  // The button turns on only through React's state: the page is the app's now.
  await expect(signInButton).toBeEnabled();
  expect(await page.getByRole('heading', { name: 'Sign In' }).boundingBox()).toEqual(signInBox);
  expect(await removedFromRoot()).not.toContain('MAIN');
  expect(complaints.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([]);
  await signInButton.click();
  await expect(page).toHaveURL(/\/user\/alice$/);
});

test('code is highlighted in a worker, started only by a page that shows code', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await openSignIn(page);
  await signIn(page, demo.alice);
  await expect(page.getByRole('heading', { name: 'alice' })).toBeVisible();
  expect(workers).toEqual([]);
  await page.goto('/tutoring/alice');
  // The demo's first question shows Java.
  await expect(page.locator('code.language-java .hljs-keyword').first()).toHaveText('for');
  expect(workers).toEqual([expect.stringMatching(/^\/assets\/highlight\.worker-[\w-]+\.js$/)]);
});

async function signedInAs(page: Page, who: { email: string; password: string }) {
  const response = await page.request.post('/api/v1/users/login', { data: who });
  expect(response.ok()).toBe(true);
}

test('a chunk answered 404 shows the failure message with its type and address, and Retry works once the file is back', async ({
  page,
  baseURL,
}) => {
  await signedInAs(page, demo.alice);
  let fileIsBack = false;
  let missingAddress = '';
  await page.route(/\/assets\/tutoring-[\w-]+\.js$/, async (route) => {
    if (fileIsBack) return route.continue();
    missingAddress = route.request().url();
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });

  await page.goto('/tutoring/alice');
  const failure = page.getByRole('alert').filter({ hasText: 'Loading chunk' });
  await expect(failure).toBeVisible();
  expect(missingAddress).toMatch(new RegExp(`^${baseURL}/assets/tutoring-`));
  await expect(failure.locator('p')).toHaveText(
    `Loading chunk tutoring failed.\n(missing: ${missingAddress})`,
    {
      useInnerText: true,
    },
  );
  // Missing means "a deploy replaced it": the tab reloaded once, then showed the failure.
  expect(documents).toHaveLength(2);
  // The header stays; only the content area shows the failure.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  fileIsBack = true;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Questions for alice' })).toBeVisible();
  await expect(failure).toHaveCount(0);
  expect(documents).toHaveLength(2);
});

test('a tab left open across a deploy reloads once when it needs a file the deploy replaced', async ({
  page,
}) => {
  await openSignIn(page);
  await signIn(page, demo.teacher);
  await expect(page.getByRole('heading', { name: demo.teacher.name })).toBeVisible();
  // The deploy: the upload page's file this tab knows is gone. The reloaded page asks for it anew
  // (here the same name, which the "new deploy" serves again).
  let gone = true;
  await page.route(/\/assets\/UploadPage-[\w-]+\.js$/, async (route) => {
    if (!gone) return route.continue();
    if (route.request().method() === 'HEAD') gone = false; // the probe saw it gone; then the deploy is done
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click();
  await reloaded;
  await expect(page).toHaveURL('/upload');
  await expect(page.getByRole('heading', { name: 'Upload', exact: true })).toBeVisible();
  await expect(page.getByText('Loading chunk')).toHaveCount(0);
});

test("a page that breaks shows 'Unexpected Application Error!' under the header, and a way back", async ({
  page,
}) => {
  await signedInAs(page, demo.alice);
  // The dashboard's code replaced by code that throws while rendering.
  await page.route(/\/assets\/UserPage-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export function UserPage() { throw new Error("broken page"); }',
    }),
  );
  await page.goto('/submission/alice');
  await expect(page.getByRole('heading', { name: 'Submissions', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('broken page')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL('/submission/alice');
  await expect(page.getByRole('heading', { name: 'Submissions', exact: true })).toBeVisible();
});
