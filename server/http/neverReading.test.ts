import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { serverNodeFlags } from '../nodeFlags.ts';

/**
 * Readers that never read (server/http/connections.ts): 1,000 connections, each sending 200
 * pipelined GET /api/openapi.json at once and never reading an answer, while another client asks
 * /healthz. The server runs as `npm start` runs it and the attacker in a process of its own, so
 * that neither competes with this process's probes for its event loop; the probes measure the
 * server alone.
 */

const root = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = 1000;
const REQUESTS_EACH = 200;
/**
 * The per-address cap (100 by default) allows 1,000 only from ten addresses, 127.0.0.2 … 11; the
 * default MAX_CONNECTIONS (2,000) leaves room for the probes beside them.
 */
const ADDRESSES = 10;
/** The requirement: /healthz from another client answers within this throughout. */
const WITHIN_MS = 1000;
/** How long probing goes on once the server has cut every attacking connection. */
const AFTER_MS = 2000;
/**
 * What the attack may add to the server's resident memory at its peak. Its memory before is some
 * 700 MB, most of it the embedded database, so the bound is on the growth: the attack's own state
 * (1,000 sockets, 200,000 parsed requests passing through) added 1 to 100 MB, a copy of the 208 KB
 * API description for each connection would add 208 MB more, an answer to every request 41 GB.
 */
const GROWTH_MB = 250;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-never-reading-'));
const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** GET `url` on a connection of its own: its status (0 if refused, cut or not answered in 5 s) and time. */
function request(port: number, url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let head = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1];
      resolve({ status: Number(status ?? 0), ms: performance.now() - started });
    };
    const timer = setTimeout(done, 5000);
    socket.on('data', (chunk: Buffer) => {
      if (head.length < 64) head += chunk.toString('latin1');
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

/** Resident memory of a process, in MB. */
async function rssMb(pid: number): Promise<number> {
  const status = await fs.promises.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/**
 * The kernel's view of the attacking connections to `port`, from /proc/net/tcp: how many the
 * attacker holds, how many the server has not yet let go of (established on its side, or still
 * in its queue of connections to accept), and how long that queue is.
 */
async function attackState(port: number) {
  const table = await fs.promises.readFile('/proc/net/tcp', 'utf8');
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const probeAddress = '0100007F'; // 127.0.0.1, as the table writes it
  let held = 0;
  let unfinished = 0;
  let queued = 0;
  for (const line of table.split('\n').slice(1)) {
    const [, local, remote, state, queues] = line.trim().split(/\s+/);
    if (local === undefined || remote === undefined) continue;
    if (state === '0A' && local.endsWith(`:${hexPort}`)) {
      queued = Number.parseInt(queues?.split(':')[1] ?? '0', 16);
    } else if (remote.endsWith(`:${hexPort}`) && !local.startsWith(probeAddress)) {
      held++;
    } else if (local.endsWith(`:${hexPort}`) && !remote.startsWith(probeAddress)) {
      // ESTABLISHED (not yet cut) or SYN_RECV (not yet in the queue to accept)
      if (state === '01' || state === '03') unfinished++;
    }
  }
  return { held, unfinished, queued };
}

describe('1,000 connections pipelining 200 requests each and never reading', () => {
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = spawn(process.execPath, [...serverNodeFlags(root), 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: path.join(scratch, 'data'),
        PORT: String(port),
        WEB_DIST_DIR: path.join(scratch, 'no-web'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned.push(server);
    let output = '';
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    while (!output.includes('Tutorfolio is serving')) {
      if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The description is built on its first request; the attack then meets the server as it runs.
    expect((await request(port, '/api/openapi.json')).status).toBe(200);
    expect((await request(port, '/healthz')).status).toBe(200);
  }, 150_000);

  it('/healthz from another client answers within 1 s throughout, and memory stays bounded', async () => {
    const rssBefore = await rssMb(server.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssMb(server.pid!).then(
        (mb) => (rssPeak = Math.max(rssPeak, mb)),
        () => {},
      );
    }, 50);
    const attacker = spawn(
      process.execPath,
      [
        'server/test/neverReadingClients.ts',
        String(port),
        String(CONNECTIONS),
        String(REQUESTS_EACH),
        String(ADDRESSES),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    spawned.push(attacker);
    let report = '';
    attacker.stdout?.setEncoding('utf8').on('data', (chunk: string) => (report += chunk));

    // Done once every connection is connected with its requests sent, and the server has taken
    // in and cut each (the kernel shows none established on its side nor waiting to be accepted).
    const started = performance.now();
    let doneAt: number | null = null;
    let state = { held: 0, unfinished: 0, queued: 0 };
    const watcher = (async () => {
      while (doneAt === null && performance.now() - started < 40_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        state = await attackState(port);
        if (report.includes('\n') && state.unfinished === 0 && state.queued === 0) doneAt = performance.now();
      }
    })();
    // Probes from 127.0.0.1 from the attack's start until AFTER_MS past its end, one after another.
    const probes: { status: number; ms: number; at: number }[] = [];
    while (doneAt === null ? performance.now() - started < 40_000 : performance.now() < doneAt + AFTER_MS) {
      const at = Math.round(performance.now() - started);
      probes.push({ ...(await request(port, '/healthz')), at });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await watcher;
    const heldAtEnd = (await attackState(port)).held;
    clearInterval(sampler);
    attacker.kill('SIGKILL');

    const worst = probes.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(
      `never-reading clients: attacker ${report.trim()}, cut after ${Math.round((doneAt ?? Number.NaN) - started)} ms; ` +
        `${probes.length} probes, worst ${Math.round(worst.ms)} ms at ${worst.at} ms; ` +
        `server RSS ${Math.round(rssBefore)} MB before, ${Math.round(rssPeak)} MB at peak`,
    );
    expect(JSON.parse(report)).toEqual({ sent: CONNECTIONS, ms: expect.any(Number) });
    expect(doneAt, `the server had not cut them all: ${JSON.stringify(state)}`).not.toBeNull();
    // The attacker still holds all 1,000 (it never reads, so it never sees them closed).
    expect(heldAtEnd).toBe(CONNECTIONS);
    expect(probes.length).toBeGreaterThanOrEqual(10);
    expect(probes.filter((p) => p.status !== 200 || p.ms > WITHIN_MS)).toEqual([]);
    expect(rssPeak - rssBefore).toBeLessThan(GROWTH_MB);
  }, 60_000);
});
