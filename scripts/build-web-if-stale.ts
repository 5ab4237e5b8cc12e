// `npm start` on a fresh clone must serve the web app with no separate build step: build it when
// dist/web is missing or older than any source file it is made from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['web', 'common', 'package-lock.json'];
const STAMP = 'dist/web/index.html';

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.filter((s) => fs.existsSync(s)).map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Web sources changed; rebuilding…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
