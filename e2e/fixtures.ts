import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { e2eNow } from './clock.ts';
import { appURL, workerServers } from './servers.ts';

export { expect };

/**
 * Playwright's `test`, with every browser context on the e2e clock (e2e/clock.ts): whether a test
 * uses the `page` or `context` fixture or calls `browser.newContext()`, its pages see the same day
 * and time as the server, from a fixed start. `baseURL` is the worker's own app server
 * (e2e/servers.ts).
 */
export const test = base.extend<object, object>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from it.
  baseURL: async ({}, use) => use(appURL(workerServers())),
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.clock.install({ time: e2eNow() });
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});

/** The demo accounts `npm run demo` creates (server/demo/seed.ts); the e2e server is seeded with them. */
export const demo = {
  teacher: { email: 'teacher@example.com', password: 'demo-teacher-2026', name: 'teacher' },
  alice: { email: 'alice@example.com', password: 'demo-student-2026', name: 'alice' },
  bob: { email: 'bob@example.com', password: 'demo-student-2026', name: 'bob' },
  dana: { email: 'dana@example.com', password: 'demo-parent-2026', name: 'dana' },
} as const;

export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email Address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in once the page has left /login (the cookie is set by then).
  await expect(page).not.toHaveURL(/\/login$/);
}

export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  // The form paints from the server's HTML and is disabled until the app has taken it over
  // (docs/architecture.md, "Pages rendered by the server"): a key pressed before then does nothing.
  await expect(page.getByLabel('Email Address')).toBeEditable();
}

/** An account the tests sign in with (the sign-up's username is `name`). */
export type Account = { email: string; password: string; name: string };

/**
 * Signs a new student up through the API, as the sign-up page does (`name@example.com`), on the given
 * request context (anonymous, or one the caller goes on using), and fails the test unless it worked.
 */
export async function signUp(request: APIRequestContext, name: string, password: string): Promise<Account> {
  const account = { email: `${name}@example.com`, password, name };
  const response = await request.post('/api/v1/users/signup', {
    data: { email: account.email, username: name, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** A name no other test run used (tests share one database per run). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Calls the API as someone, the way a script would (cookies kept per context, our Origin sent). */
export async function apiAs(
  request: import('@playwright/test').APIRequestContext,
  baseURL: string,
  who: { email: string; password: string },
) {
  const login = await request.post('/api/v1/users/login', { data: who });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  return {
    post: async (path: string, data: unknown) => {
      const response = await request.post(`/api/v1/${path}`, { data, headers: { origin: baseURL } });
      if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
      return response.json();
    },
  };
}

/** A date-time `hours` from now on the e2e clock, as the server reads it. */
export function hoursFromNow(hours: number): string {
  return new Date(e2eNow().getTime() + hours * 3_600_000).toISOString();
}

/** A mail the test mail server (e2e/mailbox.ts) received, its text and HTML parts decoded. */
export type ReceivedMail = { to: string[]; raw: string; text: string; html: string };

/** Every mail the app server has sent to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const reader = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/mails`;
  const response = await fetch(`${reader}?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`the test mail server answered ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Waits until `address` has received its `count`th mail (the outbox sends within seconds of the
 * write; a digest waits for the scheduler's next minute) and answers that mail.
 */
export async function nthMailTo(address: string, count: number, timeout = 20_000): Promise<ReceivedMail> {
  await expect
    .poll(async () => (await mailsTo(address)).length, { timeout, message: `mail ${count} to ${address}` })
    .toBeGreaterThanOrEqual(count);
  return (await mailsTo(address))[count - 1]!;
}
