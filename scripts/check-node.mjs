// Plain JavaScript on purpose: it must run (and fail clearly) on any Node version,
// before TypeScript type stripping — which needs Node 24 — is available.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Tutorfolio needs Node 24, but this is Node ${process.versions.node}. ` +
      'Run it through npm (npm start, npm test), which uses the Node 24 pinned in devDependencies; ' +
      'if that fails, run `npm install` first.',
  );
  process.exit(1);
}
