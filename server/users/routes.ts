import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AdminUserUpdate } from '../../common/contracts/admin.ts';
import {
  AuthCheckResponse,
  ChildResponse,
  LanguageResponse,
  PasswordResetAnswer,
  PasswordResetState,
  PictureResponse,
  ResetLinkResponse,
  UserResponse,
} from '../../common/contracts/responses.ts';
import {
  LanguageRequest,
  LoginRequest,
  PasswordChangeRequest,
  PasswordResetCheck,
  PasswordResetConfirm,
  PasswordResetRequest,
  ProfileUpdateRequest,
  ResetLinkRequest,
  SignupRequest,
} from '../../common/contracts/users.ts';
import { limits } from '../../common/limits.ts';
import { apiMessages, profileMessages, recoveryMessages } from '../../common/messages.ts';
import { z } from '../../common/zod.ts';
import { adminUpdateUser, auditContext } from '../admin/service.ts';
import { AppError, badRequest, unauthorized } from '../errors.ts';
import { type Auth, access } from '../http/access.ts';
import { errorAnswer } from '../http/errors.ts';
import { parseWith } from '../http/parse.ts';
import { declareRoutes } from '../http/route.ts';
import { beginSession, clearSessionCookie } from '../http/sessions.ts';
import { answerLanguage, inLanguage } from '../i18n/texts.ts';
import { AvatarStore } from '../images/avatars.ts';
import { linkPendingProviders } from '../oauth/routes.ts';
import { DEVICE_COOKIE } from '../sessions/devices.ts';
import { endSession, SESSION_COOKIE, touchSession } from '../sessions/service.ts';
import { changePicture, childrenOf, profileOf, updateOwnProfile } from './profile.ts';
import {
  appOrigin,
  changePassword,
  makeResetLink,
  requestPasswordReset,
  resetLinkWorks,
  resetPassword,
} from './recovery.ts';
import { chooseLanguage, signIn, signUp, toAuthCheck } from './service.ts';

const TEXT = 'text/plain; charset=utf-8';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now } = app.deps;
  const avatars = new AvatarStore(app.deps.config.imagesDir);
  const actorOf = (auth: Auth) => auditContext(auth, now());
  // Only these routes read multipart bodies (one picture upload), with its limits.
  await app.register(multipart, {
    limits: { fileSize: limits.pictureMaxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });

  // Sign-up's refusals (a taken email or name, a weak password, too many sign-ups, a bad body)
  // answer their message as plain text, as the original did: its client shows the body as it is
  // (docs/api.md). Its own scope, so only this route's errors are answered so.
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const answer = errorAnswer(error, request);
      if (answer.headers) reply.headers(answer.headers);
      return reply.code(answer.status).type(TEXT).send(answer.message);
    });
    const signupSchemas = { body: SignupRequest, errorsAsText: true, errors: [409, 429, 503] } as const;
    declareRoutes(scope).post('/users/signup', access.public, signupSchemas, async (request, reply) => {
      const user = await signUp(database.db, request.body, {
        ip: request.ip,
        now: now(),
        perHour: app.deps.config.signUpsPerHour,
      });
      return reply.type(TEXT).send(user.username);
    });
  });

  route.post(
    '/users/login',
    access.public,
    { body: LoginRequest, errors: [429, 503] },
    async (request, reply) => {
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      const user = await signIn(database.db, { ...request.body, ip: request.ip, deviceCookie }, now());
      // A new token at every sign-in; the session the browser held before (if any) ends here.
      await beginSession(app, request, reply, user.id);
      // A provider sign-in that found this account's email waits for this password sign-in to link.
      await linkPendingProviders(app, request, reply, user);
      return reply.type(TEXT).send(user.username);
    },
  );

  /**
   * Forgot password: the same answer, in the same time, whether or not the email has an account
   * (docs/product.md, "Accounts and sign-in"); throttled per address and per email (429).
   */
  route.post(
    '/users/password-reset',
    access.public,
    {
      body: PasswordResetRequest,
      response: PasswordResetAnswer,
      errors: [429],
      summary: 'Mails a password reset link',
    },
    async (request) => {
      const language = answerLanguage(request);
      await requestPasswordReset(database.db, request.body.email, {
        ip: request.ip,
        now: now(),
        language,
        origin: appOrigin(app.deps.config),
        perAddress: app.deps.config.passwordResetsPerAddressPerHour,
        perAccount: app.deps.config.passwordResetsPerAccountPerHour,
      });
      return { message: inLanguage(recoveryMessages.requestAccepted, language) };
    },
  );

  route.post(
    '/users/password-reset/check',
    access.public,
    { body: PasswordResetCheck, response: PasswordResetState, summary: 'Whether a reset link still works' },
    async (request) => ({ valid: await resetLinkWorks(database.db, request.body.token, now()) }),
  );

  /** Sets a new password from a reset link, ends every session of the account and signs the caller in. */
  route.post(
    '/users/password-reset/confirm',
    access.public,
    { body: PasswordResetConfirm, errors: [503], summary: 'Sets a new password from a reset link; signs in' },
    async (request, reply) => {
      const user = await resetPassword(database.db, request.body, now());
      await beginSession(app, request, reply, user.id);
      return reply.type(TEXT).send(user.username);
    },
  );

  /** The signed-in person's new password; their other sessions end. */
  route.put(
    '/users/password',
    access.signedIn,
    { body: PasswordChangeRequest, errors: [429, 503], summary: "Changes the caller's password" },
    async (request, reply) => {
      await changePassword(database.db, request.auth, request.body, { ip: request.ip, now: now() });
      return reply.code(204).send();
    },
  );

  /** The administrator's reset link for any account, shown once (audited). */
  route.post(
    '/users/password-reset/link',
    access.admin,
    {
      body: ResetLinkRequest,
      response: ResetLinkResponse,
      errors: [404],
      summary: 'Makes a reset link for an account',
    },
    async (request) =>
      makeResetLink(
        database.db,
        { id: request.body.id },
        { ...actorOf(request.auth), origin: appOrigin(app.deps.config) },
      ),
  );

  route.post('/users/logout', access.public, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(database.db, token);
    clearSessionCookie(app, request, reply);
    return reply.type(TEXT).send('Logged out');
  });

  route.post('/users/refresh', access.public, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await touchSession(database.db, token, now(), { force: true }) : null;
    if (!session) {
      clearSessionCookie(app, request, reply);
      throw unauthorized(token ? apiMessages.sessionExpired : apiMessages.notSignedIn);
    }
    return reply.type(TEXT).send(session.user.username);
  });

  route.get('/users/auth-check', access.signedIn, { response: AuthCheckResponse }, async (request) => {
    const auth = request.auth;
    return toAuthCheck(auth, app.deps.config.timeZone);
  });

  // The interface language the caller chose in the header: saved with the account, so it
  // follows them to another browser; null goes back to following the browser's languages.
  route.put(
    '/users/language',
    access.signedIn,
    { body: LanguageRequest, response: LanguageResponse, summary: "Saves the caller's interface language" },
    async (request) => chooseLanguage(database.db, request.auth.userId, request.body.language),
  );

  route.get('/users/:name', access.userRead('name'), { response: UserResponse }, async (request) =>
    profileOf(database.db, request.subject),
  );

  /**
   * Edit Profile: the caller's own username and email (a new email needs the current password).
   * An administrator edits anyone's username, email and roles here (`id` names the account).
   */
  // The body's contract depends on the caller's role, so the handler parses it (same 400 wording).
  route.patch(
    '/users',
    access.signedIn,
    { response: UserResponse, errors: [403, 404, 409] },
    async (request) => {
      const auth = request.auth;
      if (auth.roles.includes('ADMIN')) {
        const body = parseWith(AdminUserUpdate, request.body, 'body');
        return adminUpdateUser(database.db, auth, body, { ...actorOf(auth), ip: request.ip });
      }
      const body = parseWith(ProfileUpdateRequest, request.body, 'body');
      return updateOwnProfile(database.db, auth, body, { ip: request.ip, now: now() });
    },
  );

  /** A new profile picture: multipart `username` (optional, the caller's own) and `image`. */
  const pictureForm = {
    multipart: { fields: ['username'], files: ['image'] },
    response: PictureResponse,
    errors: [403, 404],
  } as const;
  route.patch('/users/image', access.signedIn, pictureForm, async (request) =>
    changePicture(database.db, avatars, request.auth, await readPictureUpload(request), now()),
  );

  /** A parent's children with their services (the parent's own dashboard). */
  route.get(
    '/users/children/:name',
    access.userRead('name'),
    { response: z.array(ChildResponse) },
    async (request) => childrenOf(database.db, request.subject),
  );
}

/**
 * The fields of a picture upload: `image` (the file, at most 5 MB: 413 past it) and `username`.
 * Read in any order; anything else is refused.
 */
async function readPictureUpload(
  request: FastifyRequest,
): Promise<{ username: string | null; image: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError(415, profileMessages.pictureNotMultipart);
  let username: string | null = null;
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && !image) image = await part.toBuffer();
      else if (part.type === 'field' && part.fieldname === 'username' && typeof part.value === 'string')
        username = part.value.trim() || null;
      else {
        if (part.type === 'file') await part.toBuffer();
        throw badRequest(profileMessages.pictureFormTooBig);
      }
    }
  } catch (error) {
    // Ours and the plugin's own (413 past 5 MB, too many parts) keep their status; the parser's
    // complaints about a malformed body (a cut boundary, bad part headers) are the sender's fault.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(profileMessages.pictureFormBroken);
  }
  return { username, image };
}
