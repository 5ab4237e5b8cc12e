import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { formatDateTime } from '../common/dates.ts';
import * as koAuthoring from '../common/i18n/ko/authoringTexts.ts';
import * as koMarking from '../common/i18n/ko/markingTexts.ts';
import * as ko from '../common/i18n/ko/messages.ts';
import { submissionTexts as koSubmissionTexts } from '../common/i18n/ko/submissionTexts.ts';
import { tutoringTexts as koTutoringTexts } from '../common/i18n/ko/tutoringTexts.ts';
import * as en from '../common/messages.ts';
import { submissionTexts as enSubmissionTexts } from '../common/submissionTexts.ts';
import { tutoringTexts as enTutoringTexts } from '../common/tutoringTexts.ts';
import { e2eNow } from './clock.ts';
import { apiAs, demo, expect, hoursFromNow, signUp, test, uniqueName } from './fixtures.ts';

/**
 * The interface in English and in Korean. The main flow (sign in, answer a question, find
 * it among the submissions) runs once in each browser language; the header's switch changes the
 * language, and the choice follows the user to another browser after signing out and in; a page the
 * server rendered comes in the browser's language and the app takes it over without redrawing it.
 */
const texts = { en, ko } as const;
/** The student's pages' words in each language (common/tutoringTexts.ts, common/submissionTexts.ts). */
const pageTexts = {
  en: { tutoring: enTutoringTexts, submissions: enSubmissionTexts },
  ko: { tutoring: koTutoringTexts, submissions: koSubmissionTexts },
} as const;
const LOCALES = { en: 'en-US', ko: 'ko-KR' } as const;
/** The header's navigation, by its name in either language (the switch changes it). */
const mainNav = (page: Page) =>
  page.getByRole('navigation', { name: new RegExp(`^(${en.headerTexts.nav}|${ko.headerTexts.nav})$`) });

/** A new student with one question due (made through the API, as a teacher would). */
async function studentWithQuestion(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  title: string,
) {
  const name = uniqueName('lang');
  const student = { email: `${name}@example.com`, password: 'student secret 2026', name };
  const anonymous = await playwright.request.newContext({ baseURL });
  expect(
    (
      await anonymous.post('/api/v1/users/signup', {
        data: { email: student.email, username: name, password: student.password },
      })
    ).status(),
  ).toBe(200);
  await anonymous.dispose();
  const context = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(context, baseURL, demo.teacher);
  await teacher.post('questions', {
    title,
    question: `Answer ${title}.`,
    type: 'm',
    candidates: ['3', '4'],
    answer: '4',
    explanation: 'Two and two.',
    hint: 'Count.',
    topics: ['practice'],
    students: [name],
    targetDate: hoursFromNow(30),
  });
  await context.dispose();
  return student;
}

async function signInIn(
  page: Page,
  language: keyof typeof texts,
  who: { email: string; password: string },
): Promise<void> {
  const { authTexts } = texts[language];
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: authTexts.signInTitle, exact: true })).toBeVisible();
  await expect(page.getByLabel(authTexts.emailLabel)).toBeEditable();
  await page.getByLabel(authTexts.emailLabel).fill(who.email);
  await page.getByLabel(authTexts.passwordLabel, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: authTexts.signInButton, exact: true }).click();
  await expect(page).toHaveURL(/\/user\//);
}

for (const language of ['en', 'ko'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'Korean'} (browser ${LOCALES[language]})`, () => {
    test.use({ locale: LOCALES[language] });

    test('the main flow: sign in, answer a question, see it among the submissions', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const { headerTexts, layoutTexts } = texts[language];
      const { tutoring, submissions } = pageTexts[language];
      const title = uniqueName('Sum');
      const student = await studentWithQuestion(playwright, baseURL!, title);
      await signInIn(page, language, student);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const nav = mainNav(page);
      await expect(nav.getByRole('combobox', { name: headerTexts.language })).toHaveValue(language);
      await nav.getByRole('link', { name: headerTexts.questions, exact: true }).click();
      await expect(page).toHaveURL(`/tutoring/${student.name}`);
      await expect(
        page.getByRole('heading', { name: tutoring.heading(student.name), level: 1 }),
      ).toBeVisible();
      const panel = page.getByRole('complementary');
      await expect(panel.getByRole('heading', { name: tutoring.answerTitle })).toBeVisible();
      await expect(page.getByLabel(layoutTexts.perPage)).toBeVisible();
      const card = page.locator('article').filter({ hasText: title });
      await expect(card.getByText(tutoring.hintLabel, { exact: true })).toBeVisible();
      await expect(card).toContainText(tutoring.dueAt);
      await card.getByRole('radio', { name: '4', exact: true }).check();
      await expect(panel.getByText(tutoring.progress(1, 1))).toBeVisible();
      await panel.getByRole('button', { name: tutoring.submitAll }).click();
      // The submit confirm, in the language shown, with its buttons.
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(submissions.confirmSubmit);
      await expect(dialog.getByRole('button', { name: layoutTexts.cancel })).toBeVisible();
      await dialog.getByRole('button', { name: layoutTexts.ok }).click();
      await expect(page.getByRole('status').filter({ hasText: submissions.submitted(1, 1) })).toBeVisible();
      await nav.getByRole('link', { name: headerTexts.submissions, exact: true }).click();
      await expect(page).toHaveURL(`/submission/${student.name}`);
      await expect(page.getByRole('heading', { name: new RegExp(title) }).first()).toBeVisible();
      // The submission's check result and the score, in the language shown.
      await expect(
        page.getByRole('heading', { name: submissions.submissions.heading, level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId('score')).toHaveText(submissions.submissions.score(1, 1, '100.00'));
      const result = page.locator('article').filter({ hasText: title }).locator('dl');
      await expect(result.locator('dt')).toHaveText([
        submissions.check.yourAnswer,
        submissions.check.correctAnswer,
        submissions.check.result,
        submissions.check.submitted,
        submissions.check.explanation,
      ]);
      await expect(result.locator('dd').nth(2)).toHaveText(submissions.check.correct);
      await expect(
        page.getByRole('complementary').getByRole('heading', { name: tutoring.checkTitle }),
      ).toBeVisible();
      // Review: nothing wrong to redo.
      await nav.getByRole('link', { name: headerTexts.review, exact: true }).click();
      await expect(page).toHaveURL(`/review/${student.name}`);
      await expect(page.getByRole('heading', { name: submissions.review.heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: submissions.review.nothing })).toBeVisible();
      await expect(page.getByRole('button', { name: submissions.review.submit, exact: true })).toBeDisabled();
      // Still the same language after all that; nothing on the page in the other one's header words.
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const other = texts[language === 'en' ? 'ko' : 'en'].headerTexts;
      await expect(nav.getByRole('link', { name: other.review, exact: true })).toHaveCount(0);
    });

    test('a prerendered page comes in the browser language and is taken over without being redrawn', async ({
      page,
    }) => {
      const { authTexts } = texts[language];
      const complaints: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
      });
      page.on('pageerror', (error) => complaints.push(error.message));
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removed: string[] }).removed = removed;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.tagName);
        }).observe(document, { childList: true, subtree: true });
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/*.js', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto('/login', { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { name: authTexts.signInTitle, exact: true });
      // Painted from the server's HTML, in the browser's language, before any script has run.
      await expect(heading).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const box = await heading.boundingBox();
      release();
      await expect(page.getByLabel(authTexts.emailLabel)).toBeEditable();
      await page.getByLabel(authTexts.emailLabel).fill('someone@example.com');
      expect(await heading.boundingBox()).toEqual(box);
      expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).not.toContain(
        'MAIN',
      );
      expect(complaints.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([]);
    });
  });
}

test.describe('switching', () => {
  test.use({ locale: 'en-US' });

  test('the header switches to Korean; the choice stays after signing out and follows the user to another browser', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const student = await studentWithQuestion(playwright, baseURL!, uniqueName('Switch'));
    await signInIn(page, 'en', student);
    const nav = mainNav(page);
    const switcher = nav.getByRole('combobox', { name: en.headerTexts.language });
    // By keyboard: focus the switch and pick the other language with the arrow key.
    await switcher.focus();
    await switcher.selectOption('ko');
    await expect(nav.getByRole('link', { name: ko.headerTexts.questions, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(nav.getByRole('combobox', { name: ko.headerTexts.language })).toHaveValue('ko');
    await expect(nav.getByRole('link', { name: ko.headerTexts.logout })).toBeVisible();

    // Signed out, this browser still shows Korean (the server renders the sign-in page in it).
    await nav.getByRole('link', { name: ko.headerTexts.logout }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: ko.authTexts.signInTitle, exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: ko.authTexts.signInTitle, exact: true })).toBeVisible();

    // Another browser, English by its own languages: after signing in, the account's Korean wins.
    const context = await browser.newContext({ locale: 'en-US' });
    const elsewhere = await context.newPage();
    await signInIn(elsewhere, 'en', student);
    const otherNav = mainNav(elsewhere);
    await expect(otherNav.getByRole('link', { name: ko.headerTexts.questions, exact: true })).toBeVisible();
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'ko');
    // Back to English there, saved again: the first browser's next sign-in is English too.
    await otherNav.getByRole('combobox', { name: ko.headerTexts.language }).selectOption('en');
    await expect(otherNav.getByRole('link', { name: en.headerTexts.questions, exact: true })).toBeVisible();
    await context.close();
  });

  test('the switch on the sign-in page works at 480 px, by keyboard', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 480, height: 800 } });
    const page = await context.newPage();
    await page.goto('/login');
    const switcher = page.getByRole('combobox', { name: en.headerTexts.language });
    await expect(switcher).toBeEnabled();
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('heading', { name: ko.authTexts.signInTitle, exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

test.describe('a teacher in Korean (browser ko-KR)', () => {
  test.use({ locale: 'ko-KR' });

  test("a bulk upload the server refuses shows the server's problem at its item, in Korean", async ({
    page,
  }) => {
    const { bulkTexts } = koAuthoring;
    await page.goto('/login');
    await expect(page.getByLabel(ko.authTexts.emailLabel)).toBeEditable();
    await page.getByLabel(ko.authTexts.emailLabel).fill(demo.teacher.email);
    await page.getByLabel(ko.authTexts.passwordLabel, { exact: true }).fill(demo.teacher.password);
    await page.getByRole('button', { name: ko.authTexts.signInButton, exact: true }).click();
    await expect(page).toHaveURL(/\/user\//);
    await page.goto('/upload/multiples');
    const ghost = uniqueName('ghost');
    const item = (students: string[]) => ({
      title: uniqueName('묶음'),
      question: '2 더하기 2는?',
      type: 'm',
      candidates: ['3', '4'],
      answer: '4',
      explanation: '둘에 둘을 더하면 넷.',
      students,
      generatedDate: hoursFromNow(-1),
      targetDate: hoursFromNow(30),
    });
    await page.getByLabel(bulkTexts.json).fill(JSON.stringify([item([demo.alice.name]), item([ghost])]));
    await page.getByRole('button', { name: bulkTexts.submit, exact: true }).click();
    // Only the server knows the student does not exist: its answer names the problem in Korean.
    // The second question (`[1]`) is 2번 항목 on its card and in the alert: people count from 1.
    await expect(page.getByRole('list', { name: '2번 항목의 문제점' })).toHaveText(
      koAuthoring.questionSaveTexts.unknownStudent(ghost),
    );
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `2번 항목: ${koAuthoring.questionSaveTexts.unknownStudent(ghost)}` }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: '1번 항목의 문제점' })).toHaveCount(0);
  });

  test('uploads a question, marks an answer in the inbox and finds the question in the archive, in Korean', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { uploadTexts, questionTexts, archiveTexts } = koAuthoring;
    const { markingInboxTexts: inbox } = koMarking;
    // A new student with an answer waiting to be marked (made through the API).
    const anonymous = await playwright.request.newContext({ baseURL });
    const student = await signUp(anonymous, uniqueName('hana'), 'student secret 2026');
    await anonymous.dispose();
    const teacherContext = await playwright.request.newContext({ baseURL });
    const teacherApi = await apiAs(teacherContext, baseURL!, demo.teacher);
    const questionId = (await teacherApi.post('questions', {
      title: uniqueName('Capital'),
      question: 'The capital of Korea?',
      type: 's',
      candidates: [],
      answer: 'Seoul',
      explanation: 'It is.',
      hint: null,
      topics: [],
      students: [student.name],
      targetDate: hoursFromNow(30),
    })) as number;
    await teacherContext.dispose();
    const studentContext = await playwright.request.newContext({ baseURL });
    const studentApi = await apiAs(studentContext, baseURL!, student);
    await studentApi.post('submissions/multiples', [
      { questionId, studentAnswer: 'Busan', studentName: student.name },
    ]);
    await studentContext.dispose();

    // The teacher has chosen no language: the browser's Korean decides.
    await page.goto('/login');
    await expect(page.getByLabel(ko.authTexts.emailLabel)).toBeEditable();
    await page.getByLabel(ko.authTexts.emailLabel).fill(demo.teacher.email);
    await page.getByLabel(ko.authTexts.passwordLabel, { exact: true }).fill(demo.teacher.password);
    await page.getByRole('button', { name: ko.authTexts.signInButton, exact: true }).click();
    await expect(page).toHaveURL(/\/user\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

    // Upload: the form's labels, its first alert and its success in Korean.
    await page.goto('/upload');
    await expect(page.getByRole('heading', { name: uploadTexts.heading, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: uploadTexts.assign }).click();
    await expect(page.getByRole('alert').filter({ hasText: uploadTexts.answerMissing })).toBeVisible();
    const title = uniqueName('덧셈');
    await page.getByLabel(uploadTexts.assignmentTitle, { exact: true }).fill(title);
    await page.getByLabel(uploadTexts.questionText, { exact: true }).fill('2 더하기 2는?');
    await page.getByLabel(questionTexts.type, { exact: true }).selectOption('s');
    await page.getByLabel(questionTexts.answer, { exact: true }).fill('4');
    await page.getByLabel(questionTexts.explanation, { exact: true }).fill('둘에 둘을 더하면 넷.');
    const due = formatDateTime(new Date(e2eNow().getTime() + 30 * 3_600_000), 'Asia/Seoul').slice(0, 16);
    await page.getByLabel(uploadTexts.dueDate, { exact: true }).fill(due);
    await expect(page.getByText(questionTexts.zoneTime('Asia/Seoul'))).toBeVisible();
    await page.getByPlaceholder(uploadTexts.searchStudents).fill(student.name);
    await page.getByRole('checkbox', { name: student.name }).check();
    await expect(page.getByText(uploadTexts.chosen(1))).toBeVisible();
    await page.getByRole('button', { name: uploadTexts.assign }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('term').first()).toHaveText(questionTexts.title);
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: /^(OK|확인)$/ }).click();
    await expect(page.getByText(uploadTexts.uploaded)).toBeVisible();

    // The marking inbox for the new student: headings, keys, buttons and the count in Korean.
    await page.goto(`/marking/${student.name}`);
    await expect(page.getByRole('heading', { name: inbox.title(student.name), level: 1 })).toBeVisible();
    await expect(page.getByText(inbox.toMark(1))).toBeVisible();
    await expect(page.locator('#marking-keys')).toContainText(inbox.keysIntro);
    await expect(page.getByText(inbox.modelAnswer, { exact: true })).toBeVisible();
    const answer = page.getByRole('listitem', { name: new RegExp(`^${student.name} 학생이`) });
    await answer.getByRole('button', { name: inbox.wrong, exact: true }).click();
    await expect(page.getByText(inbox.marksToSubmit(1))).toBeVisible();
    await page.getByRole('button', { name: inbox.submit, exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(inbox.confirmSubmit);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(OK|확인)$/ })
      .click();
    await expect(page.getByText(inbox.marked(1))).toBeVisible();
    await expect(page.getByText(inbox.nothingToMark(student.name, null))).toBeVisible();
    await page.getByRole('link', { name: inbox.everyStudentsAnswers }).click();
    await expect(page.getByRole('heading', { name: inbox.title(null), level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: inbox.student })).toHaveValue('');
    await expect(page.getByRole('link', { name: inbox.teacherPage })).toBeVisible();

    // The archive finds the uploaded question and names its parts in Korean.
    await page.goto('/questions');
    await expect(page.getByRole('heading', { name: archiveTexts.heading, level: 1 })).toBeVisible();
    await page.getByLabel(archiveTexts.searchText).fill(title);
    await page.getByRole('button', { name: archiveTexts.search, exact: true }).click();
    await expect(page.getByText(archiveTexts.found(1, title))).toBeVisible();
    const card = page.getByRole('article', { name: new RegExp(title) });
    await expect(card).toContainText(questionTexts.typeNames.s);
    await expect(card.getByRole('term')).toHaveText([questionTexts.answer, questionTexts.explanation]);
    await expect(card.getByRole('checkbox', { name: archiveTexts.duplicate })).toBeVisible();
    // None of the teacher pages' English words were left behind.
    for (const english of [
      'Archive',
      'Search',
      'Answer',
      'Explanation',
      'Duplicate',
      'Reassign',
      'Short answer',
    ])
      await expect(page.locator('main')).not.toContainText(english);
  });
});
