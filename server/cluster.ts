import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { describeDatabase } from './db/open.ts';

/**
 * `WEB_CONCURRENCY` > 1 (PostgreSQL only): this process is the primary of that many server
 * processes sharing one port (node:cluster; Node hands each new connection to the next worker).
 * One Node process runs its JavaScript on one core; on PostgreSQL, where the database works in
 * processes of its own, more cores serve more requests (docs/performance.md, "Server").
 *
 * The primary serves nothing itself: `prepare` (the database migrated, the demo seeded) runs here
 * once, before any worker starts; then it starts the workers, says "serving" once all listen, starts
 * again a worker that dies, and on SIGTERM or SIGINT sends each worker SIGTERM (each finishes as a
 * single server does: /readyz 503, requests in flight, the pool) and exits when all have, within
 * the shutdown watchdog; a second signal kills them and exits at once. A worker that dies before it
 * ever listened (a port in use, a bad setting) stops everything. Workers ignore SIGINT: a Ctrl-C
 * reaches the whole process group, and the primary's SIGTERM is their one signal.
 */
export async function runPrimary(
  config: Config,
  options: { prepare: () => Promise<void>; watchdogMs: number },
): Promise<void> {
  await options.prepare();
  const say = (text: string) =>
    console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: text }));
  /** Workers not yet exited (cluster.workers keeps one until its channel closes too). */
  const alive = new Set<Worker>();
  const everListened = new WeakSet<Worker>();
  let listeningCount = 0;
  let serving = false;
  let stopping = false;
  let failed = false;
  const fork = () => alive.add(cluster.fork());
  const kill = () => {
    for (const worker of alive) worker.process.kill('SIGKILL');
  };

  cluster.on('listening', (worker) => {
    if (everListened.has(worker)) return;
    everListened.add(worker);
    listeningCount++;
    if (!serving && listeningCount >= config.workers) {
      serving = true;
      const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
      console.log(
        `Tutorfolio is serving http://${shownHost}:${config.port} (${describeDatabase(config)}; ${config.workers} processes).`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (alive.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!everListened.has(worker)) {
      console.error(`tutorfolio: a server process exited (${signal ?? code}) before it listened; stopping.`);
      kill();
      process.exit(1);
    }
    listeningCount--;
    say(`server process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, 1000).unref();
  });

  const stop = (signal: string) => {
    if (stopping) {
      say(`${signal} again: ending the server processes without waiting`);
      kill();
      process.exit(1);
    }
    stopping = true;
    say(`${signal} received: stopping ${alive.size} server processes`);
    if (alive.size === 0) process.exit(0);
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      console.error(
        `tutorfolio: the server processes took longer than ${options.watchdogMs / 1000} s to stop; ending them.`,
      );
      kill();
      process.exit(1);
    }, options.watchdogMs + 1000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}
