/** Reads the bulk upload text: the array of questions, or where and why the JSON is broken. */
export function parseBulkJson(text: string): { items: Record<string, unknown>[] } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return { error: 'The JSON must be an array of questions: [ {…}, {…} ].' };
    return { items: value as Record<string, unknown>[] };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    if (position) {
      const at = Number(position[1]);
      const before = text.slice(0, at);
      const line = before.split('\n').length;
      const column = at - before.lastIndexOf('\n');
      return { error: `Invalid JSON at line ${line}, column ${column} (position ${at}): ${message}` };
    }
    return { error: `Invalid JSON: ${message}` };
  }
}
