import { useId, useState } from 'react';
import { limits } from '../../../../common/limits.ts';
import { isApiError } from '../../api/client.ts';
import { failureMessage } from '../../api/failures.ts';
import { profileApi } from '../../api/profile.ts';
import { useTexts } from '../../i18n/texts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './UserPage.module.css';

/**
 * Change password, in the Edit Profile dialog: folded behind its button until wanted. It asks for the
 * current password and the new one twice (sign-up's rules, checked by the server); success signs out
 * the person's other browsers, not this one. Problems show in the form, where the person is.
 */
export function ChangePasswordForm({ onSignedOut }: { onSignedOut: (error: unknown) => void }) {
  const { dashboardTexts } = useTexts('insight');
  const { failureTexts } = useTexts('messages');
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const save = async () => {
    if (next !== repeat) return setProblem(dashboardTexts.passwordsDiffer);
    setProblem(null);
    setSaving(true);
    try {
      await profileApi.changePassword({ currentPassword: current, newPassword: next });
      showToast(dashboardTexts.passwordChanged, 'success');
      setCurrent('');
      setNext('');
      setRepeat('');
      setOpen(false);
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) onSignedOut(error);
      else setProblem(failureMessage(error, { fallback: failureTexts.serverIssueDots }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.editForm}>
      <Button aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {dashboardTexts.changePassword}
      </Button>
      {open && (
        <form
          id={id}
          className={styles.editForm}
          aria-label={dashboardTexts.changePassword}
          onSubmit={(event) => {
            event.preventDefault();
            if (!saving) void save();
          }}
        >
          <Field label={dashboardTexts.currentPassword}>
            <input
              type="password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              maxLength={limits.passwordMax}
              autoComplete="current-password"
              required
            />
          </Field>
          <Field label={dashboardTexts.newPassword} hint={dashboardTexts.newPasswordHint}>
            <input
              type="password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              minLength={limits.passwordMin}
              maxLength={limits.passwordMax}
              autoComplete="new-password"
              required
            />
          </Field>
          <Field label={dashboardTexts.repeatNewPassword}>
            <input
              type="password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              maxLength={limits.passwordMax}
              autoComplete="new-password"
              required
            />
          </Field>
          <p className={styles.problem} role="alert">
            {problem ?? ''}
          </p>
          <Button type="submit" variant="primary" disabled={saving || !current || !next || !repeat}>
            {saving ? dashboardTexts.saving : dashboardTexts.savePassword}
          </Button>
        </form>
      )}
    </div>
  );
}
