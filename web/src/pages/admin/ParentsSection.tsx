import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminApi, adminKeys, useAdminStudents } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import { Button } from '../../ui/Button.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './AdminPage.module.css';
import { useAdminAction, useAdminFailure } from './common.tsx';

/**
 * Assign Student to Parent: a parent (by username) and a student (by name), Assign Student after a
 * confirm, and the Current Assignments — each parent with their children joined by commas, every
 * child with a control that removes that link.
 */
export function ParentsSection() {
  const { adminTexts } = useTexts('admin');
  const onFailure = useAdminFailure();
  const parents = useQuery({ queryKey: adminKeys.parents, queryFn: adminApi.parents });
  const students = useAdminStudents();
  const [parent, setParent] = useState('');
  const [student, setStudent] = useState('');
  const confirm = useConfirm();
  const { showToast } = useToast();
  const { run, busy } = useAdminAction();
  useEffect(() => {
    const error = parents.error ?? students.error;
    if (error) onFailure(error);
  }, [parents.error, students.error, onFailure]);

  const assign = async () => {
    if (!parent || !student) {
      showToast(adminTexts.chooseBoth);
      return;
    }
    if (!(await confirm(adminTexts.confirmChild))) return;
    await run(() => adminApi.linkChild(parent, student), {
      success: () => adminTexts.childAssigned(student, parent),
    });
  };
  const remove = async (parentName: string, child: string) => {
    if (!(await confirm(adminTexts.confirmRemoveChild(child, parentName)))) return;
    await run(() => adminApi.unlinkChild(parentName, child), {
      success: () => adminTexts.childRemoved(child, parentName),
    });
  };

  if (parents.isPending || students.isPending) return <p role="status">{adminTexts.loading}</p>;
  const parentList = parents.data ?? [];
  const linked = parentList.filter((p) => p.children.length > 0);
  return (
    <div className={styles.stack}>
      {parentList.length === 0 && <p className={styles.muted}>{adminTexts.noParents}</p>}
      <div className={styles.inline}>
        <Field label={adminTexts.parent}>
          <select value={parent} onChange={(event) => setParent(event.target.value)}>
            <option value="">{adminTexts.choose}</option>
            {parentList.map((p) => (
              <option key={p.id} value={p.username}>
                {p.username}
              </option>
            ))}
          </select>
        </Field>
        <Field label={adminTexts.student}>
          <select value={student} onChange={(event) => setStudent(event.target.value)}>
            <option value="">{adminTexts.choose}</option>
            {(students.data ?? []).map((s) => (
              <option key={s.id} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Button variant="primary" onClick={assign} disabled={busy}>
          {adminTexts.assignStudent}
        </Button>
      </div>
      <h3 className={styles.subheading}>{adminTexts.currentAssignments}</h3>
      {linked.length === 0 ? (
        <p className={styles.muted}>{adminTexts.noAssignments}</p>
      ) : (
        <ul className={styles.assignments} aria-label={adminTexts.currentAssignments}>
          {linked.map((p) => (
            <li key={p.id} className={styles.assignment}>
              <span>
                <strong>{p.username}</strong>: {p.children.map((c) => c.name).join(', ')}
              </span>
              <span className={styles.chips}>
                {p.children.map((c) => (
                  <Button
                    key={c.id}
                    size="sm"
                    variant="danger"
                    aria-label={adminTexts.removeChild(c.name, p.username)}
                    disabled={busy}
                    onClick={() => remove(p.username, c.name)}
                  >
                    × {c.name}
                  </Button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
