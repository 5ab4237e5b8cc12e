import type { APIRequestContext, Browser, Page } from '@playwright/test';
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
 * Suggested marks in the marking inbox: each short answer says what mark is suggested and
 * why; nothing is marked on opening, waiting or moving through the answers (no request, the
 * database unchanged) until the teacher presses Enter (or taps Accept); at 480 px it fits.
 */
const password = 'student secret 2026';
// A due day no other spec uses (eleven days on from the fixed clock's start), so the inbox filtered
// by it holds this spec's answers only.
const due = hoursFromNow(24 * 11);
const dueDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(due));

test.describe.configure({ mode: 'serial' });

const names = { ann: '', ben: '', cy: '', di: '' };
type Item = {
  id: number;
  student: string;
  studentAnswer: string;
  marked: number;
  question: { title: string };
};

async function inboxItems(request: APIRequestContext): Promise<Item[]> {
  const response = await request.get(`/api/v1/marking?date=${dueDay}&size=100`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: Item[] }).content;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  for (const key of Object.keys(names) as (keyof typeof names)[]) names[key] = uniqueName(`sg${key}`);
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const name of Object.values(names)) await signUp(anonymous, name, password);
  await anonymous.dispose();
  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  const question = (title: string, answer: string) =>
    teacher.post('questions', {
      title,
      question: `${title}?`,
      type: 's',
      candidates: [],
      answer,
      explanation: 'Because.',
      hint: null,
      topics: [],
      students: Object.values(names),
      targetDate: due,
    }) as Promise<number>;
  const capital = await question('Suggest capital', 'Paris');
  const code = await question('Suggest code', '&code:&type=java:int x = a + b;');
  const answers: [string, number, string][] = [
    [names.ann, capital, 'paris.'],
    [names.ben, capital, 'Lyon'],
    [names.cy, capital, 'Nice'],
    [names.di, capital, 'LYON'],
    [names.ann, code, 'int x=a+b;'],
  ];
  for (const [name, questionId, studentAnswer] of answers) {
    const context = await playwright.request.newContext({ baseURL });
    const student = await apiAs(context, baseURL!, { email: `${name}@example.com`, password });
    await student.post('submissions/multiples', [{ questionId, studentAnswer, studentName: name }]);
    await context.dispose();
  }
  // The teacher marked Di's LYON wrong before: Ben's Lyon is the same answer.
  const di = (await inboxItems(teacherContext)).find((i) => i.student === names.di)!;
  const marked = await teacherContext.put('/api/v1/marking', {
    data: { [di.id]: -1 },
    headers: { origin: baseURL! },
  });
  expect(marked.status()).toBe(200);
  await teacherContext.dispose();
});

async function teacherPage(browser: Browser, width?: number): Promise<Page> {
  const context = await browser.newContext(width ? { viewport: { width, height: 800 } } : {});
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, demo.teacher);
  return page;
}

const row = (page: Page, name: string, title: string) =>
  page.getByRole('listitem', { name: `${name}'s answer to ${title}` });

test('suggestions say why; nothing is marked until Enter, which marks and moves on', async ({ browser }) => {
  const page = await teacherPage(browser);
  const puts: string[] = [];
  page.on('request', (request) => {
    // Any write that could store a mark (the inbox's PUT marking, a student's PUT submissions/mark).
    if (request.method() !== 'GET' && /\/api\/v1\/(marking|submissions\/mark)/.test(request.url()))
      puts.push(`${request.method()} ${request.url()}`);
  });
  const before = await inboxItems(page.request);
  expect(before.map((i) => [i.student, i.studentAnswer, i.marked])).toEqual([
    [names.ann, 'paris.', 0],
    [names.ben, 'Lyon', 0],
    [names.cy, 'Nice', 0],
    [names.ann, 'int x=a+b;', 0],
  ]);
  await page.goto(`/marking?date=${dueDay}&size=10`);
  await expect(page.getByText('4 answers to mark')).toBeVisible();

  const ann = row(page, names.ann, 'Suggest capital');
  const ben = row(page, names.ben, 'Suggest capital');
  const cy = row(page, names.cy, 'Suggest capital');
  const annCode = row(page, names.ann, 'Suggest code');
  await expect(ann).toContainText(
    'Suggested: Correct. Matches the model answer apart from case, spacing and punctuation.',
  );
  await expect(ben).toContainText('Suggested: Wrong. The same answer was marked Wrong before.');
  await expect(annCode).toContainText('Suggested: Correct. Matches the model code apart from spacing.');
  await expect(cy).not.toContainText('Suggested');
  // The reason is the answer's accessible description: read out on arriving at it.
  await expect(ann).toHaveAccessibleDescription(/^Suggested: Correct\. Matches the model answer/);

  // Open, wait, move through every answer: no mark is sent or stored.
  await ann.focus();
  await page.waitForTimeout(1000);
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'Home', 'End', 'Home'])
    await page.keyboard.press(key);
  await expect(ann).toBeFocused();
  await expect(page.getByText('0 marks to submit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  expect(puts).toEqual([]);
  expect(await inboxItems(page.request)).toEqual(before);

  // Enter accepts Ann's suggestion and moves on to Ben; Enter accepts his; Cy's has none.
  await page.keyboard.press('Enter');
  await expect(ben).toBeFocused();
  await expect(ann.getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(cy).toBeFocused();
  await expect(ben.getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(cy).toBeFocused();
  await expect(page.getByText('2 marks to submit')).toBeVisible();
  expect(puts).toEqual([]);

  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked 2 answers.' })).toBeVisible();
  expect(puts).toHaveLength(1);
  expect((await inboxItems(page.request)).map((i) => [i.student, i.studentAnswer])).toEqual([
    [names.cy, 'Nice'],
    [names.ann, 'int x=a+b;'],
  ]);
  const annPage = await page.request.get(`/api/v1/submissions/${names.ann}?size=10`);
  const marks = ((await annPage.json()) as { content: Item[] }).content.map((i) => [
    i.studentAnswer,
    i.marked,
  ]);
  expect(marks).toContainEqual(['paris.', 1]);
  await page.context().close();
});

test('at 480 px the suggestion fits and Accept marks by touch', async ({ browser }) => {
  const page = await teacherPage(browser, 480);
  await page.goto(`/marking?date=${dueDay}&size=10`);
  const annCode = row(page, names.ann, 'Suggest code');
  await expect(annCode).toContainText('Matches the model code apart from spacing.');
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  const accept = annCode.getByRole('button', { name: `Accept the suggested mark Correct for ${names.ann}` });
  await expect(accept)
    .toBeInViewport({ ratio: 0.1 })
    .catch(() => accept.scrollIntoViewIfNeeded());
  await accept.click();
  await expect(annCode.getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 mark to submit')).toBeVisible();
  await page.context().close();
});
