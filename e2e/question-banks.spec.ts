import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { readGift } from '../common/questions/banks/gift.ts';
import type { BankQuestion, BankRead, BankWords } from '../common/questions/banks/model.ts';
import { readMoodleXml } from '../common/questions/banks/moodleXml.ts';
import { demo, expect, openSignIn, signIn, test, uniqueName } from './fixtures.ts';

/**
 * Question bank files end to end: a GIFT and a Moodle XML file imported in the bulk upload (the
 * skipped questions listed, nothing saved before Submit), their script-carrying texts shown in the
 * archive as text, then the archive's search downloaded as GIFT and as Moodle XML and compared with
 * what was imported.
 */
const token = uniqueName('bank');
const words: BankWords = {
  true: 'True',
  false: 'False',
  alsoAccepted: (a) => `Also accepted: ${a.join(', ')}`,
};

const gift = `// Written for this test.
$CATEGORY: $course$/top/Banks ${token}

// [tag:e2e]
::${token} capital::Which city is the capital of France?{=Paris ~Lyon ~Marseille ####Paris, since 987.}

::${token} match::Match each letter with its number.{=a -> 1 =b -> 2}

::${token} polygons::Which are polygons?{~%50%Triangle ~%50%Square ~%-100%Circle ####Straight sides.}

::${token} xss::[html]<p>Safe?</p><script>window.hacked = 1</script><img src=x onerror="window.hacked = 1">{
	=[plain]<img src\\=x onerror\\=window.hacked\\=1>
	~No
	####[plain]<script>window.hacked \\= 1</script>
}

::${token} code::[plain]What prints?&code\\:&type=java\\:System.out.print("<script>window.hacked\\=1</script>");{
	=<script>window.hacked\\=1</script>
	####It prints a tag.
}

::${token} essay::Tell me about your summer.{}
`;

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/XML ${token}</text></category></question>
  <question type="truefalse">
    <name><text>${token} flat</text></name>
    <questiontext format="html"><text><![CDATA[<p>The Earth is <b>flat</b>.</p>]]></text></questiontext>
    <generalfeedback format="html"><text>It is round.</text></generalfeedback>
    <answer fraction="0"><text>true</text></answer>
    <answer fraction="100"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>${token} colour</text></name>
    <questiontext format="plain_text"><text>Name a primary colour &lt;img src=x onerror=window.hacked=1&gt;.</text></questiontext>
    <generalfeedback format="plain_text"><text>Red, green and blue light.</text></generalfeedback>
    <answer fraction="100"><text>red</text></answer>
    <hint format="plain_text"><text>Think of light.</text></hint>
  </question>
  <question type="numerical">
    <name><text>${token} days</text></name>
    <questiontext><text>How many days has a leap year?</text></questiontext>
  </question>
</quiz>
`;

const questionsOf = (read: BankRead | { problem: string }): BankQuestion[] => {
  if ('problem' in read) throw new Error(`refused: ${read.problem}`);
  return read.questions.map((q) => q.question);
};
const byTitle = (questions: BankQuestion[]) => [...questions].sort((a, b) => a.title.localeCompare(b.title));

async function importFile(page: Page, name: string, text: string) {
  await page
    .getByLabel(/^Import a file/)
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
}

test('a GIFT and a Moodle XML file go in through the bulk upload and come out of the archive the same', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openSignIn(page);
  await signIn(page, demo.teacher);
  const api = page.context().request;
  const found = async () =>
    (await (await api.get(`/api/v1/questions?field=title&q=${token}`)).json()).totalElements as number;

  await page.goto('/upload/multiples');
  await importFile(page, 'bank.gift', gift);
  const editor = page.getByRole('region', { name: 'JSON editor' });
  await expect(
    editor.getByText(
      'Read 4 questions from the file; 2 not imported (listed below). Nothing is saved until you Submit.',
    ),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: '2 questions not imported' }).getByRole('listitem'),
  ).toHaveText(['Question 2 (matching) skipped', 'Question 6 (essay) skipped']);
  await expect(page.getByText('4 questions parsed, all ready.')).toBeVisible();
  expect(await found()).toBe(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(editor.getByRole('status').filter({ hasText: /^Saved/ })).toHaveText('Saved 4 questions.');

  await importFile(page, 'quiz.xml', xml);
  await expect(
    page.getByRole('region', { name: '1 question not imported' }).getByRole('listitem'),
  ).toHaveText(['Question 3 (numerical) skipped']);
  await expect(page.getByText('2 questions parsed, all ready.')).toBeVisible();
  expect(await found()).toBe(4);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(editor.getByRole('status').filter({ hasText: /^Saved/ })).toHaveText('Saved 2 questions.');
  expect(await found()).toBe(6);

  // Stored, then shown: the script-carrying texts are text, and nothing of them runs.
  await page.goto(`/questions?field=title&q=${token}&size=10`);
  const xss = page.getByRole('article', { name: new RegExp(`${token} xss$`) });
  await expect(xss.getByText('<img src=x onerror=window.hacked=1>').first()).toBeVisible();
  await expect(xss.getByText('<script>window.hacked = 1</script>')).toBeVisible();
  const code = page.getByRole('article', { name: new RegExp(`${token} code$`) });
  await expect(code.getByRole('figure')).toContainText(
    'System.out.print("<script>window.hacked=1</script>");',
  );
  await expect(page.getByRole('article', { name: new RegExp(`${token} colour$`) })).toContainText(
    'Name a primary colour <img src=x onerror=window.hacked=1>.',
  );
  await expect(page.locator('main script, main img, main [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: unknown }).hacked)).toBeUndefined();
  expect(dialogs).toEqual([]);

  const imported = byTitle([
    ...questionsOf(readGift(gift, words)),
    ...questionsOf(readMoodleXml(xml, words)),
  ]);
  for (const [format, read] of [
    ['GIFT', (text: string) => readGift(text, words)],
    ['Moodle XML', (text: string) => readMoodleXml(text, words)],
  ] as const) {
    await page.getByLabel('Format').selectOption({ label: format });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download 6 questions found' }).click(),
    ]);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(byTitle(questionsOf(read(text)))).toEqual(imported);
  }
  await page.context().close();
});
