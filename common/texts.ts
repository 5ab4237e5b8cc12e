/**
 * Writes a text object (common/messages.ts, common/*Texts.ts) with the literal types `as const`
 * would give it: `export const mathTexts = texts({ … })`. Not `{ … } as const`, because StrykerJS
 * mutates nothing under an `as` expression, so the logic in such an object (plurals, joins) would
 * never be tested by the mutation run (docs/testing.md, "Mutation testing").
 */
export function texts<const T>(value: T): T {
  return value;
}
