import fs from 'node:fs';
import path from 'node:path';

/**
 * The Node flags `npm start` gives the server process, read from the `start` script of the
 * checkout's package.json (`… && node <flags> server/main.ts`), so that whatever else starts the
 * server — the benchmark, the process tests — starts it as `npm start` does. A checkout whose script
 * gives none (older ones) answers [].
 */
export function serverNodeFlags(checkout: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const start = manifest.scripts?.start ?? '';
  const command = /(?:^|&&\s*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+server\/main\.ts\s*$/.exec(start);
  if (!command)
    throw new Error(`package.json's start script does not end in \`node … server/main.ts\`: ${start}`);
  return command[1]!.trim().split(/\s+/).filter(Boolean);
}
