import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { type Account, demo, expect, openSignIn, signIn, signUp, test, uniqueName } from './fixtures.ts';

/**
 * The admin console in the browser: the administrator runs the school from /91b-admin. A new service,
 * two students subscribed to it, a parent made and linked to one of them; the parent then sees that
 * child's dashboard, and the student their new service's section. Non-admins never see the console.
 */

/** A new account signed up through the API (a student, as every sign-up is). */
async function newStudent(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, prefix: string) {
  const anonymous = await playwright.request.newContext({ baseURL });
  const account: Account = await signUp(anonymous, uniqueName(prefix), 'admin-spec-2026');
  await anonymous.dispose();
  return account;
}

/** Answers the console's confirm with OK, after checking its words. */
async function confirmWith(page: Page, words: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(words);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

async function signOutAndIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await signIn(page, who);
}

test('an admin adds a service, subscribes two students and links a parent; the parent and the student see it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const first = await newStudent(playwright, baseURL!, 'adm1');
  const second = await newStudent(playwright, baseURL!, 'adm2');
  const parent = await newStudent(playwright, baseURL!, 'admp');
  const service = `Chess ${uniqueName('c')}`;

  await openSignIn(page);
  await signIn(page, demo.teacher);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/91b-admin');
  await expect(page.getByRole('heading', { name: 'Administrator console' })).toBeVisible();

  // Post Service: Enter asks, OK adds.
  const serviceName = page.getByLabel('New service name');
  await serviceName.fill(service);
  await serviceName.press('Enter');
  await confirmWith(page, `Are you sure to post the new Service name:${service}`);
  await expect(page.getByText(`Service ${service} is added!`)).toBeVisible();

  // Services: the new column; the two students (found by their shared prefix) × the new service.
  await page.getByLabel('Find a student').fill(first.name);
  const matrix = page.getByRole('table', { name: 'Students and the services they are subscribed to' });
  await matrix.getByRole('checkbox', { name: `Select ${service}` }).check();
  await matrix.getByRole('checkbox', { name: `Select ${first.name}` }).check();
  await page.getByLabel('Find a student').fill(second.name);
  await matrix.getByRole('checkbox', { name: `Select ${second.name}` }).check();
  await expect(page.getByText('2 students × 1 service selected')).toBeVisible();
  await page.getByRole('button', { name: 'Assign the services' }).click();
  await confirmWith(page, 'Are you usre to assign the services?');
  await expect(page.getByText('Services assigned: 2 new subscriptions.')).toBeVisible();
  await expect(matrix.getByRole('img', { name: `${second.name} is subscribed to ${service}` })).toBeVisible();

  // Users: the parent's account gets the PARENT role (typed in lower case, shown in upper case).
  await page.getByLabel('Search by name or email').fill(parent.name);
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await users.getByRole('button', { name: `Edit ${parent.name}` }).click();
  const role = users.getByLabel('Role');
  await role.fill('parent');
  await expect(role).toHaveValue('PARENT');
  await users.getByRole('button', { name: 'Save' }).click();
  await confirmWith(page, `Change ${parent.name}'s roles to PARENT?`);
  await expect(page.getByText('DONE!')).toBeVisible();
  await expect(users.getByText('PARENT', { exact: true })).toBeVisible();

  // Assign Student to Parent (hidden until opened).
  await page.getByRole('button', { name: 'Assign Student to Parent' }).click();
  await page.getByLabel('Parent', { exact: true }).selectOption(parent.name);
  await page.getByLabel('Student', { exact: true }).selectOption(first.name);
  await page.getByRole('button', { name: 'Assign Student', exact: true }).click();
  await confirmWith(page, 'Are you sure to assign the child?');
  const assignments = page.getByRole('list', { name: 'Current Assignments' });
  await expect(assignments).toContainText(`${parent.name}: ${first.name}`);

  // Audit: the latest actions, newest first.
  const audit = page.getByRole('list', { name: 'Audit' });
  await expect(audit.getByRole('listitem').first()).toContainText(
    `Linked children to a parent: ${parent.name}`,
  );
  await expect(audit).toContainText(`Added a service: ${service}`);

  // The parent signs in and reaches the child's dashboard, with the new service's section.
  await signOutAndIn(page, parent);
  await expect(page).toHaveURL(`/user/${parent.name}`);
  await page.getByRole('link', { name: `${first.name}'s dashboard` }).click();
  await expect(page).toHaveURL(`/user/${first.name}`);
  await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: service })).toBeVisible();
  // Only the linked child: the other student's dashboard is refused.
  await page.goto(`/user/${second.name}`);
  await expect(page.getByText('Access Denied!')).toBeVisible();

  // The student sees the new service's section on their own dashboard.
  await signOutAndIn(page, second);
  await expect(page).toHaveURL(`/user/${second.name}`);
  const section = page.getByRole('button', { name: service });
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(`You are subscribed to ${service}.`)).toBeVisible();
});

test('the console renders nothing for a student and sends them to sign-in, remembering the address', async ({
  page,
}) => {
  await openSignIn(page);
  await signIn(page, demo.bob);
  await page.goto('/91b-admin');
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Access Denied!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Administrator console' })).toHaveCount(0);
  // Signing in as the admin from there goes back to the console.
  await page.getByLabel('Email Address').fill(demo.teacher.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.teacher.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/91b-admin');
  await expect(page.getByRole('heading', { name: 'Administrator console' })).toBeVisible();
});

test('the console works at 360 px and by keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSignIn(page);
  await signIn(page, demo.teacher);
  await page.goto('/91b-admin');
  await expect(page.getByRole('heading', { name: 'Administrator console' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Students and the services they are subscribed to' }),
  ).toBeVisible();
  // Nothing but the matrix's own box scrolls sideways (measured once every section has loaded).
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Post a service with the keyboard only: focus the field, type, Enter, Enter on the focused OK.
  const service = `Keys ${uniqueName('k')}`;
  await page.getByLabel('New service name').focus();
  await page.keyboard.type(service);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText('Are you sure to post the new Service name:');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Service ${service} is added!`)).toBeVisible();

  // A hidden section opens from the keyboard, and its content is reachable by Tab.
  const tutoring = page.getByRole('button', { name: 'Tutoring', exact: true });
  await tutoring.focus();
  await page.keyboard.press('Enter');
  await expect(tutoring).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Calendar' }).getByLabel('Target')).toBeFocused();
  await page.keyboard.type(demo.alice.name);
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('region', { name: 'Calendar' }).getByRole('button', { name: 'RELOAD' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Calendar - Reloaded')).toBeVisible();
});

test("the admin chooses which visitors' messages appear on the wall", async ({
  page,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const author = uniqueName('Visitor');
  const posted = await visitor.post('/api/v1/wall', {
    data: { author, message: 'Hello <b>there</b>, lovely portfolio!' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const onBoard = async () =>
    (
      (await (await visitor.get('/api/v1/wall?size=100')).json()) as { content: { author: string }[] }
    ).content.some((post) => post.author === author);
  expect(await onBoard()).toBe(false);

  await openSignIn(page);
  await signIn(page, demo.teacher);
  await page.goto('/91b-admin');
  await page.getByRole('button', { name: 'Wall', exact: true }).click();
  const posts = page.getByRole('list', { name: 'Wall' });
  const post = posts.getByRole('listitem').filter({ hasText: author });
  // Shown as text, never as markup.
  await expect(post).toContainText('Hello <b>there</b>, lovely portfolio!');
  await post.getByRole('button', { name: 'Show on the board' }).click();
  await expect(page.getByText('The message is on the board.')).toBeVisible();
  expect(await onBoard()).toBe(true);

  await page.getByLabel('Show', { exact: true }).selectOption('approved');
  await posts.getByRole('listitem').filter({ hasText: author }).getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('The message is hidden.')).toBeVisible();
  expect(await onBoard()).toBe(false);

  await page.getByLabel('Show', { exact: true }).selectOption('hidden');
  await posts
    .getByRole('listitem')
    .filter({ hasText: author })
    .getByRole('button', { name: 'Delete' })
    .click();
  await confirmWith(page, `Delete ${author}'s message for good?`);
  await expect(page.getByText('The message is deleted.')).toBeVisible();
  await expect(posts.getByRole('listitem').filter({ hasText: author })).toHaveCount(0);
  await visitor.dispose();
});
