// `npm run size`: builds the web app (npm script), serves it as `npm start` does, and prints what a
// first visit of /login, /tutoring/{name}, /upload, /user/{name}, /stats/{name} and the drill's pages downloads (script
// + CSS, brotli as served).
// Exits 1 when a page is over its budget or carries code of other pages (first-load.ts `areas`).
// Options: --dist <dir> (measure another build), --json (machine-readable figures), --pages
// <label,…> (only these first visits, by their label below).
import path from 'node:path';
import { chromium } from '@playwright/test';
import { demoAccounts } from '../server/demo/seed.ts';
import { startBuiltApp } from './built-app.ts';
import { budgetFailures, type FirstVisit, formatFirstLoads, measureFirstLoad } from './first-load.ts';

const [teacher, student, , studentWithFormulas] = demoAccounts;

/** Budgets (docs/performance.md, "Budgets"), in bytes of script + CSS a first visit downloads (brotli). */
export const firstVisits: FirstVisit[] = [
  { label: '/login', path: '/login', budget: 95_000 },
  // The owner's landing page: prerendered; its script only takes the page over.
  { label: '/', path: '/', budget: 100_000 },
  { label: '/prev', path: '/prev', budget: 100_000 },
  // The stopwatch and the wall read through TanStack Query (the signed-in chunk comes along).
  { label: '/stopwatch', path: '/stopwatch', budget: 115_000 },
  { label: '/wall', path: '/wall', budget: 115_000 },
  { label: '/spinner', path: '/spinner', budget: 100_000 },
  // Sample charts: the charts are its own.
  { label: '/sandbox', path: '/sandbox', ownAreas: ['charts'], budget: 160_000 },
  // The demo student's questions show code: highlighting belongs to this page.
  {
    label: '/tutoring/{name}',
    path: `/tutoring/${student.username}`,
    as: student,
    ownAreas: ['highlighting'],
    // Lingui's core costs ~1.7 KB of it: its React binding stays out, and so do React Router's
    // unused components, to keep the page under.
    budget: 120_000,
  },
  // The same page showing formulas (the demo's question for chloe): KaTeX and its CSS are its own.
  {
    label: '/tutoring/{name} with formulas',
    path: `/tutoring/${studentWithFormulas.username}`,
    as: studentWithFormulas,
    ownAreas: ['formulas'],
    budget: 180_000,
  },
  // Lighthouse's other student page: its calendar loads when its panel opens, not before.
  { label: '/submission/{name}', path: `/submission/${student.username}`, as: student, budget: 120_000 },
  { label: '/upload', path: '/upload', as: teacher, ownAreas: ['upload'] },
  // The bulk upload and the archive: the question bank files' code loads when a file is chosen or
  // downloaded, never with the page.
  { label: '/upload/multiples', path: '/upload/multiples', as: teacher, ownAreas: ['upload'] },
  // The archive reads through the authoring API (the upload area's), adds to the teacher's list and
  // shows the demo questions' code.
  {
    label: '/questions',
    path: '/questions',
    as: teacher,
    ownAreas: ['archive', 'upload', 'teacher', 'highlighting'],
  },
  // The dashboard, the first page after sign-in: its charts and calendar load when a section opens.
  { label: '/user/{name}', path: `/user/${student.username}`, as: student, budget: 110_000 },
  // A chart page: the charts and the calendar are its own.
  {
    label: '/stats/{name}',
    path: `/stats/${student.username}`,
    as: teacher,
    ownAreas: ['charts', 'calendar'],
    budget: 170_000,
  },
  // A child's week: text and tables only, no charts.
  { label: '/week/{name}', path: `/week/${student.username}`, as: teacher, budget: 115_000 },
  // The admin console: the demo teacher is also the admin.
  { label: '/91b-admin', path: '/91b-admin', as: teacher, ownAreas: ['admin'], budget: 115_000 },
  // The timed addition drill: the entry and the game carry no charts; the results draw.
  { label: '/math', path: '/math', as: student, budget: 105_000 },
  { label: '/math/start', path: '/math/start', as: student, budget: 110_000 },
  {
    label: '/math/result/{name}',
    path: `/math/result/${student.username}`,
    as: student,
    ownAreas: ['charts'],
    budget: 165_000,
  },
];

export async function measureBuild(distDir: string, baseURL: string, visits = firstVisits) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const loads = [];
    for (const visit of visits) loads.push(await measureFirstLoad(browser, baseURL, distDir, visit));
    return loads;
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  const distArg = process.argv.indexOf('--dist');
  const distDir = path.resolve(distArg > 0 ? (process.argv[distArg + 1] ?? '') : 'dist/web');
  const pagesArg = process.argv.indexOf('--pages');
  const labels = pagesArg > 0 ? (process.argv[pagesArg + 1] ?? '').split(',') : null;
  const unknown = labels?.filter((label) => !firstVisits.some((visit) => visit.label === label)) ?? [];
  if (labels && (labels.length === 0 || unknown.length > 0)) {
    console.error(
      `--pages takes labels of the first visits (${firstVisits.map((v) => v.label).join(', ')}), not "${unknown.join(',')}"`,
    );
    process.exit(2);
  }
  const visits = labels ? firstVisits.filter((visit) => labels.includes(visit.label)) : firstVisits;
  const app = await startBuiltApp({ distDir });
  try {
    const loads = await measureBuild(distDir, app.baseURL, visits);
    const failures = budgetFailures(loads);
    if (process.argv.includes('--json')) {
      console.log(
        JSON.stringify(loads.map(({ visit, files, bytes }) => ({ page: visit.label, bytes, files }))),
      );
    } else {
      console.log(formatFirstLoads(loads));
    }
    for (const failure of failures) console.error(`size check failed: ${failure}`);
    process.exitCode = failures.length > 0 ? 1 : 0;
  } finally {
    await app.stop();
  }
}
