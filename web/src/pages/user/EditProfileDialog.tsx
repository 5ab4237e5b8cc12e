import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { UserResponse } from '../../../../common/contracts/users.ts';
import { limits } from '../../../../common/limits.ts';
import { isApiError } from '../../api/client.ts';
import { failureMessage } from '../../api/failures.ts';
import { profileApi } from '../../api/profile.ts';
import { userKeys } from '../../api/users.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { MailSwitches } from './MailSwitches.tsx';
import styles from './UserPage.module.css';

const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Why a chosen file cannot be a picture here (the server judges its bytes again), or null. */
export function pictureProblem(
  file: File,
  words: { imagesOnly: string; pictureTooLarge: string },
): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return words.imagesOnly;
  if (file.size > limits.pictureMaxBytes) return words.pictureTooLarge;
  return null;
}

/**
 * Edit Profile: name, email (a new one asks for the current password), a picture with
 * a preview, and Change password (its own form, ChangePasswordForm); Cancel; 'Save Changes' disabled while saving; 'DONE!' on success. Errors show inside
 * the dialog, where the user is (the rest of the page is inert while it is open).
 */
export function EditProfileDialog({ person, onClose }: { person: UserResponse; onClose: () => void }) {
  const { dashboardTexts } = useTexts('insight');
  const { failureTexts } = useTexts('messages');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const onFailure = useApiFailure();
  const [username, setUsername] = useState(person.username);
  const [email, setEmail] = useState(person.email);
  const [password, setPassword] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();

  useEffect(() => {
    if (!picture) return setPreview(null);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const nameChanged = username.trim() !== person.username;
  const emailChanged = email.trim().toLowerCase() !== person.email;

  const save = async () => {
    if (!picture && !nameChanged && !emailChanged) return setProblem(dashboardTexts.selectFile);
    setProblem(null);
    setSaving(true);
    try {
      let saved = person;
      if (nameChanged || emailChanged) {
        saved = await profileApi.update({
          username: username.trim(),
          ...(emailChanged ? { email: email.trim(), currentPassword: password } : {}),
        });
      }
      if (picture) saved = await profileApi.uploadPicture(saved.username, picture);
      queryClient.setQueryData(userKeys.user(saved.username), saved);
      // The header names the signed-in user: it asks again.
      await queryClient.invalidateQueries({ queryKey: userKeys.auth });
      showToast(dashboardTexts.done, 'success');
      onClose();
      if (saved.username !== person.username) {
        navigate(`/user/${encodeURIComponent(saved.username)}`, { replace: true });
      }
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) {
        onClose();
        onFailure(error);
      } else setProblem(failureMessage(error, { fallback: failureTexts.serverIssueDots }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={dashboardTexts.editProfile}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {dashboardTexts.cancel}
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={saving}>
            {saving ? dashboardTexts.saving : dashboardTexts.save}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.editForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving) void save();
        }}
      >
        <Field label={dashboardTexts.name}>
          <input
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            maxLength={limits.usernameMax}
            autoComplete="username"
            data-autofocus
          />
        </Field>
        <Field label={dashboardTexts.email}>
          <input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={limits.emailMax}
            autoComplete="email"
          />
        </Field>
        {emailChanged && (
          <Field label={dashboardTexts.currentPassword} hint={dashboardTexts.currentPasswordHint}>
            <input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              maxLength={limits.passwordMax}
              autoComplete="current-password"
            />
          </Field>
        )}
        <Field label={dashboardTexts.picture} hint={dashboardTexts.pictureHint}>
          <input
            type="file"
            accept={PICTURE_TYPES.join(',')}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              const wrong = file ? pictureProblem(file, dashboardTexts) : null;
              setProblem(wrong);
              setPicture(wrong ? null : file);
              if (wrong) e.target.value = '';
            }}
          />
        </Field>
        <img
          className={styles.preview}
          src={preview ?? person.imageURL}
          alt={preview ? dashboardTexts.previewAlt : dashboardTexts.currentPictureAlt}
          width={96}
          height={96}
        />
        <p className={styles.problem} role="alert">
          {problem ?? ''}
        </p>
      </form>
      <ChangePasswordForm
        onSignedOut={(error) => {
          onClose();
          onFailure(error);
        }}
      />
      <MailSwitches />
    </Dialog>
  );
}
