import { expectTypeOf } from 'vitest';
import { apiMessages } from '../common/messages.ts';
import { validationTexts } from '../common/validationTexts.ts';
import { AppError, badRequest, notFound, type Text } from './errors.ts';
import type { KnownText } from './i18n/texts.ts';

/**
 * What a service may throw to a client (a type test: `npm run typecheck` checks it, it is never run).
 * Only a fixed text of the shared texts, whose Korean the answer looks up, or a function of the
 * texts; words written in place would go out in English to a Korean page, so they must not compile.
 * The fuzz test (server/http/fuzz.test.ts) finds such words only when it happens to reach them.
 */
export function whatAServiceMayThrow(ids: number[], student: string): void {
  badRequest(apiMessages.passwordChecksBusy);
  badRequest(validationTexts.required);
  notFound((t) => t.apiMessages.noSubmissionsOf(ids, student));
  // @ts-expect-error a message written in place has no Korean
  badRequest(`No submission ${ids.join(', ')}.`);
  // @ts-expect-error nor has a fixed string that is not one of the texts
  notFound('There is no such thing.');
  // @ts-expect-error a string of unknown words is refused too
  new AppError(503, String(ids));
  // A field's problem in `details` is typed the same way.
  badRequest(validationTexts.required, [
    { path: 'a', message: (t) => t.validationTexts.noQuestion(ids[0]!) },
  ]);
  // @ts-expect-error a field's problem written in place has no Korean either
  badRequest(validationTexts.required, [{ path: 'a', message: `no question with id ${ids[0]}` }]);
  expectTypeOf<string>().not.toExtend<KnownText>();
  expectTypeOf<KnownText>().toExtend<Text>();
  // The words of the authoring and marking texts are literal types as well (`texts({…})`), so the
  // union above is not widened to `string` by one plain object.
  expectTypeOf<'Each question may appear once in a modify request.'>().toExtend<KnownText>();
}
