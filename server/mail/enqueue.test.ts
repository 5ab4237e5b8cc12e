import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../db/open.ts';
import { openTestDatabase } from '../test/harness.ts';
import { html, htmlDocument } from './html.ts';
import { enqueueMail, InvalidMailError, mailLimits, type OutgoingMail } from './service.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const good: OutgoingMail = {
  to: 'student@example.com',
  subject: 'Your week',
  text: 'Hello',
  html: htmlDocument({ lang: 'en', title: 'Your week', body: html`<p>Hello</p>` }),
  kind: 'student-digest',
  userId: null,
};

async function outboxRows() {
  return rowsOf<{ recipient: string; subject: string; headers: Record<string, string> }>(
    await database.db.execute(sql`select recipient, subject, headers from mail_outbox order by id`),
  );
}

describe('the html tag', () => {
  it('escapes every value, keeps its own markup, and does not escape what it made twice', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const inner = html`<b>${name}</b>`;
    expect(html`<p title="${name}">${inner}${[1, ' < ', null, undefined]}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">' +
        '<b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</b>1 &lt; </p>',
    );
    const page = htmlDocument({ lang: 'ko', title: 'A <title>', body: html`<p>${'&'}</p>` });
    expect(page).toContain('<html lang="ko">');
    expect(page).toContain('<title>A &lt;title&gt;</title>');
    expect(page).toContain('<p>&amp;</p>');
  });
});

describe('enqueueMail', () => {
  it("writes in the caller's transaction: a rolled-back change leaves no mail", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, good);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows()).toEqual([]);
    await database.db.transaction((tx) =>
      enqueueMail(tx, { ...good, headers: { 'List-Id': 'Tutorfolio <week.example.com>' } }),
    );
    expect(await outboxRows()).toEqual([
      {
        recipient: 'student@example.com',
        subject: 'Your week',
        headers: { 'List-Id': 'Tutorfolio <week.example.com>' },
      },
    ]);
    await database.db.execute(sql`delete from mail_outbox`);
  });

  const refused: [string, Partial<OutgoingMail>, string][] = [
    ['a CR in the subject', { subject: 'Hi\rBcc: victim@example.com' }, 'the subject contains a line break'],
    ['an LF in the subject', { subject: 'Hi\nBcc: victim@example.com' }, 'the subject contains a line break'],
    [
      'a Unicode line separator in the subject',
      { subject: 'Hi\u2028there' },
      'the subject contains a line break',
    ],
    [
      'an LF in the recipient',
      { to: 'a@example.com\nBcc: b@example.com' },
      'the recipient contains a line break',
    ],
    [
      'an LF in a header value',
      { headers: { 'X-Tag': 'a\r\nBcc: b@example.com' } },
      'the header X-Tag contains a line break',
    ],
    ['a header name with a colon', { headers: { 'X-A: b\r\nBcc': 'c' } }, 'is not a header name'],
    [
      'a header the mail sets',
      { headers: { bcc: 'b@example.com' } },
      'the header bcc is set by the mail itself',
    ],
    ['two recipients', { to: 'a@example.com, b@example.com' }, 'is not one address'],
    ['a malformed address', { to: 'not-an-address' }, 'is not one address'],
    ['a name instead of an address', { to: 'Alice <a@example.com>' }, 'is not one address'],
    [
      'an oversized subject',
      { subject: 'x'.repeat(mailLimits.subjectMax + 1) },
      'the subject is longer than 200',
    ],
    ['an oversized text part', { text: 'x'.repeat(mailLimits.textMax + 1) }, 'the text part is longer than'],
    ['an oversized HTML part', { html: 'x'.repeat(mailLimits.htmlMax + 1) }, 'the HTML part is longer than'],
    ['an oversized recipient', { to: `${'a'.repeat(250)}@example.com` }, 'the recipient is longer than 254'],
    [
      'a remote image',
      { html: '<p><img src="https://tracker.example.com/p.gif"></p>' },
      'loads something from elsewhere',
    ],
    [
      'a protocol-relative image',
      { html: "<img src='//tracker.example.com/p.gif'>" },
      'loads something from elsewhere',
    ],
    [
      'a remote background',
      { html: '<div style="background:url(https://x.example.com/a.png)">' },
      'loads something',
    ],
    [
      'a style sheet',
      { html: '<link rel="stylesheet" href="https://x.example.com/a.css">' },
      'loads something',
    ],
    ['an empty text part', { text: '  ' }, 'the text part is empty'],
    ['an unknown kind', { kind: 'newsletter' as never }, 'unknown kind "newsletter"'],
    ['a user id that is no id', { userId: 1.5 }, 'userId must be'],
    [
      'eleven headers',
      { headers: Object.fromEntries([...Array(11).keys()].map((i) => [`X-H${i}`, 'v'])) },
      'more than 10 headers',
    ],
  ];
  it.each(refused)('refuses %s with a clear error, enqueueing nothing', async (_case, change, reason) => {
    const attempt = database.db.transaction((tx) => enqueueMail(tx, { ...good, ...change }));
    await expect(attempt).rejects.toThrow(InvalidMailError);
    await expect(database.db.transaction((tx) => enqueueMail(tx, { ...good, ...change }))).rejects.toThrow(
      reason,
    );
    expect(await outboxRows()).toEqual([]);
  });

  it('takes links to elsewhere (only loading is refused) and data: images', async () => {
    await enqueueMail(database.db, {
      ...good,
      html: '<p><a href="https://tutor.example.com/reset?t=1">Reset</a><img src="data:image/png;base64,AA=="></p>',
    });
    expect(await outboxRows()).toHaveLength(1);
    await database.db.execute(sql`delete from mail_outbox`);
  });
});
