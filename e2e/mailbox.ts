// Starts the mail server the browser tests read their mail from: a real SMTP server
// (server/test/smtp.ts) on the port the Playwright config gave the app server as SMTP_URL, and beside
// it an HTTP reader, `GET /mails?to=<address>`: every mail that arrived for that address, oldest
// first, as `{ to, raw, text, html }` with the parts decoded.
import http from 'node:http';
import { mimeParts, startSmtpServer } from '../server/test/smtp.ts';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const readerPort = Number(process.env.E2E_MAILBOX_PORT);
if (!smtpPort || !readerPort)
  throw new Error('E2E_SMTP_PORT and E2E_MAILBOX_PORT are not set (the Playwright config sets them).');

const smtp = await startSmtpServer({ port: smtpPort });
const reader = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method !== 'GET' || url.pathname !== '/mails') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = smtp.received
    .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
    .map((mail) => {
      const parts = mimeParts(mail.raw);
      return { to: mail.to, raw: mail.raw, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
    });
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
});
await new Promise<void>((resolve) => reader.listen(readerPort, '127.0.0.1', resolve));
console.log(`test mail server: SMTP on ${smtpPort}, mails at http://127.0.0.1:${readerPort}/mails`);
