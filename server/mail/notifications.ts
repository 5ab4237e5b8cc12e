import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailSwitches } from '../../common/contracts/responses.ts';
import type { MailSwitchRequest } from '../../common/contracts/users.ts';
import { mailSwitchTexts as koSwitchTexts } from '../../common/i18n/ko/insightTexts.ts';
import { unsubscribeTexts as koUnsubscribeTexts } from '../../common/i18n/ko/mailTexts.ts';
import type { Language } from '../../common/i18n/translation.ts';
import { mailSwitchTexts } from '../../common/insightTexts.ts';
import { NOTIFICATION_KINDS, type NotificationKind, notificationKindsFor } from '../../common/mail.ts';
import { unsubscribeTexts } from '../../common/mailTexts.ts';
import { mailMessages } from '../../common/messages.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Auth } from '../http/access.ts';
import { signingKey } from '../sessions/secrets.ts';
import { html, htmlDocument, type SafeHtml } from './html.ts';
import { accountExists, optedOutKinds, optOutIfAccount, setOptOut } from './queries.ts';

/** The profile's switches: each notification the caller's roles get, on unless switched off. */
export async function mailSwitches(db: DbOrTx, auth: Auth): Promise<MailSwitches> {
  const off = new Set(await optedOutKinds(db, auth.userId));
  return notificationKindsFor(auth.roles).map((kind) => ({ kind, on: !off.has(kind) }));
}

/** `PUT users/mail`: one switch; a kind the caller's roles never get is kept too (a later role). */
export async function switchMail(db: Db, auth: Auth, change: MailSwitchRequest): Promise<MailSwitches> {
  await setOptOut(db, auth.userId, change.kind, !change.on);
  return mailSwitches(db, auth);
}

/** Whether the person gets this kind of mail (they have not switched it off). */
export async function wantsMail(db: DbOrTx, userId: number, kind: NotificationKind): Promise<boolean> {
  return !(await optedOutKinds(db, userId)).includes(kind);
}

// ---- the one-click unsubscribe link (RFC 8058) ----

const KEY_NAME = 'mail-unsubscribe';

function signature(key: Buffer, userId: number, kind: NotificationKind): string {
  return createHmac('sha256', key).update(`unsubscribe ${userId} ${kind}`).digest('base64url');
}

/** The token of a person's unsubscribe link for one kind: `id.kind.signature`, valid until the key changes. */
export async function unsubscribeToken(db: Db, userId: number, kind: NotificationKind): Promise<string> {
  return `${userId}.${kind}.${signature(await signingKey(db, KEY_NAME), userId, kind)}`;
}

const SHAPE = new RegExp(`^([1-9]\\d{0,9})\\.(${NOTIFICATION_KINDS.join('|')})\\.([A-Za-z0-9_-]{43})$`);

/** The person and kind a token names when its signature holds; anything else is null. */
export async function readUnsubscribeToken(
  db: Db,
  token: string,
): Promise<{ userId: number; kind: NotificationKind } | null> {
  const parts = SHAPE.exec(token);
  if (!parts) return null;
  const userId = Number(parts[1]);
  const kind = parts[2] as NotificationKind;
  // Compared as text, so another spelling of the same bytes is refused too.
  const given = Buffer.from(parts[3]!);
  const expected = Buffer.from(signature(await signingKey(db, KEY_NAME), userId, kind));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
}

async function validToken(db: Db, token: string) {
  const found = await readUnsubscribeToken(db, token);
  if (!found) throw badRequest(mailMessages.badUnsubscribeToken);
  return found;
}

const kindName = (kind: NotificationKind, language: Language) =>
  (language === 'ko' ? koSwitchTexts : mailSwitchTexts).kinds[kind];
const pageTexts = (language: Language) => (language === 'ko' ? koUnsubscribeTexts : unsubscribeTexts);

function page(language: Language, body: SafeHtml): string {
  return htmlDocument({ lang: language, title: pageTexts(language).title, body });
}

/**
 * `GET mail/unsubscribe`: the page behind the link, asking before it unsubscribes (a mail scanner
 * that follows links must not switch anything off); its button POSTs the same address.
 */
export async function unsubscribePage(db: Db, token: string, language: Language): Promise<string> {
  const { userId, kind } = await validToken(db, token);
  if (!(await accountExists(db, userId))) throw notFound(mailMessages.unsubscribeAccountGone);
  const t = pageTexts(language);
  const action = `?token=${encodeURIComponent(token)}`;
  return page(
    language,
    html`<h1>${t.title}</h1><p>${t.question(kindName(kind, language))}</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t.button}</button></form>`,
  );
}

/**
 * `POST mail/unsubscribe`: switches off that kind for that person, and nothing else; the mail
 * client's one-click POST and the page's button both land here.
 */
export async function unsubscribe(db: Db, token: string, language: Language): Promise<string> {
  const { userId, kind } = await validToken(db, token);
  if (!(await optOutIfAccount(db, userId, kind))) throw notFound(mailMessages.unsubscribeAccountGone);
  const t = pageTexts(language);
  return page(language, html`<h1>${t.title}</h1><p>${t.done(kindName(kind, language))}</p>`);
}

/**
 * What every notification mail carries to be switched off: the headers of RFC 8058, and the
 * footer's words and link for the text and HTML parts.
 */
export async function unsubscribeParts(
  db: Db,
  publicUrl: URL,
  recipient: { userId: number; language: Language },
  kind: NotificationKind,
): Promise<{ headers: Record<string, string>; text: string; html: SafeHtml }> {
  const url = new URL('api/v1/mail/unsubscribe', withSlash(publicUrl));
  url.searchParams.set('token', await unsubscribeToken(db, recipient.userId, kind));
  const link = url.toString();
  const t = pageTexts(recipient.language);
  const why = t.footer(kindName(kind, recipient.language));
  return {
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    text: `\n\n--\n${why}\n${link}\n`,
    html: html`<hr><p style="font-size:small;color:#555">${why} <a href="${link}">${t.link}</a></p>`,
  };
}

/** PUBLIC_URL as a base for relative links: with its path kept (`https://x/tutor/`). */
export function withSlash(publicUrl: URL): URL {
  const base = new URL(publicUrl);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}
