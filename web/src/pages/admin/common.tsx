import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { adminKeys } from '../../api/admin.ts';
import { useAuthCheck } from '../../api/authCheck.ts';
import { dateFormat, useIntlLocale } from '../../i18n/format.ts';
import { useTexts } from '../../i18n/texts.ts';
import { type FailureOptions, useApiFailure } from '../../layout/useApiFailure.ts';
import { useToast } from '../../ui/Toast.tsx';
import styles from './AdminPage.module.css';

/**
 * One of the console's sections. `collapsible` ones (Tutoring, Topics, Assign Student to
 * Parent start hidden) are a disclosure button whose content mounts — and so loads its data — on
 * the first opening, and stays when closed.
 */
export function Section({
  title,
  collapsible = false,
  children,
}: {
  title: string;
  collapsible?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(!collapsible);
  const [opened, setOpened] = useState(!collapsible);
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 className={styles.sectionTitle} id={`${id}-title`}>
        {collapsible ? (
          <button
            type="button"
            className={styles.disclosure}
            aria-expanded={open}
            aria-controls={id}
            onClick={() => {
              setOpen((value) => !value);
              setOpened(true);
            }}
          >
            {title}
          </button>
        ) : (
          title
        )}
      </h2>
      <div id={id} hidden={!open} className={styles.sectionBody}>
        {opened && children}
      </div>
    </section>
  );
}

/** The console's failure rule: a load failure says 'There is an issue on the server...'. */
export function useAdminFailure() {
  const { failureTexts } = useTexts('messages');
  return useApiFailure({ otherText: failureTexts.serverIssueDots });
}

/**
 * Runs an admin write: on success the toast and a refresh of what the console shows (the audit log
 * included); on failure the words of `failure` (401 and 403 move the user, as everywhere).
 */
export function useAdminAction() {
  const queryClient = useQueryClient();
  const onFailure = useAdminFailure();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T,>(
      write: () => Promise<T>,
      options: {
        success?: (result: T) => string;
        failure?: FailureOptions;
      } = {},
    ): Promise<T | undefined> => {
      setBusy(true);
      try {
        const result = await write();
        if (options.success) showToast(options.success(result), 'success');
        await queryClient.invalidateQueries({ queryKey: adminKeys.all });
        return result;
      } catch (error) {
        onFailure(error, options.failure);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [queryClient, onFailure, showToast],
  );
  return { run, busy };
}

const AT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * A moment of the console (an audit entry, a wall message) as people read it: in the interface's
 * language ('10 Mar 2026, 10:00', '2026년 3월 10일 10:00') and in `APP_TIME_ZONE`.
 */
export function useAdminTime(): (iso: string) => string {
  const locale = useIntlLocale();
  // The zone the session check names (AdminPage asks it first; the server's default until then).
  const me = useAuthCheck();
  const timeZone = me.data?.timeZone ?? 'Asia/Seoul';
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : dateFormat(locale, { ...AT, timeZone }).format(date);
  };
}

/** Calls `action` when Enter is pressed in an input (not while an IME is composing a character). */
export const onEnter = (action: () => void) => (event: React.KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  event.preventDefault();
  action();
};
