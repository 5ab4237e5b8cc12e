import type { Language } from '../../common/i18n/translation.ts';
import { isOAuthProvider, providerLabels } from '../../common/oauth.ts';
import { serverTexts } from '../i18n/texts.ts';
import { html, htmlDocument, type OutgoingMail } from '../mail/service.ts';

/** Who the mail is for and what it offers: a link to set a password, or the providers to use instead. */
export type ResetMailFor = {
  to: string;
  userId: number | null;
  name: string;
  language: Language;
  /** The app's origin (PUBLIC_URL, else http://127.0.0.1:PORT): where the sign-in and reset pages are. */
  origin: string;
} & ({ token: string } | { providers: readonly string[] });

/** The address of the page that sets a new password with this token. */
export function resetPageUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * The password reset mail in the recipient's language: plain text and HTML saying the same, every
 * value escaped in the HTML. An account with a password gets its one-time link; one that signs in
 * only through providers is told to use them (it has no password to reset).
 */
export function passwordResetMail(mail: ResetMailFor): OutgoingMail {
  const t = serverTexts(mail.language).recoveryMessages.mail;
  const origin = mail.origin.replace(/\/+$/, '');
  const greeting = t.greeting(mail.name);
  const document = (title: string, body: ReturnType<typeof html>) =>
    htmlDocument({ lang: mail.language, title, body });
  if ('token' in mail) {
    const url = resetPageUrl(origin, mail.token);
    return {
      to: mail.to,
      userId: mail.userId,
      kind: 'password-reset',
      subject: t.subject,
      text: [greeting, '', t.asked, t.follow, url, '', t.ignore].join('\n'),
      html: document(
        t.subject,
        html`<p>${greeting}</p>
<p>${t.asked}</p>
<p>${t.follow}</p>
<p><a href="${url}">${t.button}</a></p>
<p>${url}</p>
<p>${t.ignore}</p>`,
      ),
    };
  }
  const names = mail.providers.map((p) => (isOAuthProvider(p) ? providerLabels[p] : p)).join(t.or);
  const signIn = `${origin}/login`;
  return {
    to: mail.to,
    userId: mail.userId,
    kind: 'password-reset',
    subject: t.providerSubject,
    text: [greeting, '', t.asked, t.provider(names), t.signInLink, signIn, '', t.ignore].join('\n'),
    html: document(
      t.providerSubject,
      html`<p>${greeting}</p>
<p>${t.asked}</p>
<p>${t.provider(names)}</p>
<p><a href="${signIn}">${t.signInLink.replace(/:$/, '')}</a></p>
<p>${t.ignore}</p>`,
    ),
  };
}
