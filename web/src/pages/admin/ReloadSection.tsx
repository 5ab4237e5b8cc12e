import { useId, useState } from 'react';
import { limits } from '../../../../common/limits.ts';
import { adminApi, useAdminStudents } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './AdminPage.module.css';
import { onEnter, useAdminAction } from './common.tsx';

/** Tutoring: the Calendar and Topic Stats reload panels, by target student. */
export function ReloadSection() {
  const { adminTexts } = useTexts('admin');
  // The students' names to pick from (typing any name works too).
  const students = useAdminStudents();
  const listId = useId();
  return (
    <div className={styles.panels}>
      <datalist id={listId}>
        {(students.data ?? []).map((s) => (
          <option key={s.id} value={s.name} />
        ))}
      </datalist>
      <ReloadPanel title={adminTexts.calendarReload} reload={adminApi.reloadCalendar} listId={listId} />
      <ReloadPanel title={adminTexts.topicStatsReload} reload={adminApi.reloadTopicStats} listId={listId} />
    </div>
  );
}

function ReloadPanel({
  title,
  reload,
  listId,
}: {
  title: string;
  reload: (name: string) => Promise<number>;
  listId: string;
}) {
  const { adminTexts } = useTexts('admin');
  const [target, setTarget] = useState('');
  const { run, busy } = useAdminAction();
  const { showToast } = useToast();
  const go = async () => {
    const name = target.trim();
    if (!name) {
      showToast(adminTexts.targetMissing);
      return;
    }
    if (busy) return;
    await run(() => reload(name), {
      success: () => adminTexts.reloaded(title),
      failure: { notFound: adminTexts.noSuchStudent(name) },
    });
  };
  return (
    <Card as="section" title={title} level={3} aria-label={title}>
      <div className={styles.inline}>
        <Field label={adminTexts.target} hint={adminTexts.targetHint}>
          <input
            list={listId}
            value={target}
            maxLength={limits.usernameMax}
            onChange={(event) => setTarget(event.target.value)}
            onKeyDown={onEnter(go)}
          />
        </Field>
        <Button onClick={go} disabled={busy}>
          {adminTexts.reload}
        </Button>
      </div>
    </Card>
  );
}
