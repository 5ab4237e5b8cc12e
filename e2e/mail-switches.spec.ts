import {
  apiAs,
  demo,
  expect,
  hoursFromNow,
  nthMailTo,
  openSignIn,
  signIn,
  signUp,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * The notification mail switches (docs/product.md, "Mail"): a switch in Edit Profile stays as set
 * after a reload, and the unsubscribe link of a digest the server mailed (read from the test mail
 * server, e2e/mailbox.ts) switches that kind off with one click, without signing in.
 */
test('a mail switch in Edit Profile stays off; the mailed unsubscribe link turns it off in one click', async ({
  browser,
  baseURL,
  playwright,
}) => {
  // The digest goes at the scheduler's next pass, once a minute.
  test.setTimeout(150_000);
  const name = uniqueName('mailed');
  const context = await browser.newContext();
  const person = await signUp(context.request, name, 'a mailed long secret');
  // Off at once, before any work is assigned: a pass finding the switch on with nothing new would
  // decide today's digest, empty, and no mail would come today. The pages below take seconds; this
  // leaves a pass the time of one sign-in to fall in.
  // As a script would, on a request context of its own: the browser signs in through the page below.
  const api = await playwright.request.newContext({ baseURL });
  await apiAs(api, baseURL!, person);
  const off = await api.put('/api/v1/mail/switches', {
    data: { kind: 'student-digest', on: false },
    headers: { origin: baseURL! },
  });
  expect(off.status(), await off.text()).toBe(200);
  const teacher = await apiAs(await playwright.request.newContext({ baseURL }), baseURL!, demo.teacher);
  const title = uniqueName('Fractions');
  await teacher.post('questions', {
    title,
    question: 'What is a half of a half?',
    type: 'm',
    candidates: ['a quarter', 'a third'],
    answer: 'a quarter',
    explanation: 'Half of 1/2 is 1/4.',
    students: [name],
    targetDate: hoursFromNow(30),
  });

  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, person);
  await page.goto(`/user/${name}`);
  const daily = page
    .getByRole('dialog', { name: 'Edit Profile' })
    .getByRole('group', { name: 'Mail' })
    .getByLabel('New work and marks (daily)');
  const digestSwitch = async () => {
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    return daily;
  };
  // The box shows what the server saved, and turns once the answer is back. From here on, work
  // is waiting: a pass that finds the switch on mails it.
  await expect(await digestSwitch()).not.toBeChecked();
  await daily.click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(daily).toBeChecked();
  await daily.click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(daily).not.toBeChecked();
  await page.reload();
  await expect(await digestSwitch()).not.toBeChecked();
  // The dialog is still open from the reload's check.
  await daily.click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(daily).toBeChecked();

  // The daily digest tells of the new work and carries the one-click link (RFC 8058 headers too).
  const mail = await nthMailTo(person.email, 1, 100_000);
  expect(mail.raw).toMatch(/^Subject: 1 new question\r?$/m);
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(mail.text).toContain(title);
  const reader = await browser.newContext();
  const mailbox = await reader.newPage();
  await mailbox.setContent(mail.html);
  await mailbox.getByRole('link', { name: 'Unsubscribe' }).click();
  // The link's page asks first (a scanner following links switches nothing off); one click does it.
  await expect(mailbox.getByText('Stop the mail “New work and marks (daily)”?')).toBeVisible();
  await mailbox.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    mailbox.getByText('Done: you will no longer get “New work and marks (daily)”.', { exact: false }),
  ).toBeVisible();

  await page.reload();
  await expect(await digestSwitch()).not.toBeChecked();
  await Promise.all([context.close(), reader.close(), api.dispose()]);
});
