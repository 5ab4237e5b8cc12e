import type { Browser, Page } from '@playwright/test';
import {
  apiAs,
  demo,
  expect,
  hoursFromNow,
  openSignIn,
  signIn,
  signUp,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * Nothing scrolls sideways on a 360 px phone: every route of web/src/routes.tsx, opened with data in
 * it (a student with questions, submissions, topic statistics, drill results and a review schedule;
 * the teacher's pages with that student listed and answers to mark; the admin console), must keep
 * `document.documentElement.scrollWidth` within the window. A page that does not names the elements
 * that reach past the right edge.
 */
const PHONE = { width: 360, height: 740 };
const password = 'narrow secret 2026';
const name = uniqueName('narrow');

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const student = await signUp(anonymous, name, password);
  await anonymous.dispose();

  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  const on = await teacherContext.put(`/api/v1/review/settings/${name}`, {
    data: { enabled: true },
    headers: { origin: baseURL! },
  });
  expect(on.status()).toBe(200);
  const choice = (title: string, topics: string[]) => ({
    title,
    question: `Which answer is right for ${title}?`,
    type: 'm',
    candidates: ['right', 'wrong', 'neither of the two above'],
    answer: 'right',
    explanation: `Because of ${title}.`,
    hint: 'Read it twice.',
    topics,
    students: [name],
    targetDate: hoursFromNow(30),
  });
  const ids: number[] = [];
  for (const question of [
    choice('Narrow loops', ['loops', 'control flow']),
    choice('Narrow arrays', ['arrays']),
    choice('Narrow strings', ['strings', 'text processing']),
    choice('Narrow sums', ['arithmetic']),
  ])
    ids.push(await teacher.post('questions', question));
  const essay = (await teacher.post('questions', {
    title: 'Narrow essay',
    question: 'Explain what a variable is.',
    type: 's',
    candidates: [],
    answer: 'A named place for a value.',
    explanation: 'It holds a value.',
    hint: null,
    topics: ['basics'],
    students: [name],
    targetDate: hoursFromNow(30),
  })) as number;
  // One left to answer on the questions page.
  ids.push(await teacher.post('questions', choice('Narrow open', ['loops'])));
  await teacherContext.dispose();

  const studentContext = await playwright.request.newContext({ baseURL });
  const self = await apiAs(studentContext, baseURL!, student);
  await self.post('submissions/multiples', [
    ...ids.slice(0, 4).map((questionId, i) => ({
      studentName: name,
      questionId,
      studentAnswer: i % 2 === 0 ? 'right' : 'wrong',
    })),
    { studentName: name, questionId: essay, studentAnswer: 'A box with a name on it, holding a value.' },
  ]);
  for (let i = 0; i < 6; i++)
    await self.post('simple_math', { name, question: '100 + 200', answer: i < 4 ? '300' : '1' });
  await studentContext.dispose();
});

/** A phone-sized browser, signed in as `who` unless a visitor; the teacher lists the student. */
async function phone(browser: Browser, who?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript((listed) => {
    if (!localStorage.getItem('students')) localStorage.setItem('students', listed);
  }, `${name},${demo.alice.name}`);
  const page = await context.newPage();
  if (who) {
    await openSignIn(page);
    await signIn(page, who);
  }
  return page;
}

/** Opens a page and waits for its heading, its data and its charts' first frame. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
}

/** The page's overflow, with the elements (not clipped by an ancestor) that reach past the window. */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const classes = [...element.classList].join('.');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const box = element.getBoundingClientRect();
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}> ${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} "${text}"`;
    };
    const past = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.right > width + 0.5 && getComputedStyle(element).position !== 'fixed' && !clipped(element);
      })
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      widest: past.slice(0, 3).map(describe),
    };
  });
}

async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await open(page, path);
    const found = await overflowOf(page);
    if (found.scrollWidth > found.width)
      problems.push(
        `${path}: scrolls ${found.scrollWidth - found.width} px sideways; widest: ${found.widest.join('; ') || '(none found)'}`,
      );
  }
  return problems;
}

test('the visitor pages fit 360 px', async ({ browser }) => {
  const page = await phone(browser);
  const problems = await sweep(page, [
    '/',
    '/prev',
    '/stopwatch',
    '/wall',
    '/spinner',
    '/sandbox',
    '/login',
    '/signin',
    '/signup',
    '/oauth2/register?token=narrow',
    '/forgot-password',
    // A link that no longer works: its page says so, with a way to ask again.
    '/reset-password?token=narrow',
  ]);
  expect(problems).toEqual([]);
  await page.context().close();
});

test("the student's pages fit 360 px, with data in them", async ({ browser }) => {
  const page = await phone(browser, { email: `${name}@example.com`, password });
  const problems = await sweep(page, [
    `/user/${name}`,
    `/tutoring/${name}`,
    `/submission/${name}`,
    `/review/${name}`,
    '/math',
    `/math/result/${name}`,
  ]);
  // The drill: its countdown, then a question.
  await page.goto('/math/start');
  await expect(page.getByTestId('math-question')).toBeVisible({ timeout: 10_000 });
  const drill = await overflowOf(page);
  if (drill.scrollWidth > drill.width) problems.push(`/math/start: ${drill.widest.join('; ')}`);
  // Signing out ends on the sign-in page.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.waitForTimeout(300);
  const out = await overflowOf(page);
  if (out.scrollWidth > out.width) problems.push(`/logout: ${out.widest.join('; ')}`);
  expect(problems).toEqual([]);
  await page.context().close();
});

test("the teacher's and admin's pages fit 360 px, with the student's data in them", async ({ browser }) => {
  const page = await phone(browser, demo.teacher);
  const problems = await sweep(page, [
    `/user/${demo.teacher.name}`,
    '/teacher',
    '/questions',
    '/questions/modify?title=Narrow',
    '/upload',
    '/upload/multiples',
    `/stats/${name}`,
    `/week/${name}`,
    `/review-schedule/${name}`,
    '/marking',
    `/marking/${name}`,
    `/math/result/${name}`,
    `/submission/${name}`,
    '/91b-admin',
  ]);
  expect(problems).toEqual([]);
  await page.context().close();
});

test("a parent's view of the child fits 360 px", async ({ browser }) => {
  const page = await phone(browser, demo.dana);
  const child = demo.alice.name;
  const problems = await sweep(page, [
    `/user/${demo.dana.name}`,
    `/user/${child}`,
    `/week/${child}`,
    `/stats/${child}`,
  ]);
  expect(problems).toEqual([]);
  await page.context().close();
});
