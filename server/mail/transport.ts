import nodemailer from 'nodemailer';
import type { MailSettings } from '../config.ts';

/** What the worker sends: an outbox row's fields. */
export type OutboxMail = {
  id: number;
  createdAt: Date;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  headers: Record<string, string>;
};

export type MailSender = {
  send(mail: OutboxMail): Promise<void>;
  /** Closes the connections; a send in progress fails. */
  close(): void;
};

/**
 * The Message-ID of an outbox row: its id and creation time, so a mail sent again after a crash
 * carries the same id (receiving servers and clients may fold the two), and rows of two databases
 * (a restored backup) do not share one.
 */
export function messageIdOf(mail: Pick<OutboxMail, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox.${mail.id}.${mail.createdAt.getTime().toString(36)}@${domain}>`;
}

/** Time-outs that bound one send, so a stalled mail server holds a sender (and its row lock) briefly. */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Sends through the SMTP service of SMTP_URL over one pooled connection, reused between mails. */
export function smtpSender(settings: MailSettings): MailSender {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls,
    ...(settings.user !== null ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    ...SMTP_TIMEOUTS,
    // Nothing of a mail is read from files or fetched from URLs: every part is in the row.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: settings.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        messageId: messageIdOf(mail, settings.domain),
        date: mail.createdAt,
        // Automatic mail (RFC 3834): vacation responders do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
      });
    },
    close() {
      transport.close();
    },
  };
}
