import type { MailQueue } from '../../common/contracts/responses.ts';
import { formatDateTime } from '../../common/dates.ts';
import { MAIL_KINDS, type MailKind } from '../../common/mail.ts';
import { z } from '../../common/zod.ts';
import type { DbOrTx } from '../db/open.ts';
import { insertMail, outboxSummary } from './queries.ts';

export { html, htmlDocument, SafeHtml } from './html.ts';
export type { MailKind };
/** What a mail is about (the outbox's `kind` column allows these only). */
export { MAIL_KINDS };

/**
 * One mail, as a caller writes it: both parts (`html` built with `html`/`htmlDocument`, which escape
 * every value), whom it is for (`userId`, null when it is for no account).
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  userId: number | null;
  headers?: Record<string, string>;
}

/** Sizes a mail may not pass: a bug or an abuse, never a real mail of ours. */
export const mailLimits = {
  addressMax: 254,
  subjectMax: 200,
  textMax: 100_000,
  htmlMax: 200_000,
  headers: 10,
  headerValueMax: 900,
};

/** A mail a caller should never have written; nothing of it is enqueued. */
export class InvalidMailError extends Error {
  override name = 'InvalidMailError';
}

/** Headers the mail's own fields or the sender set: a caller's value for one would forge them. */
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'sender',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'return-path',
  'received',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
]);
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,62}$/;
/** Line breaks (CR, LF and Unicode's) and every other control character but tab. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/;
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
/** A resource the mail client would fetch from elsewhere: an image, a style sheet, a font. */
const REMOTE_RESOURCE =
  /\b(?:src|srcset|background|poster|data)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?\/\/|url\(\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?\/\/|<link\b|@import\b/i;
const address = z.email();

function refuse(reason: string): never {
  throw new InvalidMailError(`Mail refused: ${reason}.`);
}

function checkLine(field: string, value: string, max: number): void {
  if (LINE_BREAK.test(value)) refuse(`the ${field} contains a line break`);
  if (CONTROL.test(value)) refuse(`the ${field} contains a control character`);
  if (value.length > max) refuse(`the ${field} is longer than ${max} characters`);
}

/** Every refusal of `enqueueMail`, before anything is written. */
export function checkMail(mail: OutgoingMail): void {
  if (!(MAIL_KINDS as readonly string[]).includes(mail.kind))
    refuse(`unknown kind ${JSON.stringify(mail.kind)}`);
  if (mail.userId !== null && !(Number.isSafeInteger(mail.userId) && mail.userId > 0))
    refuse('userId must be a positive whole number or null');
  checkLine('recipient', mail.to, mailLimits.addressMax);
  if (!address.safeParse(mail.to).success)
    refuse(`the recipient ${JSON.stringify(mail.to)} is not one address`);
  checkLine('subject', mail.subject, mailLimits.subjectMax);
  if (mail.subject.trim() === '') refuse('the subject is empty');
  if (mail.text.trim() === '') refuse('the text part is empty');
  if (mail.html.trim() === '') refuse('the HTML part is empty');
  if (mail.text.length > mailLimits.textMax)
    refuse(`the text part is longer than ${mailLimits.textMax} characters`);
  if (mail.html.length > mailLimits.htmlMax)
    refuse(`the HTML part is longer than ${mailLimits.htmlMax} characters`);
  if (mail.text.includes('\u0000') || mail.html.includes('\u0000')) refuse('a part contains a NUL character');
  if (REMOTE_RESOURCE.test(mail.html))
    refuse('the HTML part loads something from elsewhere (images, styles)');
  const headers = Object.entries(mail.headers ?? {});
  if (headers.length > mailLimits.headers) refuse(`more than ${mailLimits.headers} headers`);
  for (const [name, value] of headers) {
    if (!HEADER_NAME.test(name)) refuse(`the header name ${JSON.stringify(name)} is not a header name`);
    if (RESERVED_HEADERS.has(name.toLowerCase())) refuse(`the header ${name} is set by the mail itself`);
    if (typeof value !== 'string') refuse(`the header ${name} is not text`);
    checkLine(`header ${name}`, value, mailLimits.headerValueMax);
  }
}

/** Writes the mail to the outbox inside the caller's transaction; the worker sends it later. */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<void> {
  checkMail(mail);
  await insertMail(tx, {
    kind: mail.kind,
    userId: mail.userId,
    recipient: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    headers: { ...mail.headers },
  });
}

let configured = false;

/** Told by the app at start-up whether SMTP_URL is set (server/app.ts). */
export function setMailConfigured(value: boolean): void {
  configured = value;
}

/**
 * True when SMTP_URL is set, so mail enqueued now goes out. Without it mail is kept, waiting, and
 * sent once the server runs with SMTP_URL (docs/architecture.md, "Mail").
 */
export function mailConfigured(): boolean {
  return configured;
}

/** `GET mail/outbox`: how many mails wait, the latest failure and the latest success (three statements). */
export async function mailQueue(
  db: DbOrTx,
  settings: { configured: boolean; timeZone: string },
): Promise<MailQueue> {
  const { timeZone } = settings;
  const summary = await outboxSummary(db);
  const at = (instant: Date) => formatDateTime(instant, timeZone);
  const failure = summary.lastFailure;
  const state = failure?.sentAt ? 'sent' : failure?.abandonedAt ? 'abandoned' : 'waiting';
  return {
    configured: settings.configured,
    waiting: summary.waiting,
    failing: summary.failing,
    abandoned: summary.abandoned,
    oldestWaiting: summary.oldestWaiting && at(summary.oldestWaiting),
    lastFailure: failure?.at
      ? {
          at: at(failure.at),
          kind: failure.kind as MailKind,
          to: failure.recipient,
          reason: failure.reason ?? '',
          failures: failure.failures,
          state,
          nextTry: state === 'waiting' ? at(failure.dueAt) : null,
        }
      : null,
    lastSuccess: summary.lastSuccess?.at
      ? {
          at: at(summary.lastSuccess.at),
          kind: summary.lastSuccess.kind as MailKind,
          to: summary.lastSuccess.recipient,
        }
      : null,
  };
}
