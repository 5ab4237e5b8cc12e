import { demo, expect, openSignIn, signIn, test, uniqueName } from './fixtures.ts';

test('a newcomer signs up, lands on their page, keeps the session over a reload, logs out and signs in again', async ({
  page,
}) => {
  const name = uniqueName('newbie');
  const email = `${name}@example.com`;
  const password = 'a long enough secret';

  await page.goto('/signup');
  const signUp = page.getByRole('button', { name: 'Sign Up' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(signUp).toBeDisabled();
  await page.getByLabel('Repeat the password').fill(`${password}x`);
  await expect(signUp).toBeDisabled();
  await page.getByLabel('Repeat the password').press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/Passwords do not match!/);
  await page.getByLabel('Repeat the password').fill(password);
  await expect(signUp).toBeEnabled();
  await signUp.click();

  await expect(page).toHaveURL(`/user/${name}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
  // The Dashboard button is hidden on /user/ pages.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  // The session really ended on the server: a protected page now sends the visitor to sign-in.
  await page.goto(`/user/${name}`);
  await expect(page).toHaveURL('/login');

  await signIn(page, { email, password });
  await expect(page).toHaveURL(`/user/${name}`);
});

test('a taken email on sign-up shows the server message', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(demo.alice.email);
  await page.getByLabel('First Name').fill(uniqueName('dup'));
  await page.getByLabel('Password', { exact: true }).fill('another good secret');
  await page.getByLabel('Repeat the password').fill('another good secret');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Email is already in use!/);
  await expect(page).toHaveURL('/signup');
});

test('a wrong password shows the alert and clears the password field', async ({ page }) => {
  await openSignIn(page);
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  await expect(signInButton).toBeDisabled();
  // Enter with empty fields gives the empty-field alerts.
  await page.getByLabel('Email Address').press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/User email is empty!/);
  await page.getByLabel('Email Address').fill(demo.alice.email);
  await page.getByLabel('Email Address').press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/Password is empty!/);

  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/Either email is invalid or password is wrong\./);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL('/login');
});

test('the password can be shown and hidden', async ({ page }) => {
  await openSignIn(page);
  const field = page.getByLabel('Password', { exact: true });
  await field.fill('visible secret');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(field).toHaveAttribute('type', 'password');
});

test('a protected path with a query string is restored after sign-in', async ({ page }) => {
  await page.goto('/user/alice?tab=tutoring');
  await expect(page.getByRole('alert')).toHaveText(/Session Expired, Please login first/);
  await expect(page).toHaveURL('/login');
  await signIn(page, demo.alice);
  await expect(page).toHaveURL('/user/alice?tab=tutoring');
  await expect(page.getByRole('heading', { name: 'alice' })).toBeVisible();

  // With a live session, opening /login skips the form.
  await page.goto('/login');
  await expect(page).toHaveURL('/user/alice');
});

test("a teacher sees Archive, Teacher and Upload, and a Dashboard button on a student's page; a student does not", async ({
  page,
}) => {
  await openSignIn(page);
  await signIn(page, demo.teacher);
  await expect(page).toHaveURL('/user/teacher');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Archive', 'Teacher', 'Upload']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Archive' })).toHaveAttribute('href', '/questions');
  await expect(nav.getByRole('link', { name: 'Teacher', exact: true })).toHaveAttribute('href', '/teacher');
  await expect(nav.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/upload');

  // A teacher looking at a student's page gets a Dashboard button to that student's dashboard…
  await page.goto('/tutoring/alice');
  await expect(page.getByRole('heading', { name: /Questions for alice|no question/ }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/alice');
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/user/alice');
  await expect(page.getByRole('heading', { name: 'alice' })).toBeVisible();
  // …and none on the dashboard itself.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await signIn(page, demo.bob);
  await expect(page).toHaveURL('/user/bob');
  await expect(page.getByRole('heading', { name: 'bob' })).toBeVisible();
  for (const name of ['Archive', 'Teacher', 'Upload']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
});

test("a student opening another student's page is told Access Denied!", async ({ page }) => {
  await openSignIn(page);
  await signIn(page, demo.bob);
  await expect(page).toHaveURL('/user/bob');
  await page.goto('/user/alice');
  await expect(page.getByRole('alert')).toHaveText(/Access Denied!/);
  // A student refused a student's page goes to their own tutoring page.
  await expect(page).toHaveURL('/tutoring/bob');
});

test('a student refused a teacher page is sent to sign-in after the alert, with a way back', async ({
  page,
}) => {
  await openSignIn(page);
  await signIn(page, demo.bob);
  await expect(page).toHaveURL('/user/bob');
  for (const path of ['/questions', '/questions/modify', '/upload', '/marking/alice']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText(/Access Denied!/);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText(
      'You are signed in as bob, who may not open that page.',
    );
  }
  await page.getByRole('link', { name: 'your page' }).click();
  await expect(page).toHaveURL('/user/bob');
});

test("any unknown path goes to /, the owner's landing page", async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'CONTACT ME' })).toBeVisible();
});

test('sign-in works by keyboard alone and fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSignIn(page);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email Address')).toBeFocused();
  await page.keyboard.type(demo.alice.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(demo.alice.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/user/alice');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a teacher's header fits a 360 px phone with every link reachable", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, demo.teacher);
  await expect(page).toHaveURL('/user/teacher');
  await page.goto('/tutoring/alice');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log out', exact: true })).toBeInViewport({ ratio: 1 });
  // The links fold behind Menu on a phone, and the menu fits the screen.
  const menu = nav.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Dashboard', 'Archive', 'Teacher', 'Upload']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await expect(nav.getByRole('link', { name: /^Marking/ })).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Escape closes it; following a link closes it too.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await menu.click();
  await nav.getByRole('link', { name: 'Archive', exact: true }).click();
  await expect(page).toHaveURL('/questions');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Teacher', exact: true })).toBeHidden();
  await context.close();
});

test("a student's header links to their own Questions, Review and Submissions; a parent's to each child", async ({
  page,
}) => {
  await openSignIn(page);
  await signIn(page, demo.bob);
  await expect(page).toHaveURL('/user/bob');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Questions' })).toHaveAttribute('href', '/tutoring/bob');
  await expect(nav.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/review/bob');
  await expect(nav.getByRole('link', { name: 'Submissions' })).toHaveAttribute('href', '/submission/bob');
  await nav.getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL('/review/bob');
  // Each link is hidden on its own page; the others stay.
  await expect(nav.getByRole('link', { name: 'Review' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Questions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Marking/ })).toHaveCount(0);

  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await signIn(page, demo.dana);
  await expect(page).toHaveURL('/user/dana');
  await expect(nav.getByRole('link', { name: 'alice', exact: true })).toHaveAttribute('href', '/user/alice');
  await expect(nav.getByRole('link', { name: 'Questions' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'alice', exact: true }).click();
  await expect(page).toHaveURL('/user/alice');
});

test('the header hides when scrolling down past 50 px and returns on scrolling up', async ({ page }) => {
  await openSignIn(page);
  await signIn(page, demo.alice);
  await expect(page).toHaveURL('/user/alice');
  // The page's code and data have arrived (a spacer added before would go with the loading screen).
  await expect(page.getByRole('heading', { name: 'alice' })).toBeVisible();
  // Make the page tall enough to scroll.
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.querySelector('main')?.append(spacer);
  });
  const header = page.locator('header');
  await expect(header).toBeInViewport();
  await page.mouse.wheel(0, 400);
  await expect(header).not.toBeInViewport();
  await page.mouse.wheel(0, -100);
  await expect(header).toBeInViewport();
});
