/**
 * What `npm run test:mutation` mutates, folder by folder: the shared contracts and rules,
 * the HTTP layer, and the services, queries and thin routes of four tutoring domains. Tests are
 * never mutated: neither `*.test.ts` nor the type tests `*.test-d.ts`, which no test run executes.
 */
export const SCOPE = [
  'server/assignments',
  'server/calendars',
  'server/submissions',
  'server/questions',
  'server/http',
  'common',
] as const;

export function folderFiles(folder: string): string[] {
  const normalised = folder.replace(/\/+$/, '');
  if (!(SCOPE as readonly string[]).includes(normalised))
    throw new Error(`"${folder}" is not in the mutation scope (${SCOPE.join(', ')})`);
  return [`${normalised}/**/*.ts`, '!**/*.test.ts', '!**/*.test-d.ts'];
}

export function folderSlug(folder: string): string {
  return folder.replace(/\/+$/, '').replaceAll('/', '-');
}
