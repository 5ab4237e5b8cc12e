// `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) in Debian's Chromium
// on the built app as `npm start` serves it (temporary database with the demo data, free port):
// the landing page /, /login and /signup, then /tutoring/{name} and /submission/{name} signed in as a demo student.
// Each page runs three times in a fresh browser (a run Lighthouse could not record, its `runtimeError`,
// is made again and counted); the median run by performance score is reported.
// Writes the figures, the machine's load and the versions into docs/performance.md. A benchmark,
// not a CI gate: the machine is shared, so read the figures with the load printed beside them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { startBuiltApp } from '../scripts/built-app.ts';
import { demoAccounts } from '../server/demo/seed.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// LIGHTHOUSE_PAGES=/login,/tutoring/{name} measures some pages only. With it or LIGHTHOUSE_NICE
// the figures are printed, not written to docs/performance.md.
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const NICE = process.env.LIGHTHOUSE_NICE;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DOC = path.resolve(import.meta.dirname, '../docs/performance.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';

type Page = { label: string; path: string; student?: boolean };
const student = demoAccounts[1];
const pages: Page[] = [
  // The owner's landing page: what employers open first.
  { label: '/', path: '/' },
  { label: '/login', path: '/login' },
  { label: '/signup', path: '/signup' },
  { label: `/tutoring/{name}`, path: `/tutoring/${student.username}`, student: true },
  { label: `/submission/{name}`, path: `/submission/${student.username}`, student: true },
];

type Run = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  failedA11y: string[];
  /** Lighthouse's own failure to record the load (its `runtimeError`, e.g. `NO_NAVSTART`). */
  recordingError?: string;
};

/** A fresh Chromium with its DevTools port, closed after one run so no cache carries over. */
async function withChromium<T>(use: (port: number) => Promise<T>): Promise<T> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-lh-'));
  const args = [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'];
  // LIGHTHOUSE_NICE=-10 runs the browser ahead of other work on a busy machine (diagnosis only:
  // the report says so; figures for docs/performance.md are taken on a quiet machine).
  const chrome = NICE
    ? spawn('nice', ['-n', NICE, CHROMIUM, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
      chrome.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      chrome.once('exit', () => reject(new Error(`Chromium exited: ${output}`)));
    });
    return await use(port);
  } finally {
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill('SIGTERM');
    await exited;
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function sessionCookie(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email, password: student.password }),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function runOnce(url: string, cookie: string | null): Promise<Run> {
  return withChromium(async (port) => {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // LIGHTHOUSE_REPORTS=<dir> keeps every run's full report, to see what a figure is made of.
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(reports, name), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const a11yIds = categories.accessibility?.auditRefs.map((ref) => ref.id) ?? [];
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
      failedA11y: a11yIds.filter((id) => audits[id]?.score === 0).map((id) => `${id}: ${audits[id]?.title}`),
      ...(runtimeError ? { recordingError: runtimeError.code } : {}),
    };
  });
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Run;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const app = await startBuiltApp();
  const loadBefore = os.loadavg();
  const rows: string[] = [];
  const problems: string[] = [];
  /** Pages whose runs were made again after Lighthouse failed to record them, with how many. */
  const retried: string[] = [];
  try {
    const cookie = await sessionCookie(app.baseURL);
    for (const page of pages.filter((p) => !ONLY || ONLY.includes(p.label))) {
      const runs: Run[] = [];
      let recordingFailures = 0;
      while (runs.length < RUNS) {
        const run = await runOnce(`${app.baseURL}${page.path}`, page.student ? cookie : null);
        if (run.recordingError === undefined) {
          runs.push(run);
          continue;
        }
        // Lighthouse could not read its own trace of the load (it scores such a run 0 and asks to
        // "run Lighthouse again"): not a measurement of the page, so the run is made again and
        // counted in the report. A page that fails every time stops the script.
        recordingFailures++;
        console.log(
          `${page.label}: Lighthouse could not record a run (${run.recordingError}); running it again`,
        );
        if (recordingFailures > RUNS)
          throw new Error(`Lighthouse failed to record ${page.label} ${recordingFailures} times`);
      }
      if (recordingFailures > 0)
        retried.push(`${page.label} (${recordingFailures} of ${RUNS + recordingFailures})`);
      const run = median(runs);
      const all = runs.map((r) => r.performance).join(', ');
      console.log(
        `${page.label}: performance ${run.performance} (runs ${all}), accessibility ${run.accessibility}, ` +
          `FCP ${seconds(run.fcp)}, LCP ${seconds(run.lcp)}, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
      );
      for (const failed of run.failedA11y) problems.push(`${page.label}: ${failed}`);
      rows.push(
        `| ${page.label} | ${run.performance} (${all}) | ${run.accessibility} | ${seconds(run.fcp)} | ` +
          `${seconds(run.lcp)} | ${Math.round(run.tbt)} ms | ${run.cls.toFixed(3)} | ${seconds(run.si)} |`,
      );
    }
  } finally {
    await app.stop();
  }
  const loadAfter = os.loadavg();
  for (const problem of problems) console.error(`accessibility: ${problem}`);

  // Some pages only, or the browser ahead of other work: a diagnosis, not figures for the document.
  if (ONLY || NICE) return;
  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../node_modules/lighthouse/package.json'), 'utf8'),
  ).version as string;
  const section = [
    START,
    // No date: git keeps when; the document says how the figures were made.
    `Measured with Lighthouse ${lighthouseVersion}`,
    `(mobile preset, simulated throttling) in Debian's Chromium, ${RUNS} runs per page, median by`,
    `performance score (all runs in brackets). Machine: ${os.cpus().length} cores, load average`,
    `${loadBefore.map((l) => l.toFixed(2)).join(' / ')} before and ${loadAfter.map((l) => l.toFixed(2)).join(' / ')} after (1 / 5 / 15 min).`,
    retried.length === 0
      ? 'Every run was recorded at the first attempt.'
      : `Runs made again because Lighthouse could not record them (its \`runtimeError\`): ${retried.join(', ')}.`,
    '',
    '| page | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    END,
  ].join('\n');
  const doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`docs/performance.md has no ${START} … ${END} section to fill.`);
  fs.writeFileSync(DOC, `${doc.slice(0, start)}${section}${doc.slice(end + END.length)}`);
  console.log('Written to docs/performance.md.');
}

await main();
