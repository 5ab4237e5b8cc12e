// nginx in front of several instances on loopback, configured from deploy/nginx-tutorfolio.conf as
// the README tells operators: used by the cluster test (npm run test:cluster) and the two-instance
// run of the scale benchmark (npm run bench:scale -- --instances 2).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export type Nginx = {
  child: ChildProcess;
  /** What nginx printed (its error log goes to `dir`/error.log). */
  output: () => string;
  stop: () => Promise<void>;
};

/** The modules this nginx was built without (their temp paths must not be set). */
function modulesLacking(binary: string): Set<string> {
  const version = spawnSync(binary, ['-V'], { encoding: 'utf8' });
  if (version.error) {
    throw new Error(`cannot run ${binary}: install nginx (Debian: apt-get install nginx-light) or set NGINX`);
  }
  return new Set(
    [...`${version.stderr}${version.stdout}`.matchAll(/--without-http_(\w+)_module/g)].map((m) => m[1]!),
  );
}

/**
 * Starts nginx from the deployment template with `upstreams` (lines of its upstream block), listening
 * on 127.0.0.1:`port`, with its configuration, logs and temp files in `dir` (which nginx's workers,
 * another user when started as root, must be able to reach).
 */
export function startNginx(options: {
  dir: string;
  port: number;
  upstreams: string[];
  binary?: string;
  workers?: number;
}): Nginx {
  const { dir, port } = options;
  const binary = options.binary ?? process.env.NGINX ?? 'nginx';
  const template = fs.readFileSync(path.join(root, 'deploy', 'nginx-tutorfolio.conf'), 'utf8');
  const site = template
    .replace('@UPSTREAM_SERVERS@', options.upstreams.map((line) => `    ${line}`).join('\n'))
    .replace('@LISTEN@', `127.0.0.1:${port}`)
    .replace('@SERVER_NAME@', '127.0.0.1')
    .replace('@ACCESS_LOG@', path.join(dir, 'access.log'));
  const unfilled = site.match(/@[A-Z_]+@/);
  if (unfilled) throw new Error(`the nginx template has a placeholder nobody fills: ${unfilled[0]}`);
  fs.writeFileSync(path.join(dir, 'tutorfolio.conf'), site);
  const lacks = modulesLacking(binary);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .filter((kind) => kind === 'client_body' || !lacks.has(kind))
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`)
    .join('\n');
  const config = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    config,
    `daemon off;
worker_processes ${options.workers ?? 1};
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
${temp}
  include ${path.join(dir, 'tutorfolio.conf')};
}
`,
  );
  const errorLog = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config];
  const check = spawnSync(binary, ['-t', '-q', ...errorLog], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const child = spawn(binary, errorLog, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
