import type { Page } from '@playwright/test';
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
 * The marking inbox: every student's unmarked answers at /marking, marked by keyboard
 * (1 correct, 2 wrong, arrows move) with one submit; the header's count; a past mark changed from
 * the student's Submissions page; /marking/{name} with the header and a way back; an unknown
 * student named as such; the page at 360 px.
 */
const password = 'student secret 2026';
const LONG_CODE = `for (int i = 0; i < 10; i++) { System.out.println("${'a long line of code '.repeat(8)}" + i); }`;

test.describe.configure({ mode: 'serial' });

let ann = '';
let ben = '';

/** Two new students answer two short questions each (Ben with code), waiting for marks. */
test.beforeAll(async ({ playwright, baseURL }) => {
  ann = uniqueName('ann');
  ben = uniqueName('ben');
  const anonymous = await playwright.request.newContext({ baseURL });
  await signUp(anonymous, ann, password);
  await signUp(anonymous, ben, password);
  await anonymous.dispose();
  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  const ids: number[] = [];
  for (const title of ['Inbox essay', 'Inbox story']) {
    ids.push(
      await teacher.post('questions', {
        title,
        question: `Write about ${title}.`,
        type: 's',
        candidates: [],
        answer: `A model answer&code:&type=java:${LONG_CODE}`,
        explanation: 'Because.',
        hint: null,
        topics: [],
        students: [ann, ben],
        targetDate: hoursFromNow(30),
      }),
    );
  }
  await teacherContext.dispose();
  for (const name of [ann, ben]) {
    const context = await playwright.request.newContext({ baseURL });
    const student = await apiAs(context, baseURL!, { email: `${name}@example.com`, password });
    await student.post(
      'submissions/multiples',
      ids.map((questionId) => ({
        questionId,
        studentAnswer: name === ben ? `${name}'s answer&code:${LONG_CODE}` : `${name}'s answer`,
        studentName: name,
      })),
    );
    await context.dispose();
  }
});

async function teacherPage(browser: import('@playwright/test').Browser, width?: number): Promise<Page> {
  const context = await browser.newContext(width ? { viewport: { width, height: 800 } } : {});
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, demo.teacher);
  return page;
}

const toMarkCount = async (page: Page) =>
  ((await (await page.request.get('/api/v1/marking/count')).json()) as { count: number }).count;

test('the header shows the count to mark; the inbox marks by keyboard with one submit', async ({
  browser,
}) => {
  const page = await teacherPage(browser);
  const before = await toMarkCount(page);
  expect(before).toBeGreaterThanOrEqual(4);
  const marking = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Marking/ });
  await expect(marking).toHaveAccessibleName(`Marking, ${before} to mark`);
  await expect(marking).toHaveText(`Marking${before}`);
  await marking.click();
  await expect(page).toHaveURL(/\/marking$/);
  await expect(page.getByRole('heading', { name: 'Marking', exact: true })).toBeVisible();

  // Only Ann's answers, grouped by question, the model answer shown as code (never `&code:`).
  await page.getByLabel('Student').selectOption(ann);
  await expect(page).toHaveURL(new RegExp(`student=${ann}`));
  await expect(page.getByText('2 answers to mark')).toBeVisible();
  const essay = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Inbox essay' }) });
  await expect(essay.getByText('Model answer', { exact: true })).toBeVisible();
  await expect(essay.locator('figure').first()).toContainText('Java');
  await expect(page.locator('main')).not.toContainText('&code:');

  // 1 marks the first answer correct and moves on; 2 marks the second wrong.
  const first = page.getByRole('listitem', { name: `${ann}'s answer to Inbox essay` });
  const second = page.getByRole('listitem', { name: `${ann}'s answer to Inbox story` });
  await first.focus();
  await page.keyboard.press('1');
  await expect(second).toBeFocused();
  await page.keyboard.press('2');
  // The last answer keeps the focus; ↑ goes back to the first.
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await expect(first.getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-pressed', 'true');
  await expect(second.getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 marks to submit')).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked 2 answers.' })).toBeVisible();
  await expect(page.getByText(`Nothing to mark for ${ann}.`)).toBeVisible();
  // The header's count follows (it hides on /marking itself: look from the teacher page).
  await page.getByRole('link', { name: 'Teacher page' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Marking/ }),
  ).toHaveAccessibleName(`Marking, ${before - 2} to mark`);
  await page.context().close();
});

test("a teacher changes a past mark on the student's Submissions page and the score follows", async ({
  browser,
}) => {
  const page = await teacherPage(browser);
  await page.goto(`/submission/${ann}`);
  await expect(page.getByTestId('score')).toHaveText('Score 1 / 2 (50.00%)');
  const story = page.locator('article').filter({ has: page.getByRole('heading', { name: /Inbox story/ }) });
  await story.getByRole('button', { name: 'Correct' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mark changed.' })).toBeVisible();
  await expect(page.getByTestId('score')).toHaveText('Score 2 / 2 (100.00%)');
  await expect(story.getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-pressed', 'true');
  await page.context().close();

  // The student sees the new score and has no such buttons.
  const context = await browser.newContext();
  const student = await context.newPage();
  await openSignIn(student);
  await signIn(student, { email: `${ann}@example.com`, password });
  await student.goto(`/submission/${ann}`);
  await expect(student.getByTestId('score')).toHaveText('Score 2 / 2 (100.00%)');
  await expect(student.getByText('Change the mark')).toHaveCount(0);
  await context.close();
});

test('/marking/{name} has the header and a way back; an unknown student is named as such', async ({
  browser,
}) => {
  const page = await teacherPage(browser);
  await page.goto(`/marking/${ben}`);
  await expect(page.getByRole('heading', { name: `Marking: ${ben}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('2 answers to mark')).toBeVisible();
  await page.getByRole('link', { name: "← Every student's answers" }).click();
  await expect(page).toHaveURL(/\/marking$/);

  await page.goto('/marking/nosuchstudent');
  await expect(page.getByText('There is no student named nosuchstudent.')).toBeVisible();
  await expect(page.getByText('There is an issue on the server')).toHaveCount(0);
  await page.context().close();
});

test('the marking page fits a 360 px phone: code scrolls inside its box, marking works by touch', async ({
  browser,
}) => {
  const page = await teacherPage(browser, 360);
  await page.goto(`/marking/${ben}`);
  const row = page.getByRole('listitem', { name: `${ben}'s answer to Inbox essay` });
  await expect(row.locator('pre')).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  const pre = await row.locator('pre').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(pre.scroll).toBeGreaterThan(pre.client);
  await row.getByRole('button', { name: 'Wrong' }).click();
  await expect(row.getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeInViewport();
  await page.context().close();
});
