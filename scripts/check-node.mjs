// Plain JavaScript on purpose: it must run (and fail clearly) on any Node version, before
// TypeScript type stripping (which needs the pinned Node) is available. npm installs on any Node
// 20 or later (package.json "engines"); every script runs on the major of the `node` package in
// "dependencies", which npm puts first on the scripts' PATH.
import fs from 'node:fs';

const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const pinned = Number(/\d+/.exec(manifest.dependencies.node)?.[0]);
const major = Number(process.versions.node.split('.')[0]);
if (major !== pinned) {
  console.error(
    `Tutorfolio's scripts run on Node ${pinned}, but this is Node ${process.versions.node}. ` +
      `Run them through npm (npm start, npm test), which uses the Node ${pinned} pinned in package.json; ` +
      'if that fails, run `npm install` first.',
  );
  process.exit(1);
}
