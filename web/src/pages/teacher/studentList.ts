import { splitNameList } from '../../../../common/questions/forms.ts';

/** The teacher's student list lives only in this browser, under the `students` key. */
const KEY = 'students';

export function readStudentList(): string[] {
  return splitNameList(localStorage.getItem(KEY) ?? '');
}

export function writeStudentList(names: string[]): void {
  localStorage.setItem(KEY, names.join(','));
}

/** Adds comma-separated names (trimmed, lower-cased, no repeats) and saves the list. */
export function addToStudentList(text: string): string[] {
  const next = [...new Set([...readStudentList(), ...splitNameList(text)])];
  writeStudentList(next);
  return next;
}
