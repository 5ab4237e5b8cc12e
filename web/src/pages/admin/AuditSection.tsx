import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminApi, adminKeys } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import styles from './AdminPage.module.css';
import { useAdminFailure, useAdminTime } from './common.tsx';

/** Audit: the latest 50 administrator actions, newest first; refreshed after each write. */
export function AuditSection() {
  const { adminTexts } = useTexts('admin');
  const onFailure = useAdminFailure();
  const shortTime = useAdminTime();
  const audit = useQuery({ queryKey: adminKeys.audit, queryFn: adminApi.audit });
  useEffect(() => {
    if (audit.error) onFailure(audit.error);
  }, [audit.error, onFailure]);
  if (audit.isPending) return <p role="status">{adminTexts.loading}</p>;
  const entries = audit.data ?? [];
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{adminTexts.auditIntro}</p>
      {entries.length === 0 ? (
        <p className={styles.muted}>{adminTexts.noAudit}</p>
      ) : (
        <ol className={styles.audit} aria-label={adminTexts.audit}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.auditEntry}>
              <time dateTime={entry.at} className={styles.muted}>
                {shortTime(entry.at)}
              </time>{' '}
              <strong>{entry.actor}</strong> · {adminTexts.actions[entry.action] ?? entry.action}:{' '}
              <span>{entry.target}</span>
              {entry.detail && <span className={styles.muted}> — {entry.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
