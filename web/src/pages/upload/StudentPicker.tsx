import { type ReactNode, useEffect, useState } from 'react';
import { useStudents } from '../../api/authoring.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './UploadPage.module.css';

/**
 * The students a question goes to: a search over every student, Select All and Deselect
 * All (of those the search shows), and a box per student. Names are kept lower-cased.
 */
export function StudentPicker({
  chosen,
  onChange,
  lock,
}: {
  chosen: string[];
  onChange: (students: string[]) => void;
  lock: ReactNode;
}) {
  const { uploadTexts: t } = useTexts('authoring');
  const [search, setSearch] = useState('');
  const onFailure = useApiFailure({ forbiddenTo: '/login' });
  const students = useStudents();
  useEffect(() => {
    if (students.error) onFailure(students.error);
  }, [students.error, onFailure]);
  const visible = (students.data ?? []).filter((s) =>
    s.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const visibleNames = visible.map((s) => s.name.toLowerCase());
  return (
    <fieldset className={styles.students}>
      <legend>
        {t.students} {lock} <span className={styles.small}>{t.chosen(chosen.length)}</span>
      </legend>
      <div className={styles.inline}>
        <label htmlFor="up-student-search" className="visually-hidden">
          {t.searchStudents}
        </label>
        <input
          id="up-student-search"
          type="search"
          placeholder={t.searchStudents}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button onClick={() => onChange([...new Set([...chosen, ...visibleNames])])}>{t.selectAll}</Button>
        <Button onClick={() => onChange(chosen.filter((n) => !visibleNames.includes(n)))}>
          {t.deselectAll}
        </Button>
      </div>
      <ul className={styles.studentList}>
        {visible.map((s) => {
          const name = s.name.toLowerCase();
          return (
            <li key={s.id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(name)}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...chosen, name] : chosen.filter((n) => n !== name))
                  }
                />
                {s.name}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
