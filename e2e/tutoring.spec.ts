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
 * The tutoring core end to end: a teacher's questions reach a new student, who answers
 * across two pages, keeps drafts over a reload and a new sign-in, submits, sees the score and the
 * calendar; the teacher marks the short answer; review takes a correct redo off the list.
 */
test.describe.configure({ mode: 'serial' });

const password = 'student secret 2026';
const name = uniqueName('pupil');
const student = { email: `${name}@example.com`, password };

// Seven questions in due order (all due together), answered right (R), wrong (W) or short (S).
const questions = [
  {
    title: 'Q1 loop',
    type: 'm',
    code: '&type=java:for (int i = 0; i < 2; i++) System.out.print(i);',
    candidates: ['01', '12'],
    answer: '01',
    plan: 'R',
  },
  { title: 'Q2 sum', type: 'm', candidates: ['3', '4'], answer: '4', plan: 'W' },
  { title: 'Q3 primes', type: 'M', candidates: ['2', '3', '4'], answer: '["2","3"]', plan: 'R' },
  { title: 'Q4 evens', type: 'M', candidates: ['2', '5', '6'], answer: '["2","6"]', plan: 'W' },
  {
    title: 'Q5 squares',
    type: 's',
    code: '&type=python:[n * n for n in range(3)]',
    candidates: [],
    answer: '[0, 1, 4]',
    plan: 'S',
  },
  {
    title: 'Q6 select',
    type: 'm',
    code: '&type=sql:SELECT 1 + 1;',
    candidates: ['1', '2'],
    answer: '2',
    plan: 'R',
  },
  {
    title: 'Q7 pointer',
    type: 'm',
    code: '&type=c:int a = 1; int *p = &a;',
    candidates: ['a', 'p'],
    answer: 'a',
    plan: 'W',
  },
] as const;

test.beforeAll(async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await signUp(anonymous, name, password);
  await anonymous.dispose();

  const context = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(context, baseURL!, demo.teacher);
  const due = hoursFromNow(30);
  for (const q of questions) {
    await teacher.post('questions', {
      title: q.title,
      question: `Answer ${q.title}.${'code' in q ? `&code:${q.code}` : ''}`,
      type: q.type,
      candidates: q.candidates,
      answer: q.answer,
      explanation: `Because of ${q.title}.`,
      hint: 'Think it through.',
      topics: ['practice'],
      students: [name],
      targetDate: due,
    });
  }
  await context.dispose();
});

function card(page: Page, title: string) {
  return page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`\\d+\\. ${title}$`) }) });
}

async function answer(page: Page, index: number, right: boolean) {
  const q = questions[index]!;
  const box = card(page, q.title);
  await expect(box).toBeVisible();
  if (q.type === 's') {
    await box.getByRole('textbox').fill('0, 1 and 4');
  } else if (q.type === 'm') {
    const value = right ? q.answer : q.candidates.find((c) => c !== q.answer)!;
    await box.getByRole('radio', { name: value, exact: true }).check();
  } else {
    const wanted = JSON.parse(q.answer) as string[];
    const pick = right ? wanted : [wanted[0]!];
    for (const value of pick) await box.getByRole('checkbox', { name: value, exact: true }).check();
  }
}

async function signInAs(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, who);
  await expect(page).toHaveURL(/\/user\//);
  return page;
}

test('the student answers across two pages, keeps drafts, submits and sees the score', async ({ page }) => {
  await openSignIn(page);
  await signIn(page, student);
  await page.goto(`/tutoring/${name}`);
  await expect(page.getByRole('heading', { name: `Questions for ${name}` })).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  // Code is highlighted as code, in its language.
  await expect(card(page, 'Q1 loop').locator('figure figcaption')).toHaveText('Java');
  await expect(card(page, 'Q5 squares').locator('figure figcaption')).toHaveText('Python');

  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('button', { name: 'Submit All' })).toBeDisabled();
  await answer(page, 0, true);
  await answer(page, 1, false);
  await answer(page, 4, true);
  // Jump to question 6: it is on page 2.
  await panel.getByRole('button', { name: /^Question 6/ }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(card(page, 'Q6 select')).toBeInViewport();
  await answer(page, 5, true);
  await answer(page, 6, false);
  await panel.getByRole('button', { name: /^Question 3/ }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await answer(page, 2, true);
  await answer(page, 3, false);
  await expect(panel.getByText('7/7 Questions Answered')).toBeVisible();
  await expect(page.getByText('Answers saved')).toBeVisible();

  // Drafts survive a reload…
  await page.reload();
  await expect(panel.getByText('7/7 Questions Answered')).toBeVisible();
  await expect(card(page, 'Q1 loop').getByRole('radio', { name: '01', exact: true })).toBeChecked();
  // …and signing out and in again with this browser's copy gone: they come from the server.
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, student);
  await expect(page).toHaveURL(`/user/${name}`);
  await page.goto(`/tutoring/${name}`);
  await expect(panel.getByText('7/7 Questions Answered')).toBeVisible();
  await expect(card(page, 'Q5 squares').getByRole('textbox')).toHaveValue('0, 1 and 4');

  await panel.getByRole('button', { name: 'Submit All' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure to submit?');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Submitted 7 answers: 3 correct.' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: "Oops! It seems there's no question for today's session." }),
  ).toBeVisible();

  await page.goto(`/submission/${name}`);
  await expect(page.getByRole('heading', { name: 'Submissions', exact: true })).toBeVisible();
  const score = page.getByTestId('score');
  await expect(score).toHaveText('Score 3 / 7 (42.86%)');
  await expect(score).toHaveCSS('color', 'rgb(180, 35, 24)');
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await expect(calendar.getByRole('link', { name: /7 of 7 solved/ })).toBeVisible();
});

test('the teacher marks the short answer and the score follows', async ({ browser }) => {
  const teacher = await signInAs(browser, demo.teacher);
  await teacher.goto(`/marking/${name}`);
  await expect(teacher.getByRole('heading', { name: `Marking: ${name}` })).toBeVisible();
  await teacher.getByRole('button', { name: 'Correct' }).click();
  await teacher.getByRole('button', { name: 'Submit' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(teacher.getByRole('status').filter({ hasText: 'Marked 1 answer.' })).toBeVisible();
  await expect(teacher.getByText(`Nothing to mark for ${name}.`)).toBeVisible();
  await teacher.context().close();

  const page = await signInAs(browser, student);
  await page.goto(`/submission/${name}`);
  await expect(page.getByTestId('score')).toHaveText('Score 4 / 7 (57.14%)');
  await expect(page.getByTestId('score')).toHaveCSS('color', 'rgb(27, 127, 59)');
  await page.context().close();
});

test('review lists the wrong answers and a correct redo leaves the list', async ({ browser }) => {
  const page = await signInAs(browser, student);
  await page.goto(`/review/${name}`);
  for (const title of ['Q2 sum', 'Q4 evens', 'Q7 pointer']) await expect(card(page, title)).toBeVisible();
  await expect(page.locator('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText(/You should solve all questions/);

  await answer(page, 1, true);
  await answer(page, 3, false);
  await answer(page, 6, true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 of 3 redos correct.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your redos' })).toContainText('Q2 sum: Correct');
  await expect(page.locator('article')).toHaveCount(1);
  await expect(card(page, 'Q4 evens')).toBeVisible();

  // First answers decide the score; the redos are counted apart.
  await page.goto(`/submission/${name}`);
  await expect(page.getByTestId('score')).toHaveText('Score 4 / 7 (57.14%)');
  await expect(page.getByTestId('redos')).toHaveText(
    '2 corrected on review (3 redos, not counted in the score)',
  );
  await page.context().close();
});

test("another student is refused the first student's pages", async ({ browser }) => {
  const page = await signInAs(browser, demo.bob);
  for (const path of ['tutoring', 'submission', 'review']) {
    await page.goto(`/${path}/${name}`);
    await expect(page.getByRole('alert')).toHaveText(/Access Denied!/);
    await expect(page).toHaveURL('/tutoring/bob');
  }
  await page.context().close();
});

test('the tutoring page works on a 400 px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, demo.alice);
  await page.goto('/tutoring/alice');
  await expect(page.locator('article').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The side panel is collapsed to a bar and opens on demand.
  const opener = page.getByRole('button', { name: /Your Answers/ });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Submit All' })).toBeHidden();
  await opener.click();
  await expect(page.getByRole('button', { name: 'Submit All' })).toBeVisible();

  // On the submissions page the closed calendar panel sits above the answer bar, not behind it.
  await page.goto('/submission/alice');
  const bar = page.getByRole('button', { name: /Check Your Answers/ });
  const calendar = page.getByRole('button', { name: 'Calendar', exact: true });
  await expect(calendar).toBeVisible();
  expect((await calendar.boundingBox())!.y + (await calendar.boundingBox())!.height).toBeLessThanOrEqual(
    (await bar.boundingBox())!.y,
  );
  await calendar.click();
  await expect(calendar).toHaveAttribute('aria-expanded', 'true');
  await context.close();
});

test('the submissions calendar panel moves by mouse, touch and keyboard, and collapses', async ({
  browser,
}) => {
  const page = await signInAs(browser, demo.alice);
  await page.goto('/submission/alice');
  const panel = page.getByTestId('floating-panel');
  const handle = page.getByRole('button', { name: /Move the Calendar panel/ });
  const start = (await panel.boundingBox())!;
  await handle.focus();
  // It starts in the bottom-right corner (clear of the title and the first card): move it up-left.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await panel.boundingBox())!.x).toBeCloseTo(start.x - 20, 0);
  const moved = (await panel.boundingBox())!;
  expect(moved.y).toBeCloseTo(start.y - 10, 0);

  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 120, box.y - 60, { steps: 5 });
  await page.mouse.up();
  const dragged = (await panel.boundingBox())!;
  expect(dragged.x).toBeLessThan(moved.x - 80);
  expect(dragged.y).toBeLessThan(moved.y - 30);

  // A finger: the same pointer events with pointerType "touch".
  const beforeTouch = (await panel.boundingBox())!;
  const touchAt = (await handle.boundingBox())!;
  const point = (dx: number, dy: number) => ({
    pointerId: 7,
    pointerType: 'touch',
    isPrimary: true,
    clientX: touchAt.x + touchAt.width / 2 + dx,
    clientY: touchAt.y + touchAt.height / 2 + dy,
  });
  await handle.dispatchEvent('pointerdown', point(0, 0));
  await handle.dispatchEvent('pointermove', point(-60, 40));
  await handle.dispatchEvent('pointerup', point(-60, 40));
  const touched = (await panel.boundingBox())!;
  expect(touched.x).toBeCloseTo(beforeTouch.x - 60, 0);
  expect(touched.y).toBeCloseTo(beforeTouch.y + 40, 0);

  const toggle = page.getByRole('button', { name: 'Calendar', exact: true });
  await toggle.click();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  await toggle.click();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeHidden();
  await page.context().close();
});
