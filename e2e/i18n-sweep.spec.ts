import type { Browser, Page } from '@playwright/test';
import * as adminTexts from '../common/adminTexts.ts';
import * as authoringTexts from '../common/authoringTexts.ts';
import * as formulaTexts from '../common/formulaTexts.ts';
import * as koAdminTexts from '../common/i18n/ko/adminTexts.ts';
import * as koAuthoringTexts from '../common/i18n/ko/authoringTexts.ts';
import * as koFormulaTexts from '../common/i18n/ko/formulaTexts.ts';
import * as koInsightTexts from '../common/i18n/ko/insightTexts.ts';
import * as koMarkingTexts from '../common/i18n/ko/markingTexts.ts';
import * as koMathTexts from '../common/i18n/ko/mathTexts.ts';
import * as koMessages from '../common/i18n/ko/messages.ts';
import * as koPortfolioTexts from '../common/i18n/ko/portfolioTexts.ts';
import * as koReviewTexts from '../common/i18n/ko/reviewTexts.ts';
import * as koSubmissionTexts from '../common/i18n/ko/submissionTexts.ts';
import * as koTutoringTexts from '../common/i18n/ko/tutoringTexts.ts';
import * as koValidationTexts from '../common/i18n/ko/validationTexts.ts';
import * as koWeekTexts from '../common/i18n/ko/weekTexts.ts';
import * as insightTexts from '../common/insightTexts.ts';
import * as markingTexts from '../common/markingTexts.ts';
import * as mathTexts from '../common/mathTexts.ts';
import * as messages from '../common/messages.ts';
import * as portfolioTexts from '../common/portfolioTexts.ts';
import * as reviewTexts from '../common/reviewTexts.ts';
import * as submissionTexts from '../common/submissionTexts.ts';
import * as tutoringTexts from '../common/tutoringTexts.ts';
import * as validationTexts from '../common/validationTexts.ts';
import * as weekTexts from '../common/weekTexts.ts';
import { apiAs, demo, expect, hoursFromNow, signUp, test, uniqueName } from './fixtures.ts';

/**
 * Both languages complete: in a Korean browser, every page of each persona (student,
 * teacher and admin, parent, a visitor of the portfolio), the dialogs that matter, the failure screens
 * and the header's menu folded on a phone are swept for
 * English. The English looked for is every text of the common/ texts files that the Korean mirror
 * says differently (a string of 4 or more characters with a word in Latin letters): should a page
 * still show one of them in Korean (written inline, or read from the English texts), it fails and
 * names the text, the page and where it was seen (visible text, or an accessible name: aria-label,
 * title, placeholder, alt).
 */
const mirrored: [string, object, object][] = [
  ['messages', messages, koMessages],
  ['adminTexts', adminTexts, koAdminTexts],
  ['authoringTexts', authoringTexts, koAuthoringTexts],
  ['formulaTexts', formulaTexts, koFormulaTexts],
  ['insightTexts', insightTexts, koInsightTexts],
  ['markingTexts', markingTexts, koMarkingTexts],
  ['mathTexts', mathTexts, koMathTexts],
  ['portfolioTexts', portfolioTexts, koPortfolioTexts],
  ['reviewTexts', reviewTexts, koReviewTexts],
  ['submissionTexts', submissionTexts, koSubmissionTexts],
  ['tutoringTexts', tutoringTexts, koTutoringTexts],
  ['validationTexts', validationTexts, koValidationTexts],
  ['weekTexts', weekTexts, koWeekTexts],
];

/** A text function's words around its values, each piece trimmed (none when it takes no marker). */
function fixedWords(fn: (...values: unknown[]) => unknown): string[] {
  for (const marker of [(i: number) => `\ue000${i}\ue000`, (i: number) => 1000 + i]) {
    try {
      const text = fn(...Array.from({ length: fn.length }, (_, i) => marker(i)));
      if (typeof text !== 'string') continue;
      return text
        .split(/\ue000\d+\ue000|\b10\d\d\b/)
        .map((piece) => piece.trim())
        .filter(Boolean);
    } catch {
      // not this kind of value; try the next
    }
  }
  return [];
}

/** Every English text (with where it is) that the Korean mirror words differently. */
function englishTexts(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (en: unknown, ko: unknown, at: string) => {
    if (typeof en === 'string') {
      if (en !== ko && en.trim().length >= 4 && /[A-Za-z]{2,}/.test(en) && !found.has(en.trim()))
        found.set(en.trim(), at);
      return;
    }
    if (typeof en === 'function') {
      // A text with values: its fixed words between the values (`Uploading ⟨0⟩ questions…`).
      for (const piece of fixedWords(en as (...values: unknown[]) => unknown)) {
        if (piece.length >= 8 && /[A-Za-z]{3,} [A-Za-z]{2,}/.test(piece) && !found.has(piece))
          found.set(piece, `${at}()`);
      }
      return;
    }
    if (en === null || typeof en !== 'object' || ko === null || typeof ko !== 'object') return;
    for (const [key, value] of Object.entries(en))
      walk(value, (ko as Record<string, unknown>)[key], `${at}.${key}`);
  };
  for (const [file, en, ko] of mirrored) walk({ ...en }, { ...ko }, file);
  return found;
}

/**
 * English that a Korean page shows on purpose, each with its reason. A text is allowed only on the
 * pages named (a path prefix), so it cannot hide elsewhere.
 */
const intentionallyEnglish: { text: string; on: string[]; reason: string }[] = [
  {
    text: 'Projects',
    on: ['/', '/prev'],
    reason:
      "the owner's career text (portfolio content/owner.ts: 'Projects (Korean)') is the owner's own words, not translated",
  },
  {
    text: 'Enter',
    on: ['/stopwatch', '/marking', '/91b-admin', '/math/start'],
    reason:
      "the name of the keyboard's key, as printed on it: the Korean reads 'Enter를 누르세요', '<kbd>Enter</kbd> 추천 채점 적용', the drill's '합을 입력하고 Enter를 누르세요'",
  },
  {
    text: 'What',
    on: ['/tutoring/', '/questions'],
    reason:
      "the demo questions' own words ('What does this print?'): a teacher's content, written in English",
  },
  {
    text: 'teacher',
    on: ['/user/teacher', '/91b-admin'],
    reason: "the demo teacher's username 'teacher' (data), not the role's name",
  },
  ...['Tutoring', 'Simple Math Question', 'Question'].map((text) => ({
    text,
    on: ['/91b-admin'],
    reason:
      "the admin console lists the services by their stored names ('Tutoring', 'Simple Math Question'), the names the administrator types and assigns by",
  })),
];

const ENGLISH = englishTexts();

/** A page's visible text and its elements' accessible names (aria-label, title, placeholder, alt). */
async function wordsOn(page: Page): Promise<{ where: string; text: string }[]> {
  return page.evaluate(() => {
    const seen: { where: string; text: string }[] = [
      { where: 'visible text', text: document.body.innerText },
    ];
    seen.push({ where: 'document title', text: document.title });
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) seen.push({ where: `${attribute} of <${element.tagName.toLowerCase()}>`, text: value });
      }
    }
    return seen;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `on` names a page (`/`, `/91b-admin`: it and the pages under it) or, ending in `/`, the pages under it. */
const shownOn = (path: string, on: string) =>
  on.endsWith('/') && on !== '/' ? path.startsWith(on) : path === on || path.startsWith(`${on}/`);

/** The English texts found on the page now (not allowed there), as readable lines. */
async function englishOn(page: Page, label: string): Promise<string[]> {
  const path = new URL(page.url()).pathname;
  const words = await wordsOn(page);
  const problems: string[] = [];
  for (const [english, key] of ENGLISH) {
    const allowed = intentionallyEnglish.some(
      (entry) => entry.text === english && entry.on.some((on) => shownOn(path, on)),
    );
    if (allowed) continue;
    const pattern = new RegExp(`(?<![A-Za-z])${escapeRegExp(english)}(?![A-Za-z])`);
    for (const { where, text } of words) {
      const at = text.search(pattern);
      if (at >= 0) {
        const around = text.slice(Math.max(0, at - 30), at + english.length + 30).replace(/\s+/g, ' ');
        problems.push(`${label} (${path}): "${english}" (${key}) in ${where}: …${around}…`);
        break;
      }
    }
  }
  return problems;
}

/** A browser context in Korean (a phone's screen if `viewport`), signed in as `who`. */
async function koreanPage(
  browser: Browser,
  who?: { email: string; password: string },
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ locale: 'ko-KR', ...(viewport && { viewport }) });
  const page = await context.newPage();
  if (!who) return page;
  await page.goto('/login');
  await expect(page.getByLabel(koMessages.authTexts.emailLabel)).toBeEditable();
  await page.getByLabel(koMessages.authTexts.emailLabel).fill(who.email);
  await page.getByLabel(koMessages.authTexts.passwordLabel, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: koMessages.authTexts.signInButton, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

/** Opens a page and waits until it has drawn its heading and finished loading its words and data. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.locator('h1, h2').first()).toBeVisible();
  // Suspended words and queries: nothing busy left on the page.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
}

/**
 * The English that stays on the page. A part whose words load lazily (the portfolio's Korean
 * content) may show English for a moment on a busy machine, so the page gets up to 5 s to replace
 * it; English that is still there then is reported.
 */
async function englishStaying(page: Page, label: string): Promise<string[]> {
  let found = await englishOn(page, label);
  const until = Date.now() + 5000;
  while (found.length > 0 && Date.now() < until) {
    await page.waitForTimeout(250);
    found = await englishOn(page, label);
  }
  return found;
}

/**
 * Sweeps each path in turn: `prepare` runs before the page is swept (it narrows what the page
 * lists), `action` after, and the page is swept again (a dialog opened, …).
 */
async function sweep(
  page: Page,
  stops: {
    path: string;
    label: string;
    prepare?: (page: Page) => Promise<void>;
    action?: (page: Page) => Promise<void>;
  }[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const stop of stops) {
    await open(page, stop.path);
    if (stop.prepare) {
      await stop.prepare(page);
      await settle(page);
    }
    problems.push(...(await englishStaying(page, stop.label)));
    if (stop.action) {
      await stop.action(page);
      await page.waitForTimeout(300);
      problems.push(...(await englishStaying(page, `${stop.label}, then`)));
    }
  }
  return problems;
}

/** The student picks '4' in the first question and presses submit (the confirm dialog opens). */
async function chooseAndSubmit(p: Page) {
  await p.getByRole('article').getByRole('radio', { name: '4', exact: true }).check();
  await p
    .getByRole('complementary')
    .getByRole('button', { name: koTutoringTexts.tutoringTexts.submitAll })
    .click();
}

test.describe('a Korean browser shows no English text of common/ on any page', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the English looked for is there: the walk finds the texts files', () => {
    expect(ENGLISH.get('Sign In')).toBe('messages.authTexts.signInTitle');
    expect(ENGLISH.size).toBeGreaterThan(300);
    // A text with values is looked for by its fixed words: `Review, ${count} due today`.
    expect(ENGLISH.get('due today')).toBe('messages.headerTexts.reviewDue()');
  });

  test('the sweep finds English where it is shown: the sign-in page in an English browser', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByLabel(messages.authTexts.emailLabel)).toBeEditable();
    const found = await englishOn(page, 'sign in');
    expect(found.some((line) => line.includes('"Sign In" (messages.authTexts.signInTitle)'))).toBe(true);
    expect(
      found.some((line) =>
        line.includes('"Show password" (messages.authTexts.showPasswordName) in aria-label'),
      ),
    ).toBe(true);
    await context.close();
  });

  test('a visitor: the portfolio pages and sign-in', async ({ browser }) => {
    const page = await koreanPage(browser);
    const problems = await sweep(page, [
      { path: '/', label: 'landing' },
      { path: '/stopwatch', label: 'stopwatch' },
      { path: '/wall', label: 'wall' },
      { path: '/spinner', label: 'spinner' },
      { path: '/prev', label: 'previous portfolio' },
      { path: '/sandbox', label: 'sandbox' },
      { path: '/login', label: 'sign in' },
      { path: '/signin', label: 'sign in (the variant page)' },
      { path: '/signup', label: 'sign up' },
      // A provider's sign-in for someone without an account ends here (the token is checked only
      // when the person answers).
      { path: '/oauth2/register?token=sweep', label: "a provider sign-in's register question" },
      { path: '/forgot-password', label: 'forgot password' },
      { path: '/reset-password?token=sweep', label: 'a reset link that no longer works' },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('a student: dashboard, questions (and the submit confirm), submissions, review, stats, week, math', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    // A new student with one question (the demo students' answers stay as other tests expect them).
    const anonymous = await playwright.request.newContext({ baseURL });
    const student = await signUp(anonymous, uniqueName('sweep'), 'student secret 2026');
    await anonymous.dispose();
    const teacherContext = await playwright.request.newContext({ baseURL });
    await (await apiAs(teacherContext, baseURL!, demo.teacher)).post('questions', {
      title: uniqueName('덧셈'),
      question: '2 더하기 2는?',
      type: 'm',
      candidates: ['3', '4'],
      answer: '4',
      explanation: '둘에 둘을 더하면 넷.',
      topics: ['연습'],
      students: [student.name],
      targetDate: hoursFromNow(30),
    });
    await teacherContext.dispose();
    const page = await koreanPage(browser, student);
    const name = student.name;
    const problems = await sweep(page, [
      { path: `/user/${name}`, label: 'dashboard' },
      {
        path: `/tutoring/${name}`,
        label: 'questions, then the submit confirm',
        action: async (p) => {
          await chooseAndSubmit(p);
          await expect(p.getByRole('dialog')).toBeVisible();
        },
      },
      {
        path: `/tutoring/${name}`,
        label: 'questions, submitted',
        action: async (p) => {
          await chooseAndSubmit(p);
          await p.getByRole('dialog').getByRole('button', { name: koMessages.layoutTexts.ok }).click();
          await expect(p.getByRole('status').filter({ hasText: /1/ }).first()).toBeVisible();
        },
      },
      { path: `/submission/${name}`, label: 'submissions' },
      { path: `/review/${name}`, label: 'review' },
      { path: `/stats/${name}`, label: 'stats' },
      { path: `/week/${name}`, label: 'week' },
      { path: '/math', label: 'math' },
      {
        path: '/math/start',
        label: 'the drill, then a question answered',
        action: async (p) => {
          // After the countdown: a question, the timer, the answer box; one right answer's feedback.
          const question = p.getByTestId('math-question');
          await expect(question).toBeVisible({ timeout: 10_000 });
          const [a, b] = ((await question.textContent()) ?? '').split('+').map((n) => Number(n.trim()));
          await p.getByLabel(koMathTexts.mathTexts.answerLabel).fill(String(a! + b!));
          await p.getByLabel(koMathTexts.mathTexts.answerLabel).press('Enter');
          await expect(p.getByTestId('math-feedback')).not.toBeEmpty();
        },
      },
      { path: `/math/result/${name}`, label: 'math results' },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('a teacher and admin: teacher page, upload (a refused form), bulk upload, archive, modify, marking, schedules, a week, admin', async ({
    browser,
  }) => {
    const page = await koreanPage(browser, demo.teacher);
    const problems = await sweep(page, [
      { path: `/user/${demo.teacher.name}`, label: 'dashboard' },
      { path: '/teacher', label: 'teacher' },
      {
        path: '/upload',
        label: 'upload',
        action: async (p) => {
          // Nothing filled in: the form says what is missing.
          await p.getByRole('button', { name: koAuthoringTexts.uploadTexts.assign, exact: true }).click();
          await expect(p.getByRole('alert').first()).toBeVisible();
        },
      },
      {
        path: '/upload/multiples',
        label: 'bulk upload',
        action: async (p) => {
          await p.getByLabel(koAuthoringTexts.bulkTexts.json).fill('[{"title": ""}]');
          await p.getByRole('button', { name: koAuthoringTexts.bulkTexts.submit, exact: true }).click();
          await expect(p.getByRole('alert').first()).toBeVisible();
        },
      },
      {
        path: '/questions',
        label: 'archive',
        // The archive lists every teacher's questions, newest first: on a server other browser
        // tests share, their English questions would be listed too. A demo question alone shows
        // the page's own words around a teacher's content the list above allows.
        prepare: async (p) => {
          await p.getByLabel(koAuthoringTexts.archiveTexts.searchText).fill('Loop output');
          await p.getByRole('button', { name: koAuthoringTexts.archiveTexts.search, exact: true }).click();
          await expect(p.getByRole('heading', { name: /Loop output/ }).first()).toBeVisible();
        },
      },
      {
        path: '/questions/modify?title=Loop',
        label: 'modify',
        action: async (p) => {
          await expect(p.getByRole('heading', { name: /Loop output/ }).first()).toBeVisible();
        },
      },
      { path: '/marking', label: 'marking inbox' },
      { path: `/marking/${demo.alice.name}`, label: 'marking a student' },
      { path: `/review-schedule/${demo.alice.name}`, label: 'review schedule' },
      { path: `/week/${demo.alice.name}`, label: "a student's week" },
      { path: `/stats/${demo.alice.name}`, label: "a student's stats" },
      {
        path: '/91b-admin',
        label: 'admin console',
        action: async (p) => {
          await expect(p.getByRole('heading', { name: koAdminTexts.adminTexts.title })).toBeVisible();
        },
      },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('the failure screens (a missing chunk, a page that breaks) and the folded phone menu', async ({
    browser,
  }) => {
    const problems: string[] = [];
    const page = await koreanPage(browser, demo.alice);
    const nav = page.getByRole('navigation', { name: koMessages.headerTexts.nav });

    // A chunk the server no longer has: the tab reloads once, then shows the failure with Retry.
    await page.route(/\/assets\/tutoring-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    await page.goto(`/tutoring/${demo.alice.name}`);
    const chunkFailure = page.getByRole('alert').filter({
      has: page.getByRole('button', { name: koMessages.appLoadTexts.retry }),
    });
    await expect(chunkFailure).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    problems.push(...(await englishOn(page, 'a chunk that failed to load')));
    await page.unrouteAll();

    // A page that throws while rendering: the router's error screen under the header.
    await page.route(/\/assets\/UserPage-[\w-]+\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export function UserPage() { throw new Error("broken page"); }',
      }),
    );
    await open(page, `/submission/${demo.alice.name}`);
    await nav.getByRole('link', { name: koMessages.headerTexts.dashboard, exact: true }).click();
    await expect(page.getByRole('heading', { name: koMessages.appLoadTexts.unexpectedError })).toBeVisible();
    problems.push(...(await englishOn(page, 'a page that broke')));
    await page.unrouteAll();
    await page.context().close();

    // A phone (480 px): the header's links folded behind the menu, opened.
    const teacher = await koreanPage(browser, demo.teacher, { width: 480, height: 800 });
    await open(teacher, `/tutoring/${demo.alice.name}`);
    const menu = teacher
      .getByRole('navigation', { name: koMessages.headerTexts.nav })
      .getByRole('button', { name: koMessages.headerTexts.menu });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await teacher.waitForTimeout(300);
    problems.push(...(await englishOn(teacher, 'the phone menu, open')));
    await teacher.context().close();

    expect(problems).toEqual([]);
  });

  test("a parent: the child's dashboard, week, submissions and stats", async ({ browser }) => {
    const page = await koreanPage(browser, demo.dana);
    const child = demo.alice.name;
    const problems = await sweep(page, [
      { path: `/user/${demo.dana.name}`, label: "parent's dashboard" },
      { path: `/user/${child}`, label: "child's dashboard" },
      { path: `/week/${child}`, label: "child's week" },
      { path: `/tutoring/${child}`, label: "child's questions" },
      { path: `/submission/${child}`, label: "child's submissions" },
      { path: `/stats/${child}`, label: "child's stats" },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
