import {
  demo,
  expect,
  mailsTo,
  nthMailTo,
  openSignIn,
  signIn,
  signUp,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * Password recovery in the browser (docs/product.md, "Accounts and sign-in"): forgot password, the
 * link in the mail the server sent (read from the test mail server, e2e/mailbox.ts), a new password
 * that signs the person in and ends the session another browser held; a link made in the admin
 * console; and change password from the profile dialog.
 */
test('forgot password → the mailed link → a new password signs in; an old session is refused', async ({
  browser,
  baseURL,
}) => {
  // Three browsers and a mail through SMTP: more steps than the default 30 s allows on a busy machine.
  test.setTimeout(90_000);
  const name = uniqueName('forgetful');
  // A second browser signed in before: its session must end.
  const elsewhere = await browser.newContext();
  const person = await signUp(elsewhere.request, name, 'the old long secret');
  expect((await elsewhere.request.post('/api/v1/users/login', { data: person })).status()).toBe(200);
  expect((await elsewhere.request.get('/api/v1/users/auth-check')).status()).toBe(200);

  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignIn(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  const sentence =
    'If an account uses this email address, a message with a link to set a new password is on its way. The link works once, within an hour.';
  await expect(page.getByRole('status')).toHaveText(sentence);
  // The same sentence for an email nobody uses, and no mail goes to it.
  const nobody = `${uniqueName('nobody')}@example.com`;
  await page.getByLabel('Email Address').fill(nobody);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(sentence);

  // The mail arrives over SMTP, its link under the app's address; it is opened as a mail reader would.
  const mail = await nthMailTo(person.email, 1);
  expect(mail.text).toContain(`${baseURL}/reset-password?token=`);
  expect(await mailsTo(nobody)).toEqual([]);
  const mailbox = await context.newPage();
  await mailbox.setContent(mail.html);
  await mailbox.getByRole('link', { name: 'Set a new password' }).click();
  await expect(mailbox.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  // The token leaves the address bar.
  await expect(mailbox).toHaveURL(/\/reset-password$/);
  await mailbox.getByLabel('New password', { exact: true }).fill('a fresh long secret');
  await mailbox.getByLabel('Repeat the new password').fill('a fresh long secret');
  await mailbox.getByRole('button', { name: 'Set the password' }).click();
  await expect(mailbox).toHaveURL(`/user/${name}`);
  await expect(mailbox.getByRole('heading', { name })).toBeVisible();

  // The other browser's session has ended; the old password no longer signs in, the new one does.
  expect((await elsewhere.request.get('/api/v1/users/auth-check')).status()).toBe(401);
  const headers = { origin: baseURL ?? '' };
  expect((await elsewhere.request.post('/api/v1/users/login', { data: person, headers })).status()).toBe(401);
  const fresh = { ...person, password: 'a fresh long secret' };
  const later = await browser.newContext();
  const signingIn = await later.newPage();
  await openSignIn(signingIn);
  await signIn(signingIn, fresh);
  await expect(signingIn.getByRole('heading', { name })).toBeVisible();

  // The link worked once: opened again, it says so and offers a new one.
  const again = await context.newPage();
  await again.setContent(mail.html);
  await again.getByRole('link', { name: 'Set a new password' }).click();
  await expect(again.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await again.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(again.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

  await Promise.all([elsewhere.close(), context.close(), later.close()]);
});

test('a reset link made in the admin console sets a new password', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const name = uniqueName('locked');
  const anonymous = await browser.newContext();
  const person = await signUp(anonymous.request, name, 'a forgotten long secret');

  // The administrator makes a link in the console and copies it from the dialog.
  const admin = await browser.newContext();
  const console_ = await admin.newPage();
  await openSignIn(console_);
  await signIn(console_, demo.teacher);
  await console_.goto('/91b-admin');
  await console_.getByLabel('Search by name or email').fill(name);
  await console_.getByRole('button', { name: `Make a password reset link for ${name}` }).click();
  const dialog = console_.getByRole('dialog', { name: `Password reset link for ${name}` });
  const link = await dialog.getByLabel('Link').inputValue();
  expect(link).toMatch(/\/reset-password\?token=[\w-]{43}$/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    console_.getByRole('listitem').filter({ hasText: `Made a password reset link: ${name}` }),
  ).toBeVisible();

  const page = await anonymous.newPage();
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a remembered long secret');
  await page.getByLabel('Repeat the new password').fill('a remembered long secret');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page).toHaveURL(`/user/${name}`);
  const headers = { origin: baseURL ?? '' };
  const login = { email: person.email, password: 'a remembered long secret' };
  expect((await anonymous.request.post('/api/v1/users/login', { data: login, headers })).status()).toBe(200);
  await Promise.all([anonymous.close(), admin.close()]);
});

test('change password in Edit Profile, by keyboard: the other browser is signed out, this one stays', async ({
  browser,
}) => {
  const elsewhere = await browser.newContext();
  const person = await signUp(elsewhere.request, uniqueName('changer'), 'the first long secret');
  expect((await elsewhere.request.post('/api/v1/users/login', { data: person })).status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, person);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByRole('button', { name: 'Change password' }).focus();
  await expect(dialog.getByRole('form', { name: 'Change password' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  const form = dialog.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password', { exact: true }).fill('the second long secret');
  await form.getByLabel('Repeat the new password').fill('the second long secret');
  await form.getByLabel('Repeat the new password').press('Enter');
  await expect(form.getByRole('alert')).toHaveText('currentPassword: this is not your current password.');
  await expect(form.getByRole('button', { name: 'Save the new password' })).toBeEnabled();

  await form.getByLabel('Current password').fill(person.password);
  await form.getByLabel('Repeat the new password').press('Enter');
  await expect(page.getByText('Your password is changed. Other browsers are signed out.')).toBeVisible();
  // Nothing in the dialog is wider than the phone.
  const width = await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(width).toBe(true);

  expect((await elsewhere.request.get('/api/v1/users/auth-check')).status()).toBe(401);
  expect((await context.request.get('/api/v1/users/auth-check')).status()).toBe(200);
  await Promise.all([elsewhere.close(), context.close()]);
});
