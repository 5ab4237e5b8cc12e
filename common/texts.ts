/**
 * Writes a text object (common/messages.ts, common/*Texts.ts) with the literal types `as const`
 * would give it: `export const mathTexts = texts({ … })`. Not `{ … } as const`, because StrykerJS
 * mutates nothing under an `as` expression, so the logic in such an object (plurals, joins) would
 * never be tested by the mutation run (docs/testing.md, "Mutation testing").
 */
export function texts<const T>(value: T): T {
  return value;
}

const english = new Intl.PluralRules('en');

/**
 * The English words that agree with `count`: `plural(n, { one: 'question', other: 'questions' })`,
 * or a longer phrase ('question has' / 'questions have'). The Korean texts need none: Korean does
 * not inflect a noun for its number.
 */
export function plural(count: number, forms: { one: string; other: string }): string {
  return english.select(count) === 'one' ? forms.one : forms.other;
}
