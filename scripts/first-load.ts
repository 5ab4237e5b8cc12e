// What a first visit of a page downloads: the page (index.html, which carries the first screen's
// styles inline) and the script and CSS files a fresh browser (empty cache) requests until the
// network is quiet, counted in the bytes the server sends a browser that accepts brotli (the .br
// twin written at build time, else the file itself: scripts/precompress.ts), and the parts of the
// app's source each file carries (read from its source map).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';

export type Account = { email: string; password: string };

/**
 * Code only the pages made of it may download on a first visit: the teacher tools, the
 * floating calendar, code highlighting (only where a question shows code), formulas (only where a
 * question's text holds a dollar; KaTeX only where it holds a formula) and the charts (only pages
 * that draw one). Source paths.
 */
export const areas = {
  upload: ['web/src/pages/upload/', 'common/questions/checks.ts', 'web/src/api/authoring.ts'],
  archive: ['web/src/pages/questions/ArchivePage'],
  /** Question bank files: read when a file is chosen, written when one is downloaded. */
  banks: [
    'common/questions/banks/',
    'node_modules/fast-xml-parser/',
    'web/src/pages/upload/bankFile',
    'web/src/pages/questions/bankExport',
  ],
  modify: [
    'web/src/pages/questions/ModifyPage',
    'web/src/pages/questions/QuestionEditor',
    'web/src/pages/questions/editable',
  ],
  marking: ['web/src/pages/marking/', 'common/markingTexts.ts', 'common/i18n/ko/markingTexts.ts'],
  teacher: ['web/src/pages/teacher/'],
  /** The month calendar (not the floating panel that holds it on the submissions page). */
  calendar: ['web/src/ui/Calendar.tsx', 'web/src/pages/submission/SubmissionCalendar.tsx'],
  highlighting: ['node_modules/highlight.js/'],
  formulas: ['node_modules/katex/', 'web/src/ui/Formulas.tsx', 'web/src/ui/FormulaPieces.tsx'],
  charts: ['node_modules/chart.js/', 'web/src/ui/charts/'],
  /** The admin console: only /91b-admin downloads it. */
  admin: [
    'web/src/pages/admin/',
    'web/src/api/admin.ts',
    'common/adminTexts.ts',
    'common/i18n/ko/adminTexts.ts',
  ],
} as const;
export type Area = keyof typeof areas;
export const teacherTools: readonly Area[] = ['upload', 'archive', 'banks', 'modify', 'marking', 'teacher'];

export type FirstVisit = {
  /** How the page is named in reports and budgets. */
  label: string;
  path: string;
  /** Signed in (through the API, so no other page warms the cache) before the visit. */
  as?: Account;
  /** The areas the page is made of, so allowed on its first load. */
  ownAreas?: Area[];
  /** Bytes of page + script + CSS the first visit may download. */
  budget?: number;
};

export type LoadedFile = { url: string; kind: 'page' | 'script' | 'style'; bytes: number; areas: Area[] };
export type FirstLoad = { visit: FirstVisit; files: LoadedFile[]; bytes: number };

/** The sizes a browser that accepts brotli receives for one built file. */
export function servedBytes(distDir: string, urlPath: string): number {
  const file = path.join(distDir, decodeURIComponent(urlPath).replace(/^\/+/, ''));
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return fs.statSync(file).size;
}

/** The areas whose source a built script carries, from its source map. */
export function areasInScript(distDir: string, urlPath: string): Area[] {
  const mapFile = path.join(distDir, `${urlPath.replace(/^\/+/, '')}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  // Matched as path segments, so a build made from another checkout of the sources is read too.
  const absolute = sources.map((source) =>
    path.resolve(path.dirname(mapFile), source).split(path.sep).join('/'),
  );
  return (Object.keys(areas) as Area[]).filter((area) =>
    absolute.some((source) => areas[area].some((part) => source.includes(`/${part}`))),
  );
}

/** Visits a page in a fresh browser context and lists the script and CSS files it downloaded. */
export async function measureFirstLoad(
  browser: Browser,
  baseURL: string,
  distDir: string,
  visit: FirstVisit,
): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL });
  try {
    if (visit.as) {
      const response = await context.request.post('/api/v1/users/login', { data: visit.as });
      if (!response.ok()) throw new Error(`sign-in for ${visit.label} failed: ${response.status()}`);
    }
    const page = await context.newPage();
    const seen = new Map<string, 'script' | 'style'>();
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL).origin) return;
      if (type === 'script' || /\.m?js$/.test(url.pathname)) seen.set(url.pathname, 'script');
      else if (type === 'stylesheet' || url.pathname.endsWith('.css')) seen.set(url.pathname, 'style');
    });
    await page.goto(visit.path, { waitUntil: 'networkidle' });
    const document: LoadedFile = {
      url: '/index.html',
      kind: 'page',
      bytes: servedBytes(distDir, '/index.html'),
      areas: [],
    };
    const files = [
      document,
      ...[...seen].map(([urlPath, kind]) => ({
        url: urlPath,
        kind,
        bytes: servedBytes(distDir, urlPath),
        areas: kind === 'script' ? areasInScript(distDir, urlPath) : [],
      })),
    ];
    return { visit, files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** Every way the measured first loads break the rules: over budget, or carrying other pages' code. */
export function budgetFailures(loads: FirstLoad[]): string[] {
  const failures: string[] = [];
  for (const { visit, files, bytes } of loads) {
    if (visit.budget !== undefined && bytes > visit.budget) {
      failures.push(
        `${visit.label}: first load is ${bytes.toLocaleString('en')} bytes, over its budget of ${visit.budget.toLocaleString('en')}`,
      );
    }
    for (const file of files) {
      const foreign = file.areas.filter((area) => !visit.ownAreas?.includes(area));
      if (foreign.length > 0) {
        failures.push(`${visit.label}: ${file.url} carries code of other pages (${foreign.join(', ')})`);
      }
    }
  }
  return failures;
}

export function formatFirstLoads(loads: FirstLoad[]): string {
  const rows = loads.map(({ visit, files, bytes }) => {
    const sum = (kind: LoadedFile['kind']) =>
      files.filter((file) => file.kind === kind).reduce((total, file) => total + file.bytes, 0);
    return [
      visit.label,
      String(files.length),
      sum('page').toLocaleString('en'),
      sum('script').toLocaleString('en'),
      sum('style').toLocaleString('en'),
      bytes.toLocaleString('en'),
      visit.budget === undefined ? '—' : visit.budget.toLocaleString('en'),
    ];
  });
  const header = ['first visit', 'files', 'page', 'script', 'CSS', 'total (brotli)', 'budget'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
