import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UserCard } from '../../../../common/contracts/admin.ts';
import { adminLimits, limits } from '../../../../common/limits.ts';
import { adminApi, adminKeys } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './AdminPage.module.css';
import { useAdminAction, useAdminFailure } from './common.tsx';

const PICTURE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * Users: one card per account (email, username, role, services, picture), each with an
 * edit toggle (username, email, role in upper case) and a picture upload. Searched and paged on the
 * server, so a school with many accounts stays fast.
 */
export function UsersSection() {
  const { adminTexts } = useTexts('admin');
  const onFailure = useAdminFailure();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  // The search follows the typing after a short pause, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useQuery({
    queryKey: adminKeys.users(q, page, size),
    queryFn: () => adminApi.users(q, page, size),
    placeholderData: (previous) => previous,
  });
  useEffect(() => {
    if (users.error) onFailure(users.error);
  }, [users.error, onFailure]);

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Field label={adminTexts.searchUsers}>
          <input
            type="search"
            value={typed}
            maxLength={adminLimits.userSearchMax}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field>
        <PageSizeSelect
          label={adminTexts.usersPerPage}
          size={size}
          onSize={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
      </div>
      {users.isPending ? (
        <p role="status">{adminTexts.loading}</p>
      ) : !users.data || users.data.content.length === 0 ? (
        <p className={styles.muted}>{adminTexts.noUsers}</p>
      ) : (
        <ul className={styles.cards} aria-label={adminTexts.users}>
          {users.data.content.map((user) => (
            <UserCardItem key={user.id} user={user} />
          ))}
        </ul>
      )}
      {users.data && users.data.totalPages > 1 && (
        <PageFooter page={page} totalPages={users.data.totalPages} onPage={setPage} />
      )}
    </div>
  );
}

function UserCardItem({ user }: { user: UserCard }) {
  const { adminTexts } = useTexts('admin');
  const [editing, setEditing] = useState(false);
  const formId = `user-${user.id}-edit`;
  return (
    <Card as="li" className={styles.userCard}>
      <img
        className={styles.avatar}
        src={user.imageURL}
        alt={adminTexts.pictureOf(user.username)}
        width={56}
        height={56}
      />
      <dl className={styles.facts}>
        <div>
          <dt>{adminTexts.username}</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>{adminTexts.email}</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>{adminTexts.role}</dt>
          <dd>{user.role}</dd>
        </div>
        <div>
          <dt>{adminTexts.servicesOf}</dt>
          <dd>{user.services.length ? user.services.join(', ') : adminTexts.noServicesShort}</dd>
        </div>
      </dl>
      <div className={styles.cardActions}>
        <Button
          size="sm"
          aria-expanded={editing}
          aria-controls={formId}
          aria-label={adminTexts.editOf(user.username)}
          onClick={() => setEditing((value) => !value)}
        >
          {adminTexts.edit}
        </Button>
        <PictureUpload user={user} />
        <ResetLink user={user} />
      </div>
      {editing && <EditUser id={formId} user={user} onDone={() => setEditing(false)} />}
    </Card>
  );
}

function EditUser({ id, user, onDone }: { id: string; user: UserCard; onDone: () => void }) {
  const { adminTexts } = useTexts('admin');
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState(user.role);
  const confirm = useConfirm();
  const { run, busy } = useAdminAction();
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const roleChanged = role.trim() !== user.role;
    if (roleChanged && !(await confirm(adminTexts.confirmRoles(user.username, role.trim())))) return;
    const change = {
      id: user.id,
      ...(username.trim() !== user.username ? { username: username.trim() } : {}),
      ...(email.trim().toLowerCase() !== user.email ? { email: email.trim() } : {}),
      ...(roleChanged ? { role: role.trim() } : {}),
    };
    const saved = await run(() => adminApi.updateUser(change), {
      success: () => adminTexts.saved,
    });
    if (saved) onDone();
  };
  return (
    <form id={id} className={styles.editForm} onSubmit={save}>
      <Field label={adminTexts.username}>
        <input
          value={username}
          maxLength={limits.usernameMax}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
      </Field>
      <Field label={adminTexts.email}>
        <input
          type="email"
          value={email}
          maxLength={limits.emailMax}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </Field>
      <Field label={adminTexts.role} hint={adminTexts.roleHint}>
        {/* Roles are edited in upper case: what is typed is shown and sent upper-cased. */}
        <input
          value={role}
          maxLength={200}
          onChange={(e) => setRole(e.target.value.toUpperCase())}
          required
        />
      </Field>
      <div className={styles.inline}>
        <Button type="submit" variant="primary" disabled={busy}>
          {adminTexts.save}
        </Button>
        <Button onClick={onDone}>{adminTexts.cancel}</Button>
      </div>
    </form>
  );
}

function PictureUpload({ user }: { user: UserCard }) {
  const { dashboardTexts } = useTexts('insight');
  const { adminTexts } = useTexts('admin');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const { run, busy } = useAdminAction();
  const { showToast } = useToast();
  const upload = async () => {
    if (!file) {
      showToast(adminTexts.chooseFile);
      return;
    }
    if (file.size > limits.pictureMaxBytes) {
      showToast(dashboardTexts.pictureTooLarge);
      return;
    }
    const saved = await run(() => adminApi.uploadPicture(user.username, file), {
      success: () => adminTexts.pictureSaved(user.username),
    });
    if (saved) {
      setFile(null);
      setInputKey((k) => k + 1);
    }
  };
  return (
    <div className={styles.upload}>
      <label className={styles.fileLabel}>
        <span className="visually-hidden">{adminTexts.uploadFor(user.username)}</span>
        <input
          key={inputKey}
          type="file"
          accept={PICTURE_TYPES}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <Button size="sm" onClick={upload} disabled={busy || !file}>
        {adminTexts.upload}
      </Button>
    </div>
  );
}

/**
 * A password reset link for the account, made on request and shown once in a dialog to copy (the
 * server keeps only its hash); the audit log records it.
 */
function ResetLink({ user }: { user: UserCard }) {
  const { adminTexts } = useTexts('admin');
  const { run, busy } = useAdminAction();
  const { showToast } = useToast();
  const [link, setLink] = useState<string | null>(null);
  const make = async () => {
    const made = await run(() => adminApi.resetLink(user.id));
    if (made) setLink(made.link);
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      showToast(adminTexts.copied, 'success');
    } catch {
      // No clipboard (an insecure origin, a refusal): the link stays selected to copy by hand.
      document.getElementById(`reset-link-${user.id}`)?.focus();
    }
  };
  return (
    <>
      <Button size="sm" onClick={make} disabled={busy} aria-label={adminTexts.resetLinkFor(user.username)}>
        {adminTexts.resetLink}
      </Button>
      <Dialog
        open={link !== null}
        onClose={() => setLink(null)}
        title={adminTexts.resetLinkTitle(user.username)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setLink(null)}>
              {adminTexts.close}
            </Button>
            <Button variant="primary" onClick={copy}>
              {adminTexts.copy}
            </Button>
          </>
        }
      >
        <Field label={adminTexts.resetLinkLabel} hint={adminTexts.resetLinkOnce}>
          <input
            id={`reset-link-${user.id}`}
            readOnly
            value={link ?? ''}
            data-autofocus
            onFocus={(event) => event.target.select()}
          />
        </Field>
      </Dialog>
    </>
  );
}
