import type { APIRequestContext } from '@playwright/test';
import {
  type Account,
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
 * What people see: a parent's read-only views and where a refusal takes them; Review keeps
 * its ticks as drafts and shows the last answer as options; the empty tutoring page; /signup while
 * signed in; code without a language tag labelled "Code".
 */
const password = 'student secret 2026';

function newStudent(request: APIRequestContext): Promise<Account> {
  return signUp(request, uniqueName('view'), password);
}

test("a parent sees the child's pages read-only, and a refusal takes them to their own dashboard", async ({
  page,
}) => {
  await openSignIn(page);
  await signIn(page, demo.dana);
  await page.goto('/tutoring/alice');
  await expect(
    page.getByText("You are viewing alice's questions. Only alice can answer them."),
  ).toBeVisible();
  await expect(page.locator('article').first()).toBeVisible();
  const main = page.locator('main');
  await expect(main.getByRole('textbox')).toHaveCount(0);
  await expect(main.getByRole('radio')).toHaveCount(0);
  await expect(main.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit All' })).toHaveCount(0);

  await page.goto('/review/alice');
  await expect(page.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);

  await page.goto('/tutoring/bob');
  await expect(page.getByRole('alert').filter({ hasText: 'Access Denied!' })).toBeVisible();
  await expect(page).toHaveURL('/user/dana');
});

test('review keeps its ticks as drafts across a reload, and shows the last answer as its options', async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const student = await newStudent(anonymous);
  await anonymous.dispose();
  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  const id = (await teacher.post('questions', {
    title: 'Evens',
    question: 'Which are even?',
    type: 'M',
    candidates: ['2', '5', '6'],
    answer: '["2","6"]',
    explanation: '2 and 6 divide by 2.',
    hint: null,
    topics: [],
    students: [student.name],
    targetDate: hoursFromNow(30),
  })) as number;
  await teacherContext.dispose();
  const studentContext = await playwright.request.newContext({ baseURL });
  const api = await apiAs(studentContext, baseURL!, student);
  await api.post('submissions/multiples', [
    { questionId: id, studentAnswer: '["2"]', studentName: student.name },
  ]);
  await studentContext.dispose();

  await openSignIn(page);
  await signIn(page, student);
  await page.goto(`/review/${student.name}`);
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: /Evens/ }) });
  // "Your last answer" lists the option chosen, never the stored `["2"]`.
  await expect(card.getByText('Your last answer:')).toBeVisible();
  await expect(card).not.toContainText('["2"]');
  await expect(card.getByRole('listitem').filter({ hasText: /^2$/ })).toBeVisible();

  await card.getByRole('checkbox', { name: '6' }).check();
  await card.getByRole('checkbox', { name: '2' }).check();
  await expect(page.getByText('Answers saved')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('checkbox', { name: '6' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: '2' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: '5' })).not.toBeChecked();
});

test('the empty tutoring page says what to do next; /signup while signed in goes to the dashboard', async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const student = await newStudent(anonymous);
  await anonymous.dispose();
  await openSignIn(page);
  await signIn(page, student);
  await page.goto(`/tutoring/${student.name}`);
  await expect(
    page.getByRole('heading', { name: "Oops! It seems there's no question for today's session." }),
  ).toBeVisible();
  const panel = page.getByRole('complementary');
  await expect(panel).toContainText(
    'No questions to answer right now. New ones from your teacher will appear here.',
  );
  await expect(page.locator('body')).not.toContainText('Hello, there');
  await expect(page.getByRole('main').getByRole('link', { name: 'Review' })).toHaveAttribute(
    'href',
    `/review/${student.name}`,
  );

  await page.goto('/signup');
  await expect(page).toHaveURL(`/user/${student.name}`);
});

test('code without a language tag is labelled "Code", never a language it may not be', async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const student = await newStudent(anonymous);
  await anonymous.dispose();
  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  // Bulk JSON with Python code and no tag.
  await teacher.post('questions/multiples', [
    {
      title: 'Untagged',
      question: 'What prints?&code:print([n * n for n in range(3)])',
      type: 's',
      candidates: [],
      answer: '[0, 1, 4]',
      explanation: 'Squares.',
      hint: null,
      topics: [],
      students: [student.name],
      generatedDate: hoursFromNow(-1),
      targetDate: hoursFromNow(30),
    },
  ]);
  await teacherContext.dispose();
  await openSignIn(page);
  await signIn(page, student);
  await page.goto(`/tutoring/${student.name}`);
  const figure = page.locator('article').filter({ hasText: 'Untagged' }).locator('figure');
  await expect(figure.locator('figcaption')).toHaveText('Code');
  await expect(figure.locator('code')).toHaveText('print([n * n for n in range(3)])');
});

/** Whether two boxes share any area. */
const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("floating panels open where they cover neither the page's title nor its first card", async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const student = await newStudent(anonymous);
  await anonymous.dispose();
  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  const id = (await teacher.post('questions', {
    title: 'Panel place',
    question: 'Which one?',
    type: 'm',
    candidates: ['a', 'b'],
    answer: 'a',
    explanation: 'Because a.',
    hint: null,
    topics: [],
    students: [student.name],
    targetDate: hoursFromNow(30),
  })) as number;
  await teacherContext.dispose();
  const studentContext = await playwright.request.newContext({ baseURL });
  const api = await apiAs(studentContext, baseURL!, student);
  await api.post('submissions/multiples', [
    { questionId: id, studentAnswer: 'b', studentName: student.name },
  ]);
  await studentContext.dispose();

  await openSignIn(page);
  await signIn(page, student);
  await page.goto(`/submission/${student.name}`);
  const firstCard = page.locator('main article').first();
  await expect(firstCard).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Calendar', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByTestId('floating-panel');
  await expect(panel.getByRole('region', { name: 'Calendar' })).toBeVisible();
  const panelBox = (await panel.boundingBox())!;
  expect(intersects(panelBox, (await page.locator('main h1').first().boundingBox())!)).toBe(false);
  expect(intersects(panelBox, (await firstCard.boundingBox())!)).toBe(false);

  await page.goto('/logout');
  await signIn(page, demo.teacher);
  await page.goto('/questions');
  const archiveCard = page.locator('main article').first();
  await expect(archiveCard).toBeVisible();
  const reassign = page.getByTestId('floating-panel');
  await expect(reassign).toBeVisible();
  const reassignBox = (await reassign.boundingBox())!;
  expect(intersects(reassignBox, (await page.locator('main h1').first().boundingBox())!)).toBe(false);
  expect(intersects(reassignBox, (await archiveCard.boundingBox())!)).toBe(false);
});
