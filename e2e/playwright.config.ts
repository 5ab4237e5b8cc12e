import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { OAUTH_PROVIDERS } from '../common/oauth.ts';
import { freePort } from '../scripts/free-port.ts';
import { providerSettings } from '../server/test/oauthProvider.ts';
import { CLOCK_ORIGIN_VARIABLE } from './clock.ts';

// Browser tests drive the real built app (npm run test:e2e builds it first) in Debian's Chromium,
// against a server on its own port and a fresh embedded database seeded with the demo accounts.
// A free port, picked once in the runner's process; its workers inherit it through the environment.
process.env.E2E_PORT ??= String(await freePort());
// The e2e clock (e2e/clock.ts) starts now, once for the runner, its workers and the server.
process.env[CLOCK_ORIGIN_VARIABLE] ??= String(Date.now());
const port = Number(process.env.E2E_PORT);

// Local Google, Naver and Kakao (e2e/providers.ts) on ports of their own; the app server is configured
// with them as an operator would configure the real ones.
// The test mail server (e2e/mailbox.ts) too: SMTP, and an HTTP reader of what arrived.
const taken = new Set([port]);
async function anotherFreePort(): Promise<number> {
  let candidate = await freePort();
  while (taken.has(candidate)) candidate = await freePort();
  taken.add(candidate);
  return candidate;
}
if (!process.env.E2E_OAUTH_PORTS) {
  const ports: Record<string, number> = {};
  for (const provider of OAUTH_PROVIDERS) ports[provider] = await anotherFreePort();
  process.env.E2E_OAUTH_PORTS = JSON.stringify(ports);
}
process.env.E2E_SMTP_PORT ??= String(await anotherFreePort());
process.env.E2E_MAILBOX_PORT ??= String(await anotherFreePort());
process.env.E2E_OAUTH_SECRET ??= randomBytes(12).toString('hex');
const oauthPorts = JSON.parse(process.env.E2E_OAUTH_PORTS) as Record<string, number>;
const providerEnv: Record<string, string> = Object.assign(
  {},
  ...OAUTH_PROVIDERS.map((provider) =>
    providerSettings(provider, `http://127.0.0.1:${oauthPorts[provider]}`, process.env.E2E_OAUTH_SECRET!),
  ),
);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
      command: 'node e2e/providers.ts',
      cwd: '..',
      url: `http://127.0.0.1:${oauthPorts.kakao}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_OAUTH_PORTS: process.env.E2E_OAUTH_PORTS, E2E_OAUTH_SECRET: process.env.E2E_OAUTH_SECRET },
      stdout: 'pipe',
      stderr: 'pipe',
    },
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
    {
      command: 'node e2e/serve.ts',
      cwd: '..',
      url: `http://127.0.0.1:${port}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
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
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
