import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MailSwitchRequest } from '../../../../common/contracts/users.ts';
import { failureMessage } from '../../api/failures.ts';
import { profileApi, profileKeys } from '../../api/profile.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useToast } from '../../ui/Toast.tsx';
import styles from './UserPage.module.css';

/**
 * The notification mails the caller's roles get, one checkbox each, saved as it is ticked (apart
 * from the dialog's Save Changes, which is about the profile's fields).
 */
export function MailSwitches() {
  const { mailSwitchTexts } = useTexts('insight');
  const { failureTexts } = useTexts('messages');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [saving, setSaving] = useState(false);
  const switches = useQuery({ queryKey: profileKeys.mailSwitches, queryFn: profileApi.mailSwitches });
  const kinds = switches.data ?? [];
  if (kinds.length === 0) return null;

  const change = async (request: MailSwitchRequest) => {
    setSaving(true);
    try {
      queryClient.setQueryData(profileKeys.mailSwitches, await profileApi.switchMail(request));
      showToast(mailSwitchTexts.saved, 'success');
    } catch (error) {
      showToast(failureMessage(error, { fallback: failureTexts.serverIssueDots }), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset className={styles.mailSwitches}>
      <legend>{mailSwitchTexts.title}</legend>
      <p className={styles.muted}>{mailSwitchTexts.hint}</p>
      {kinds.map(({ kind, on }) => (
        <label key={kind}>
          <input
            type="checkbox"
            checked={on}
            disabled={saving}
            onChange={(event) => void change({ kind, on: event.target.checked })}
          />{' '}
          {mailSwitchTexts.kinds[kind]}
        </label>
      ))}
    </fieldset>
  );
}
