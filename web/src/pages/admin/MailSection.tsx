import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminApi, adminKeys } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './AdminPage.module.css';
import { useAdminFailure, useAdminTime } from './common.tsx';

/**
 * Mail: how many mails wait in the outbox, the latest failure with the mail server's reason, the
 * latest mail sent (docs/architecture.md, "Mail"). Read when shown and on Refresh.
 */
export function MailSection() {
  const { adminTexts } = useTexts('admin');
  const onFailure = useAdminFailure();
  const shortTime = useAdminTime();
  const queue = useQuery({ queryKey: adminKeys.mailQueue, queryFn: adminApi.mailQueue });
  useEffect(() => {
    if (queue.error) onFailure(queue.error);
  }, [queue.error, onFailure]);
  if (queue.isPending) return <p role="status">{adminTexts.loading}</p>;
  if (!queue.data) return null;
  const { configured, waiting, failing, abandoned, oldestWaiting, lastFailure, lastSuccess } = queue.data;
  const time = (iso: string) => (
    <time dateTime={iso} className={styles.muted}>
      {shortTime(iso)}
    </time>
  );
  return (
    <div className={styles.stack}>
      {!configured && <p role="note">{adminTexts.mailNotConfigured}</p>}
      <p>
        <strong>{adminTexts.mailWaiting(waiting)}</strong>
        {oldestWaiting && <> {adminTexts.mailOldest(shortTime(oldestWaiting))}</>}
        {failing > 0 && <> {adminTexts.mailFailing(failing)}</>}
      </p>
      {abandoned > 0 && <p className={styles.muted}>{adminTexts.mailAbandoned(abandoned)}</p>}
      <dl className={styles.mail}>
        <dt>{adminTexts.mailLastFailure}</dt>
        <dd>
          {lastFailure ? (
            <>
              {time(lastFailure.at)} {adminTexts.mailKinds[lastFailure.kind]} · {adminTexts.mailTo}{' '}
              {lastFailure.to} · {adminTexts.mailFailures(lastFailure.failures)}
              <br />
              {adminTexts.mailReason}: <code className={styles.reason}>{lastFailure.reason}</code>
              <br />
              {lastFailure.state === 'sent'
                ? adminTexts.mailSentSince
                : lastFailure.state === 'abandoned'
                  ? adminTexts.mailGivenUp
                  : lastFailure.nextTry && adminTexts.mailNextTry(shortTime(lastFailure.nextTry))}
            </>
          ) : (
            adminTexts.mailNoFailure
          )}
        </dd>
        <dt>{adminTexts.mailLastSuccess}</dt>
        <dd>
          {lastSuccess ? (
            <>
              {time(lastSuccess.at)} {adminTexts.mailKinds[lastSuccess.kind]} · {adminTexts.mailTo}{' '}
              {lastSuccess.to}
            </>
          ) : (
            adminTexts.mailNoSuccess
          )}
        </dd>
      </dl>
      <div>
        <Button variant="secondary" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          {adminTexts.mailRefresh}
        </Button>
      </div>
    </div>
  );
}
