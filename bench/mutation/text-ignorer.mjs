// A StrykerJS ignorer (stryker.config.mjs, `ignorers: ['TextLiterals']`): the words of common/'s
// user-facing text files (messages.ts, *Texts.ts) are not mutated. Emptying 'Sign In' or
// `Service ${name} is added!` tests the spelling of a text, which the e2e tests and the pages' own
// tests check and the mutation run does not include (docs/testing.md, "Mutation testing").
// Only the literals themselves are ignored: a plain string, or a template whose every `${…}` is a
// name or a property. Everything else in those files is mutated as usual: conditions, plural
// choices (`n === 1 ? 'student' : 'students'`, whose strings are branches, not texts), joins,
// arithmetic, and any template that computes something inside (`${names.join(', ')}`).
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** common/messages.ts, common/<area>Texts.ts, and their mirrors in common/i18n/<language>/ (same names). */
export const TEXT_FILE = /[\\/]common[\\/](i18n[\\/][a-z]{2}[\\/])?(messages|[A-Za-z]+Texts)\.ts$/;

/** Where a literal is a text of its own: a property's value, a text function's body, a constant. */
const TEXT_PLACES = new Set([
  'ObjectProperty',
  'ArrowFunctionExpression',
  'VariableDeclarator',
  'ReturnStatement',
]);

function isPlainText(node) {
  if (node.type === 'StringLiteral') return true;
  if (node.type !== 'TemplateLiteral') return false;
  return node.expressions.every((e) => e.type === 'Identifier' || e.type === 'MemberExpression');
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'TextLiterals', {
    shouldIgnore(path) {
      const file = path.hub?.file?.opts?.filename ?? '';
      if (!TEXT_FILE.test(file) || !isPlainText(path.node)) return undefined;
      if (!TEXT_PLACES.has(path.parentPath?.node.type)) return undefined;
      return 'the words of a user-facing text (common/messages.ts, common/*Texts.ts): checked by e2e, not by this run';
    },
  }),
];
