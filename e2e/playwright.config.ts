import { randomBytes } from 'node:crypto';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { OAUTH_PROVIDERS } from '../common/oauth.ts';
import { freePort } from '../scripts/free-port.ts';
import { providerSettings } from '../server/test/oauthProvider.ts';
import { CLOCK_ORIGIN_VARIABLE } from './clock.ts';
import { allWorkerServers, appURL, type WorkerServers } from './servers.ts';

// Browser tests drive the real built app (npm run test:e2e builds it first) in Debian's Chromium.
// E2E_WORKERS (default 2) Playwright workers run at once, each against its own app server on its own
// port and fresh embedded database seeded with the demo accounts: a browser test mostly waits on
// Chromium and the server, one core at a time, so two keep both busy. A worker takes the next spec
// file (or test, in a parallel-mode file) whenever it is free, so the two end close together, where
// `--shard` would split the files by count, not time. Which files share a server thus changes from
// run to run: a test must not depend on what another spec file left in the database.
const workers = Number(process.env.E2E_WORKERS ?? '2');
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`E2E_WORKERS must be a whole number of at least 1, not "${process.env.E2E_WORKERS}"`);
// The e2e clock (e2e/clock.ts) starts now, once for the runner, its workers and the servers.
process.env[CLOCK_ORIGIN_VARIABLE] ??= String(Date.now());

// Free ports, picked once in the runner's process (this file runs again in every worker, which
// inherits them through the environment): per worker an app server and a local Google, Naver and
// Kakao (e2e/providers.ts, configured into the app server as an operator configures the real ones;
// each holds who signs in next, so a worker's tests have their own); one test mail server
// (e2e/mailbox.ts: SMTP, and an HTTP reader of what arrived by address, which no two tests share).
const taken = new Set<number>();
async function anotherFreePort(): Promise<number> {
  let candidate = await freePort();
  while (taken.has(candidate)) candidate = await freePort();
  taken.add(candidate);
  return candidate;
}
if (!process.env.E2E_SERVERS) {
  const sets: WorkerServers[] = [];
  for (let i = 0; i < workers; i++) {
    const app = await anotherFreePort();
    const oauth = {} as WorkerServers['oauth'];
    for (const provider of OAUTH_PROVIDERS) oauth[provider] = await anotherFreePort();
    sets.push({ app, oauth });
  }
  process.env.E2E_SERVERS = JSON.stringify(sets);
}
process.env.E2E_SMTP_PORT ??= String(await anotherFreePort());
process.env.E2E_MAILBOX_PORT ??= String(await anotherFreePort());
process.env.E2E_OAUTH_SECRET ??= randomBytes(12).toString('hex');
const oauthSecret = process.env.E2E_OAUTH_SECRET;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    // baseURL: each worker's own app server (e2e/fixtures.ts).
    // A trace records every action (DOM snapshots and a screencast): a third of the browser tests'
    // CPU. CI, which is short of CPU, keeps the failure's screenshot and error context instead.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      command: 'node e2e/mailbox.ts',
      cwd: '..',
      url: `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/mails`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: process.env.E2E_SMTP_PORT, E2E_MAILBOX_PORT: process.env.E2E_MAILBOX_PORT },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    ...allWorkerServers().flatMap((servers) => workerWebServers(servers)),
  ],
});

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

function workerWebServers({ app, oauth }: WorkerServers): WebServer[] {
  const providerEnv: Record<string, string> = Object.assign(
    {},
    ...OAUTH_PROVIDERS.map((provider) =>
      providerSettings(provider, `http://127.0.0.1:${oauth[provider]}`, oauthSecret),
    ),
  );
  return [
    {
      command: 'node e2e/providers.ts',
      cwd: '..',
      url: `http://127.0.0.1:${oauth.kakao}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_OAUTH_PORTS: JSON.stringify(oauth), E2E_OAUTH_SECRET: oauthSecret },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node e2e/serve.ts',
      cwd: '..',
      url: `${appURL({ app, oauth })}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(app),
        LOG_LEVEL: 'warn',
        // Every test signs up from 127.0.0.1: the per-address sign-up limit (20 an hour) is a server
        // rule tested over HTTP (server/users), not something a browser run should trip over.
        SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
        // Every answer the pages read is checked against its route's response contract, as in the
        // server tests: a shape the contract does not describe becomes a 500 the test sees.
        CHECK_RESPONSES: '1',
        [CLOCK_ORIGIN_VARIABLE]: process.env[CLOCK_ORIGIN_VARIABLE]!,
        ...providerEnv,
        // Mail goes to the test mail server, with links (and digests, which need them) under the
        // address the browsers use.
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Tutorfolio <noreply@tutor.example.com>',
        PUBLIC_URL: appURL({ app, oauth }),
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ];
}
