import type { OAuthProvider } from '../common/oauth.ts';

/**
 * The servers one Playwright worker's tests talk to: its own app server (on its own fresh database)
 * and its own local Google, Naver and Kakao, whose next sign-in is state a test sets. The Playwright
 * config starts one set per worker and lists them in `E2E_SERVERS`; the mail server is shared.
 */
export type WorkerServers = { app: number; oauth: Record<OAuthProvider, number> };

/** Every worker's set, as the config chose them (the runner's environment, which workers inherit). */
export function allWorkerServers(): WorkerServers[] {
  return JSON.parse(process.env.E2E_SERVERS ?? '[]') as WorkerServers[];
}

/**
 * This worker's set: the one at its parallel index. A worker started again after a failure takes its
 * predecessor's index, so its server too.
 */
export function workerServers(): WorkerServers {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? '0');
  const servers = allWorkerServers()[index];
  if (!servers)
    throw new Error(
      `No servers for worker ${index}: run with at most E2E_WORKERS workers (playwright.config.ts).`,
    );
  return servers;
}

export const appURL = (servers: WorkerServers) => `http://127.0.0.1:${servers.app}`;
