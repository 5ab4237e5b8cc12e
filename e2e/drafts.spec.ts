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
 * Lost or wrong data: two tabs of one student never overwrite each other's drafts, a stale
 * tab's submit never stores an answer the student has since replaced, and one over-long answer is
 * stopped in the page with words that name its question (never "offline", never "0.studentAnswer").
 */
const password = 'student secret 2026';

async function studentWithQuestions(
  playwright: typeof import('@playwright/test').request,
  baseURL: string,
  titles: string[],
) {
  const name = uniqueName('tabs');
  const anonymous = await playwright.newContext({ baseURL });
  await signUp(anonymous, name, password);
  await anonymous.dispose();
  const context = await playwright.newContext({ baseURL });
  const teacher = await apiAs(context, baseURL, demo.teacher);
  for (const title of titles) {
    await teacher.post('questions', {
      title,
      question: `Explain ${title}.`,
      type: 's',
      candidates: [],
      answer: 'a model answer',
      explanation: 'Because.',
      hint: null,
      topics: [],
      students: [name],
      targetDate: hoursFromNow(30),
    });
  }
  await context.dispose();
  return { name, email: `${name}@example.com`, password };
}

const box = (page: Page, title: string) =>
  page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`\\d+\\. ${title}$`) }) })
    .getByRole('textbox');

async function serverDrafts(page: Page, name: string) {
  const response = await page.request.get(`/api/v1/drafts/${name}`);
  return (await response.json()).answers as Record<string, string>;
}

test('two tabs: a change in one tab survives typing in the other, which then shows it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const student = await studentWithQuestions(playwright.request, baseURL!, ['Tab one', 'Tab two']);
  const context = await browser.newContext();
  const a = await context.newPage();
  await openSignIn(a);
  await signIn(a, student);
  await a.goto(`/tutoring/${student.name}`);
  await expect(box(a, 'Tab one')).toBeVisible();
  const b = await context.newPage();
  await b.goto(`/tutoring/${student.name}`);

  await box(b, 'Tab one').fill('typed in tab B');
  await expect(b.getByText('Answers saved')).toBeVisible();
  // Tab A still shows its old (empty) copy of question 1 and types in question 2.
  await expect(box(a, 'Tab one')).toHaveValue('');
  await box(a, 'Tab two').fill('typed in tab A');
  await expect(a.getByText('Answers saved')).toBeVisible();
  expect(Object.values(await serverDrafts(a, student.name)).sort()).toEqual([
    'typed in tab A',
    'typed in tab B',
  ]);

  // Tab A picks up tab B's change when it comes to the front (or at the latest on its next poll).
  await a.bringToFront();
  await a.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(box(a, 'Tab one')).toHaveValue('typed in tab B', { timeout: 20_000 });
  await context.close();
});

test("a stale tab's submit is refused, shows the newer answer, and what is stored is the newer one", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const student = await studentWithQuestions(playwright.request, baseURL!, ['Stale one']);
  const context = await browser.newContext();
  const a = await context.newPage();
  await openSignIn(a);
  await signIn(a, student);
  await a.goto(`/tutoring/${student.name}`);
  await box(a, 'Stale one').fill('first answer');
  await expect(a.getByText('Answers saved')).toBeVisible();

  const b = await context.newPage();
  await b.goto(`/tutoring/${student.name}`);
  await expect(box(b, 'Stale one')).toHaveValue('first answer');
  await box(b, 'Stale one').fill('second answer');
  await expect(b.getByText('Answers saved')).toBeVisible();

  // Tab A, with its old copy, submits at once.
  await a.bringToFront();
  await a.getByRole('button', { name: 'Submit All' }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  const alert = a.getByRole('alert');
  await expect(alert).toContainText('changed in another tab or on another device');
  await expect(alert).toContainText('Question 1');
  await expect(alert).not.toContainText('draftVersion');
  await expect(box(a, 'Stale one')).toHaveValue('second answer');
  expect(await (await a.request.get(`/api/v1/submissions/count/${student.name}`)).json()).toBe(0);

  // Checked and sent again: the stored answer is the newer one.
  await a.getByRole('button', { name: 'Submit All' }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(a.getByRole('status').filter({ hasText: 'Submitted 1 answer' })).toBeVisible();
  const stored = await (await a.request.get(`/api/v1/submissions/${student.name}`)).json();
  expect(stored.content.map((s: { studentAnswer: string }) => s.studentAnswer)).toEqual(['second answer']);
  await context.close();
});

test('an over-long answer is stopped at the limit with a counter, and an old one is named by its question', async ({
  page,
  playwright,
  baseURL,
}) => {
  const student = await studentWithQuestions(playwright.request, baseURL!, ['Long one', 'Long two']);
  await openSignIn(page);
  await signIn(page, student);
  await page.goto(`/tutoring/${student.name}`);
  const first = box(page, 'Long one');
  await first.fill('y'.repeat(10_001));
  await expect(first).toHaveValue('y'.repeat(10_000));
  await expect(page.getByText('10,000 / 10,000 characters')).toBeVisible();
  await expect(page.getByText('Answers saved')).toBeVisible();

  // An answer over the limit left on this device from before (no limit in the page then).
  const ids = (await (
    await page.request.get(`/api/v1/assignments/ids/${student.name}?sort=targetDate,asc`)
  ).json()) as number[];
  await page.evaluate(
    ({ key, id }) =>
      localStorage.setItem(
        key,
        JSON.stringify({ pending: { [id]: { answer: 'z'.repeat(10_001), base: 0 } } }),
      ),
    { key: `tutorfolio:drafts:${student.name.toLowerCase()}`, id: ids[1]! },
  );
  await page.reload();
  const status = page.getByRole('status').filter({ hasText: 'Not saved' });
  await expect(status).toContainText('Question 2: Answer must be at most 10000 characters');
  await expect(page.getByText(/offline/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit All' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /Question 2: the answer is 10,001 characters long; an answer can hold at most 10,000\./,
  );
  await expect(page.getByRole('alert')).not.toContainText('studentAnswer');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
