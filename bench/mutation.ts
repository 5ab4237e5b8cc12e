// `npm run test:mutation [-- <folder>…] [-- <stryker options>]`: StrykerJS over the mutation scope
// (bench/mutation/scope.ts), one folder at a time, smallest first, under `nice`, and a table of the
// results per folder. Not part of CI: on two cores a full run takes hours; a re-run after a small
// change is incremental (bench/mutation/<folder>.incremental.json) and takes minutes.
// Examples:
//   npm run test:mutation -- server/calendars
//   npm run test:mutation -- server/calendars --force      (ignore the incremental results)
//   MUTATION_CONCURRENCY=2 npm run test:mutation
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { folderSlug, SCOPE } from './mutation/scope.ts';

const args = process.argv.slice(2);
const folders = args.filter((arg) => !arg.startsWith('-')).map((arg) => arg.replace(/\/+$/, ''));
const strykerOptions = args.filter((arg) => arg.startsWith('-'));
for (const folder of folders) {
  if (!(SCOPE as readonly string[]).includes(folder)) {
    console.error(`"${folder}" is not in the mutation scope: ${SCOPE.join(', ')}`);
    process.exit(2);
  }
}

type Counts = {
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
  other: number;
  seconds: number;
};

const rows: [string, Counts][] = [];
let failed = false;
for (const folder of folders.length > 0 ? folders : SCOPE) {
  const started = Date.now();
  console.log(`\n=== mutation: ${folder} ===`);
  const result = spawnSync(
    'nice',
    ['-n', '10', 'npx', 'stryker', 'run', 'stryker.config.mjs', ...strykerOptions],
    {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_FOLDER: folder },
    },
  );
  if (result.status !== 0) {
    failed = true;
    console.error(`stryker failed on ${folder} (exit ${result.status})`);
    continue;
  }
  rows.push([
    folder,
    { ...countReport(`reports/mutation/${folderSlug(folder)}.json`), seconds: (Date.now() - started) / 1000 },
  ]);
}

console.log('\n| folder | mutants | killed | survived | timeout | no coverage | killed % | score | run |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [folder, c] of rows) {
  const valid = c.killed + c.survived + c.timeout + c.noCoverage;
  const percent = (n: number) => (valid === 0 ? '–' : `${((100 * n) / valid).toFixed(1)} %`);
  console.log(
    `| ${folder} | ${valid} | ${c.killed} | ${c.survived} | ${c.timeout} | ${c.noCoverage} | ${percent(c.killed)} | ${percent(c.killed + c.timeout)} | ${Math.round(c.seconds)} s |`,
  );
}
process.exit(failed ? 1 : 0);

/** Counts the mutants of a mutation-testing-report-schema JSON report by status. */
function countReport(file: string): Omit<Counts, 'seconds'> {
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    files: Record<string, { mutants: { status: string }[] }>;
  };
  const counts = { killed: 0, survived: 0, timeout: 0, noCoverage: 0, other: 0 };
  for (const { mutants } of Object.values(report.files)) {
    for (const { status } of mutants) {
      if (status === 'Killed') counts.killed++;
      else if (status === 'Survived') counts.survived++;
      else if (status === 'Timeout') counts.timeout++;
      else if (status === 'NoCoverage') counts.noCoverage++;
      else counts.other++;
    }
  }
  return counts;
}
