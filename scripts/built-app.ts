// Runs the built app (`node server/main.ts`, what `npm start` serves) on a fresh embedded database
// in a temporary directory, seeded with the demo accounts, on a free port: for the measuring scripts.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export type RunningApp = { baseURL: string; stop: () => Promise<void> };

export async function startBuiltApp(
  // script: the browser tests' server (e2e/serve.ts) runs the same app on their clock.
  options: { distDir?: string; script?: string } = {},
): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-measure-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [options.script ?? 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(options.distDir ? { WEB_DIST_DIR: options.distDir } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseURL}/login`)).ok) return { baseURL, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('The app did not start within 60 s (see its output above).');
}
