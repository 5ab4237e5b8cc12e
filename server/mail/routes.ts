import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MailSwitches } from '../../common/contracts/responses.ts';
import { MailSwitchRequest, UnsubscribeQuery } from '../../common/contracts/users.ts';
import { LANGUAGE_COOKIE, requestLanguage } from '../../common/i18n/translation.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { mailSwitches, switchMail, unsubscribe, unsubscribePage } from './notifications.ts';

const HTML = 'text/html; charset=utf-8';

/** The profile's mail switches and the notification mails' one-click unsubscribe link. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database } = app.deps;
  const languageOf = (request: FastifyRequest) =>
    requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form; the body says nothing
  // the token does not, so it is read and left.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  route.get('/mail/switches', access.signedIn, { response: MailSwitches }, async (request) =>
    mailSwitches(database.db, request.auth),
  );
  route.put(
    '/mail/switches',
    access.signedIn,
    { body: MailSwitchRequest, response: MailSwitches, summary: 'Switches one kind of mail on or off' },
    async (request) => switchMail(database.db, request.auth, request.body),
  );

  const unsubscribeSchemas = { query: UnsubscribeQuery, errors: [404] } as const;
  route.get(
    '/mail/unsubscribe',
    access.public,
    { ...unsubscribeSchemas, summary: "The unsubscribe link's page: a button that POSTs" },
    async (request, reply) =>
      reply.type(HTML).send(await unsubscribePage(database.db, request.query.token, languageOf(request))),
  );
  route.post(
    '/mail/unsubscribe',
    access.public,
    { ...unsubscribeSchemas, summary: 'One-click unsubscribe (RFC 8058): that person, that kind of mail' },
    async (request, reply) =>
      reply.type(HTML).send(await unsubscribe(database.db, request.query.token, languageOf(request))),
  );
}
