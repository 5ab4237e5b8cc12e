/**
 * The path to return to after signing in, when it is a path of this app. Refuses anything a browser
 * could read as another site: `//host`, `/\host` (browsers treat `\` as `/`), control characters.
 */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || from.length > 2000) return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(from)) return null;
  return from;
}
