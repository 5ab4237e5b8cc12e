import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../common/contracts/admin.ts';
import type { Page } from '../../common/contracts/paging.ts';
import type { WallPost, WallPostForModeration } from '../../common/contracts/portfolio.ts';
import { portfolioLimits } from '../../common/limits.ts';
import { portfolioApiMessages } from '../../common/messages.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
beforeAll(async () => {
  // Many posts from one test address: a limit far above what these tests send (the limit has its own test).
  t = await startTestApp({ env: { WALL_POSTS_PER_ADDRESS_PER_HOUR: '1000' } });
  admin = await t.createUser({ roles: ['ADMIN'] });
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

async function post(body: unknown, app: TestApp = t) {
  return app.request({ method: 'POST', url: '/api/v1/wall', payload: body as object });
}

async function posted(message: string, author?: string): Promise<WallPostForModeration> {
  const response = await post({ message, author });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as WallPostForModeration;
}

async function board(): Promise<Page<WallPost>> {
  const response = await t.request({ method: 'GET', url: '/api/v1/wall?size=100' });
  expect(response.statusCode).toBe(200);
  return response.json() as Page<WallPost>;
}

async function moderate(id: number, state: string, as: TestUser = admin) {
  return t.request({ method: 'PATCH', url: `/api/v1/wall/moderation/${id}`, as, payload: { state } });
}

describe('posting', () => {
  it('stores a visitor’s message as pending, with the server’s time and Anonymous for no name', async () => {
    const created = await posted('Hello from Busan!');
    expect(created).toMatchObject({
      author: 'Anonymous',
      message: 'Hello from Busan!',
      state: 'pending',
      createdDate: '2026-03-10T10:00:00+09:00',
      moderatedDate: null,
    });
    expect((await posted('  Hi  ', '  Min  ')).author).toBe('Min');
  });

  const cases: [string, unknown, string][] = [
    ['an empty message', { message: '   ' }, 'message: must not be empty'],
    [
      'a message too long',
      { message: 'x'.repeat(portfolioLimits.wallMessageMax + 1) },
      `message: must be at most ${portfolioLimits.wallMessageMax} characters`,
    ],
    ['more than 10 lines', { message: `${'a\n'.repeat(10)}b` }, 'message: must be at most 10 lines'],
    ['a control character', { message: 'bell\u0007' }, 'message: must not contain control characters'],
    ['a direction override', { message: 'abc\u202edef' }, 'message: must not contain control characters'],
    [
      'an author too long',
      { message: 'hi', author: 'a'.repeat(41) },
      'author: must be at most 40 characters',
    ],
    ['a message that is not text', { message: 42 }, 'message: must be a text'],
  ];
  for (const [what, body, message] of cases) {
    it(`refuses ${what} (400 naming the field)`, async () => {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });
  }

  it('keeps markup as the text it is: stored and answered unchanged, as a JSON string', async () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"\nline two';
    const created = await posted(markup, '<b>bold</b>');
    expect(created.message).toBe(markup);
    expect(created.author).toBe('<b>bold</b>');
    expect((await moderate(created.id, 'approved')).statusCode).toBe(200);
    const response = await t.request({ method: 'GET', url: '/api/v1/wall?size=100' });
    expect(response.headers['content-type']).toContain('application/json');
    const shown = (response.json() as Page<WallPost>).content.find((p) => p.id === created.id);
    expect(shown?.message).toBe(markup);
    // Served as JSON that browsers may not sniff as a page; the pages render it as text.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('turns Windows line breaks into one kind', async () => {
    expect((await posted('one\r\ntwo')).message).toBe('one\ntwo');
  });
});

describe('moderation', () => {
  it('shows only approved posts on the public board, newest first; hiding takes one off again', async () => {
    const first = await posted('first');
    const second = await posted('second');
    const third = await posted('third');
    expect((await board()).content.map((p) => p.id)).not.toContain(first.id);
    expect((await moderate(first.id, 'approved')).json()).toMatchObject({ state: 'approved' });
    expect((await moderate(third.id, 'approved')).statusCode).toBe(200);
    let shown = (await board()).content.map((p) => p.id);
    expect(shown).toContain(first.id);
    expect(shown).toContain(third.id);
    expect(shown).not.toContain(second.id);
    expect(shown.indexOf(third.id)).toBeLessThan(shown.indexOf(first.id));
    const hidden = await moderate(third.id, 'hidden');
    expect(hidden.json()).toMatchObject({ state: 'hidden', moderatedDate: '2026-03-10T10:00:00+09:00' });
    shown = (await board()).content.map((p) => p.id);
    expect(shown).not.toContain(third.id);
    // The public board never says what state a post is in.
    expect(Object.keys((await board()).content[0]!).sort()).toEqual([
      'author',
      'createdDate',
      'id',
      'message',
    ]);
  });

  it('lists every post with its state for the owner, paged, narrowed by ?state=', async () => {
    const pending = await posted('waiting');
    const all = await t.request({ method: 'GET', url: '/api/v1/wall/moderation?size=100', as: admin });
    expect(all.statusCode).toBe(200);
    const page = all.json() as Page<WallPostForModeration>;
    expect(page.content.find((p) => p.id === pending.id)).toMatchObject({
      state: 'pending',
      message: 'waiting',
    });
    const onlyPending = (
      await t.request({ method: 'GET', url: '/api/v1/wall/moderation?state=pending&size=100', as: admin })
    ).json() as Page<WallPostForModeration>;
    expect(onlyPending.content.every((p) => p.state === 'pending')).toBe(true);
    expect(onlyPending.totalElements).toBeLessThan(page.totalElements);
    const small = (
      await t.request({ method: 'GET', url: '/api/v1/wall/moderation?size=2&page=0', as: admin })
    ).json() as Page<WallPostForModeration>;
    expect(small.content).toHaveLength(2);
    expect(small.totalPages).toBe(Math.ceil(page.totalElements / 2));
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/wall/moderation?state=deleted', as: admin }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes a post; an unknown id is a 404; a bad state is a 400', async () => {
    const gone = await posted('to delete');
    expect((await moderate(gone.id, 'approved')).statusCode).toBe(200);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/wall/moderation/${gone.id}`,
      as: admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await board()).content.map((p) => p.id)).not.toContain(gone.id);
    const again = await t.request({ method: 'DELETE', url: `/api/v1/wall/moderation/${gone.id}`, as: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(portfolioApiMessages.wallPostNotFound);
    expect((await moderate(gone.id, 'approved')).statusCode).toBe(404);
    expect((await moderate(gone.id, 'pending')).statusCode).toBe(400);
    expect((await moderate(gone.id, 'published')).statusCode).toBe(400);
  });

  it('records every moderation in the admin audit log with who, which post and what; a 404 records nothing', async () => {
    const post = await posted('audited', 'Mina');
    const audit = async () =>
      (await t.request({ method: 'GET', url: '/api/v1/audit', as: admin })).json() as AuditEntry[];
    expect((await moderate(post.id, 'approved')).statusCode).toBe(200);
    expect((await moderate(post.id, 'hidden')).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/wall/moderation/${post.id}`, as: admin }))
        .statusCode,
    ).toBe(204);
    const before = await audit();
    expect(
      before.slice(0, 3).map(({ actor, action, target, detail }) => ({ actor, action, target, detail })),
    ).toEqual([
      { actor: admin.user.username, action: 'wall.delete', target: `#${post.id} Mina`, detail: '' },
      { actor: admin.user.username, action: 'wall.moderate', target: `#${post.id} Mina`, detail: 'hidden' },
      { actor: admin.user.username, action: 'wall.moderate', target: `#${post.id} Mina`, detail: 'approved' },
    ]);
    expect((await moderate(post.id, 'approved')).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/wall/moderation/${post.id}`, as: admin }))
        .statusCode,
    ).toBe(404);
    expect(await audit()).toEqual(before);
  });

  it('is the admin’s alone: visitors 401, a teacher 403', async () => {
    const target = await posted('mine?');
    expect((await moderate(target.id, 'approved', teacher)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'PATCH',
      url: `/api/v1/wall/moderation/${target.id}`,
      payload: { state: 'approved' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v1/wall/moderation' })).statusCode).toBe(401);
    expect((await board()).content.map((p) => p.id)).not.toContain(target.id);
  });
});

describe('rate limit', () => {
  it('takes a few posts per address per hour, then 429 with Retry-After', async () => {
    const limited = await startTestApp({ env: { WALL_POSTS_PER_ADDRESS_PER_HOUR: '2' } });
    try {
      expect((await post({ message: 'one' }, limited)).statusCode).toBe(201);
      expect((await post({ message: 'two' }, limited)).statusCode).toBe(201);
      const refused = await post({ message: 'three' }, limited);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(3600);
      expect(refused.json().message).toBe(portfolioApiMessages.tooManyWallPosts(3600));
      limited.clock.advance(3600 * 1000);
      expect((await post({ message: 'three, later' }, limited)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
